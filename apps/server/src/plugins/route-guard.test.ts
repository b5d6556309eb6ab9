import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, type Scope } from '@loupe/contracts';
import { users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { RouteAccess } from '../core/route-access.js';

/**
 * The only routes anyone may call without signing in. Adding one is a deliberate edit here, seen in review.
 */
const PUBLIC_ROUTES = [
  'POST /token',
  'POST /token/revoke',
  'GET /api/health',
  'GET /api/health/ready',
  'GET /*',
  // The respondent page and its files (plugins/web.ts, docs/respondent-page.md).
  'GET /s/assets/:file',
  'GET /s/:guid',
  'GET /s/:guid/optout',
  // Single sign-on runs before there is a token.
  'GET /api/sso/config',
  'GET /api/sso/start',
  'POST /api/sso/token',
  // Password sign-in aids and mailed-link flows, used before there is a token.
  'GET /api/captcha',
  'GET /api/captcha/required',
  'POST /api/account/change-expired-password',
  'POST /api/account/forgot-password',
  'GET /api/account/reset-password/:token',
  'POST /api/account/reset-password',
  'POST /api/account/resend-reset',
  'POST /api/account/send-confirmation',
  'POST /api/account/confirm-email',
  'POST /api/account/resend-confirmation',
  // The respondent page (docs/respondent-api.md): a customer answers by the invitation's or link's guid, with no
  // account; rate-limited, and the guid is the only key.
  'GET /api/public/surveys/:guid',
  'GET /api/public/surveys/:guid/choice-images/:choiceId',
  'POST /api/public/surveys/:guid/answers',
  'POST /api/public/surveys/:guid/optout',
  'POST /s/:guid/optout',
];

type GuardReport = {
  /** Every route walked, as 'METHOD /url'. */
  routes: string[];
  /** Routes declaring `access: 'public'`. */
  publicRoutes: string[];
  /** One line per route that is not guarded as it must be. */
  problems: string[];
};

/** A request path for a route pattern: `:locale` -> en, any other parameter -> 1, a wildcard -> x. */
function samplePath(url: string): string {
  return url
    .replace(/:locale(\([^)]*\))?/g, 'en')
    .replace(/:\w+(\([^)]*\))?/g, '1')
    .replace(/\*/g, 'x');
}

/**
 * Walks every registered route and checks its guard through real requests: each route declares its access;
 * a non-public route refuses a missing token (401); a scoped route refuses a real user's token holding every
 * scope but its own (403); a 'signed-in' route lets a signed-in user without any scope past the guard.
 */
async function checkRouteGuards(t: TestApp): Promise<GuardReport> {
  await t.app.ready();
  const [admin] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
  if (!admin) throw new Error('the seeded admin is missing');
  // tokenFor signs with the user's current token version, which walking sign-out-everywhere raises.
  const tokenWith = (scopes: readonly Scope[]) =>
    t.tokenFor({ userId: admin.id, tenantId: admin.tenantId, scopes, name: admin.userName });

  const registered = t.app.routeRegistry;
  // Fastify adds a HEAD route beside each GET; the GET stands for both.
  const routes = registered.filter(
    (route) =>
      route.method !== 'HEAD' ||
      !registered.some((other) => other.method === 'GET' && other.url === route.url),
  );

  const report: GuardReport = { routes: [], publicRoutes: [], problems: [] };
  // The registry fills from the auth plugin's onRoute hook; a route added before that plugin would slip past.
  const fastifyMethods = [
    ...t.app.printRoutes({ commonPrefix: false }).matchAll(/\(([A-Z]+(?:, [A-Z]+)*)\)/g),
  ];
  const fastifyCount = fastifyMethods.reduce((sum, match) => sum + match[1]!.split(', ').length, 0);
  if (fastifyCount !== registered.length) {
    report.problems.push(
      `Fastify serves ${fastifyCount} route methods but routeRegistry lists ${registered.length}`,
    );
  }
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    report.routes.push(name);
    const access: RouteAccess | undefined = route.options.config?.access;
    if (access === 'public') {
      report.publicRoutes.push(name);
      continue;
    }
    if (access === undefined) {
      // The guard refuses such a route to everyone (403), but it is a mistake all the same.
      report.problems.push(`${name} declares no config.access (add 'signed-in' or the scopes that open it)`);
      continue;
    }

    const request = async (accessToken?: string) =>
      t.app.inject({
        method: route.method as 'GET',
        url: samplePath(route.url),
        headers: accessToken ? t.authHeader(accessToken) : {},
      });

    const anonymous = await request();
    if (anonymous.statusCode !== 401) {
      report.problems.push(`${name} without a token answered ${anonymous.statusCode}, expected 401`);
    }

    if (Array.isArray(access)) {
      const withoutRouteScopes = ALL_SCOPES.filter((scope) => !access.includes(scope));
      const response = await request(await tokenWith(withoutRouteScopes));
      if (response.statusCode !== 403) {
        report.problems.push(
          `${name} with every scope but ${access.join(', ')} answered ${response.statusCode}, expected 403`,
        );
      }
    } else if (access === 'signed-in') {
      // Any signed-in user, even one holding no scope at all, gets past the guard.
      const response = await request(await tokenWith([]));
      if (response.statusCode === 401 || response.statusCode === 403) {
        report.problems.push(
          `${name} is 'signed-in' but refused a signed-in user with ${response.statusCode}`,
        );
      }
    }
  }
  return report;
}

describe('route guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('guards every route: only the allow-listed ones are public, the rest refuse 401 and 403', async () => {
    const report = await checkRouteGuards(t);

    expect(report.routes).toEqual(
      expect.arrayContaining(['GET /api/bootstrap/:locale', 'GET /bootstrap/:locale', 'POST /api/audits']),
    );
    expect([...report.publicRoutes].sort()).toEqual([...PUBLIC_ROUTES].sort());
    expect(report.problems).toEqual([]);
  });
});

describe('route guard check itself', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Routes a careless change could add: one without access, one public, and a correctly scoped one.
    t.app.get('/api/unguarded', async () => ({ secret: true }));
    t.app.get('/api/sneaky-public', { config: { access: 'public' } }, async () => ({ secret: true }));
    t.app.get('/api/scoped-probe/:id', { config: { access: ['report:manage'] } }, async () => ({ ok: true }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports a route without access and an unlisted public route, and still refuses the unguarded one', async () => {
    const report = await checkRouteGuards(t);

    expect(report.problems).toEqual([
      expect.stringMatching(/^GET \/api\/unguarded declares no config\.access/),
    ]);
    expect(report.publicRoutes).toContain('GET /api/sneaky-public');
    expect([...report.publicRoutes].sort()).not.toEqual([...PUBLIC_ROUTES].sort());
    expect(report.routes).toContain('GET /api/scoped-probe/:id');

    // Deny by default: even a token holding every scope is refused on a route that declares nothing.
    const fullScopes = await t.signIn('admin');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/unguarded',
      headers: t.authHeader(fullScopes.access_token),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().Code).toBe(403);
  });
});
