import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Paths whose answers belong to a signed-in session (or hand one out): never kept by a browser or a proxy. */
const SESSION_PREFIXES = ['/api/', '/token', '/bootstrap/'];

/**
 * The Content-Security-Policy of the console, checked against every built screen by e2e/tests/csp.spec.ts:
 * - scripts only from the console's own files: the built index.html has no inline script, and zod is told not to
 *   probe for `new Function` (apps/web/src/lib/zod-jitless.ts), so there is no 'unsafe-eval' either;
 * - styles also 'unsafe-inline': antd's CSS-in-JS and the JSON fields' CodeMirror editor add styles at run time
 *   and components set `style` attributes (html2canvas-pro's copy of the page for the PDF export too); a style
 *   cannot run code;
 * - images from data: and blob: URLs: antd's and ECharts' inline images, canvases turned into images, the QR code
 *   of two-factor set-up, the PDF export;
 * - API calls, map geometry and language catalogues from the same origin (connect-src 'self'); the OpenID Connect
 *   sign-in leaves by a top-level navigation, which the policy does not limit;
 * - nobody may frame the console (frame-ancestors 'none', and X-Frame-Options DENY for older browsers); the
 *   respondent page `/s/…` has the same policy but for frame-ancestors 'self' (and SAMEORIGIN): the console's
 *   feedback dialog shows it in a frame.
 */
function contentSecurityPolicy(https: boolean) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'worker-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'frame-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      // Over plain HTTP (a local quick start) upgrading would turn the console's own requests into failing HTTPS ones.
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

/** The respondent page `/s/{guid}` and its files: the console's feedback dialog frames it (same origin only). */
const RESPONDENT_PREFIX = '/s/';

/** A policy as a header value. */
function policyHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

function isSessionPath(request: FastifyRequest): boolean {
  return SESSION_PREFIXES.some((prefix) => request.url.startsWith(prefix));
}

/**
 * Browser security headers on every answer — pages, assets, API answers and errors — with @fastify/helmet, and
 * `Cache-Control: no-store` on the answers of routes that need a token (unless the route chose `private` itself)
 * and on `/token` and `/bootstrap`.
 * HSTS only when the console's public address is https (`PUBLIC_URL`): over HTTP a browser would ignore it, and
 * a wrongly pinned name is hard to undo.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  const https = options.publicUrl.startsWith('https:');
  const policy = contentSecurityPolicy(https);
  const respondentPolicy = policyHeader({ ...policy.directives, 'frame-ancestors': ["'self'"] });
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: policy,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The console loads nothing from other origins; embedding others' resources is not needed.
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(RESPONDENT_PREFIX)) {
      reply.header('Content-Security-Policy', respondentPolicy).header('X-Frame-Options', 'SAMEORIGIN');
      return payload;
    }
    if (!isSessionPath(request)) return payload;
    // A route that chose a private cache for its answer keeps it (a question's choice picture).
    if (String(reply.getHeader('cache-control') ?? '').startsWith('private')) return payload;
    const access = request.routeOptions.config?.access;
    const needsToken = access !== undefined && access !== 'public';
    if (needsToken || request.url.startsWith('/token') || request.url.startsWith('/bootstrap/'))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });
});
