import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import { Provider, type Configuration } from 'oidc-provider';

type OidcTestAccount = {
  /** The subject the provider asserts (`sub`); also accepted as the login name. */
  sub: string;
  email: string;
  /** When set, the login form accepts only this password; when absent, any password. */
  password?: string;
};

export type OidcTestProviderOptions = {
  /** Port to listen on (127.0.0.1); 0 or absent picks a free one. */
  port?: number;
  /** Redirect URIs registered for the one client. */
  redirectUris: string[];
  accounts: OidcTestAccount[];
};

export type OidcTestProvider = {
  /** `http://127.0.0.1:<port>`; discovery at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The IdP's sign-in page: fields `#login` and `#password`, button `#submit`; `#cancel` refuses the sign-in. */
function loginPage(uid: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test IdP sign-in</title></head>
<body>
<h1>Test IdP</h1>
${error ? `<p id="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login" autocomplete="off">
  <label for="login">User name</label> <input id="login" name="login" type="text" autofocus required>
  <label for="password">Password</label> <input id="password" name="password" type="password">
  <button id="submit" type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${uid}/abort">
  <button id="cancel" type="submit">Cancel</button>
</form>
</body></html>`;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID Connect provider (`oidc-provider`) for tests: one confidential client (client_secret_basic,
 * authorization code with PKCE), the given accounts, and a plain HTML sign-in form that `fetch` with cookies or
 * a browser can fill. Consent is granted automatically; ID tokens carry `sub` only and the `email` and
 * `email_verified` claims come from the userinfo endpoint, as with many real providers.
 */
export async function startOidcTestProvider(options: OidcTestProviderOptions): Promise<OidcTestProvider> {
  const server = createServer();
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'loupe-test-client';
  const clientSecret = randomBytes(24).toString('base64url');

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };
  const accountOf = (login: string) =>
    options.accounts.find(
      (account) => account.sub === login || account.email.toLowerCase() === login.toLowerCase(),
    );

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Explicit lifetimes (seconds), so the provider does not warn about its defaults on every flow.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    async findAccount(_ctx, id) {
      const account = options.accounts.find((candidate) => candidate.sub === id);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: async () => ({ sub: account.sub, email: account.email, email_verified: true }),
      };
    },
    // The test client is first-party: grant the requested OpenID scopes without a consent page.
    async loadExistingGrant(ctx) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session) return undefined;
      const grantId =
        (result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (!session.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const providerCallback = provider.callback();

  async function interaction(request: IncomingMessage, response: ServerResponse, path: string) {
    const [, , uid, action] = path.split('/');
    const html = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(body);
    };
    try {
      const details = await provider.interactionDetails(request, response);
      if (details.uid !== uid) return html(400, 'interaction mismatch');
      if (request.method === 'GET' && action === undefined) return html(200, loginPage(details.uid));
      if (request.method === 'POST' && action === 'abort') {
        const result = { error: 'access_denied', error_description: 'The user cancelled the sign-in.' };
        return await provider.interactionFinished(request, response, result, {
          mergeWithLastSubmission: false,
        });
      }
      if (request.method === 'POST' && action === 'login') {
        const form = await readForm(request);
        const account = accountOf(form.get('login') ?? '');
        const passwordOk = account?.password === undefined || account.password === form.get('password');
        if (!account || !passwordOk) return html(200, loginPage(details.uid, 'Wrong user name or password.'));
        return await provider.interactionFinished(
          request,
          response,
          { login: { accountId: account.sub } },
          { mergeWithLastSubmission: false },
        );
      }
      return html(404, 'not found');
    } catch (error) {
      return html(400, escapeHtml(error instanceof Error ? error.message : String(error)));
    }
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    if (path.startsWith('/interaction/')) void interaction(request, response, path);
    else void providerCallback(request, response);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    async close() {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
