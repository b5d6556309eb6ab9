import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  SecurityLevel,
  isOperatorScope,
  type LoginError,
  type TokenRequest,
  type TokenResponse,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';
import { OAuthError } from '../../errors.js';
import type { AccessTokenSigner } from './access-token.js';
import type { ClientRow, IdentityRepository, UserRow } from './identity.repository.js';
import { verifyPassword } from '../../core/password.js';
import type { SignInGuard } from './sign-in-guard.service.js';
import type { TwoFactorCodes } from './two-factor.js';

type PasswordGrant = Extract<TokenRequest, { grant_type: 'password' }>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

const isOperatorUser = (user: UserRow) =>
  user.tenantId === null && user.securityLevel === SecurityLevel.Alterna;

/** Hints a refused password sign-in carries for the sign-in page's next attempt. */
export type SignInHints = { captcha_required?: true; two_factor_required?: true };

/** A sign-in refusal with hints; answered `400 { error, error_description, ...hints }`. */
export class SignInRefusal extends OAuthError {
  constructor(
    error: LoginError,
    readonly hints: SignInHints,
  ) {
    super(error);
  }
}

/** Where a sign-in attempt comes from, for the repeated-failure count. */
/** Where a token request came from: the client's address, and the page's origin when a browser sent it. */
export type SignInContext = { ipAddress: string; origin?: string | undefined };

type Deps = {
  db: Db;
  identity: IdentityRepository;
  signer: AccessTokenSigner;
  guard: SignInGuard;
  twoFactor: TwoFactorCodes;
  now?: () => Date;
};

/** OAuth2-style sign-in: the password grant, the rotating refresh-token grant, and revocation. */
export function createTokenService({ db, identity, signer, guard, twoFactor, now = () => new Date() }: Deps) {
  async function activeClient(
    clientId: string,
    clientSecret: string | undefined,
    origin?: string,
  ): Promise<ClientRow> {
    const client = await identity.findClient(clientId);
    if (!client || !client.active) throw new OAuthError('invalid_client');
    // A client bound to one origin is refused from pages of any other (browsers always send Origin on a POST);
    // calls without an Origin come from servers, which the secret, not the origin, authenticates.
    if (origin !== undefined && client.allowedOrigin !== '*' && origin !== client.allowedOrigin) {
      throw new OAuthError('invalid_client');
    }
    if (client.secretHash && (!clientSecret || sha256(clientSecret) !== client.secretHash)) {
      throw new OAuthError('invalid_client');
    }
    return client;
  }

  /** Accounts that may not sign in at all are refused like a wrong password: nothing to fix for the user. */
  function assertUserAllowed(user: UserRow, client: ClientRow): void {
    if (!user.isActive) throw new OAuthError('invalid_grant');
    if (client.tenantId !== null && client.tenantId !== user.tenantId) throw new OAuthError('invalid_grant');
  }

  /** The account checks that apply to every grant, in the order a user can fix them. */
  function assertUserMaySignIn(user: UserRow, client: ClientRow): void {
    assertUserAllowed(user, client);
    const today = now();
    if (user.trialExpireDate && user.trialExpireDate <= today)
      throw new OAuthError('invalid_grant_trial_expired');
    if (!user.emailConfirmed) throw new OAuthError('invalid_grant_email_confirm');
    if (user.passwordExpireDate && user.passwordExpireDate <= today) throw new OAuthError('expired_password');
  }

  async function scopesFor(user: UserRow, client: ClientRow): Promise<string[]> {
    const held = new Set((await identity.rolesOfUser(user.id)).flatMap((role) => role.scopes));
    // Only a tenantless level-0 user acts as an operator, whatever a role still holds (roles saved before 10006).
    if (!isOperatorUser(user)) for (const scope of held) if (isOperatorScope(scope)) held.delete(scope);
    const granted = client.scopes.length === 0 ? [...held] : client.scopes.filter((scope) => held.has(scope));
    return granted.sort();
  }

  /**
   * New tokens for a sign-in (`familyId`). The refresh token ends at `sessionEnd`: the client's refresh-token
   * lifetime from the sign-in, which rotation never extends.
   */
  async function issue(
    user: UserRow,
    client: ClientRow,
    familyId: string,
    sessionEnd = new Date(now().getTime() + client.refreshTokenLifetime * 1000),
  ): Promise<TokenResponse> {
    const scopes = await scopesFor(user, client);
    const accessToken = await signer.sign(
      {
        sub: String(user.id),
        tid: user.tenantId,
        scp: scopes,
        cid: client.id,
        name: user.userName,
        ver: user.tokenVersion,
        sid: familyId,
      },
      client.accessTokenLifetime,
    );
    const refreshToken = randomBytes(32).toString('base64url');
    await db.insert(refreshTokens).values({
      id: randomUUID(),
      tenantId: user.tenantId,
      userId: user.id,
      clientId: client.id,
      tokenHash: sha256(refreshToken),
      familyId,
      expiresAt: sessionEnd,
    });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: client.accessTokenLifetime,
    };
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Counts a failure and refuses, telling the page when the next attempt needs a captcha. */
  async function refuse(error: LoginError, login: string, context: SignInContext, hints: SignInHints = {}) {
    await guard.recordFailure(login, context.ipAddress);
    const captchaRequired = await guard.captchaRequired(login, context.ipAddress);
    return new SignInRefusal(error, captchaRequired ? { ...hints, captcha_required: true } : hints);
  }

  /** The second factor of a user who enabled it: a TOTP code, or else a single-use recovery code. */
  async function secondFactorOk(user: UserRow, request: PasswordGrant): Promise<boolean> {
    if (request.otp) {
      if (user.twoFactorSecret === null) return false;
      return twoFactor.verifyTotp(user.id, user.twoFactorSecret, request.otp);
    }
    if (request.recovery_code) return twoFactor.consumeRecoveryCode(user.id, request.recovery_code);
    return false;
  }

  async function passwordGrant(request: PasswordGrant, context: SignInContext) {
    const client = await activeClient(request.client_id, request.client_secret, context.origin);
    const login = request.username;
    // After repeated failures the captcha is checked first: without it, no password is even looked at.
    if (await guard.captchaRequired(login, context.ipAddress)) {
      if (!(await guard.solveCaptcha(request.captcha_id, request.captcha_answer))) {
        throw new SignInRefusal('invalid_captcha', { captcha_required: true });
      }
    }
    const user = await identity.findUserByLogin(login);
    const passwordOk = await verifyPassword(user?.passwordHash, request.password);
    if (!user || !passwordOk) throw await refuse('invalid_grant', login, context);
    assertUserAllowed(user, client);
    if (user.twoFactorEnabled && !(await secondFactorOk(user, request))) {
      // A wrong code counts as a failure too, so guessing codes soon needs a captcha per guess.
      if (request.otp || request.recovery_code) {
        throw await refuse('invalid_grant_2fa', login, context, { two_factor_required: true });
      }
      throw new SignInRefusal('invalid_grant_2fa', { two_factor_required: true });
    }
    await guard.clearFailures(login);
    assertUserMaySignIn(user, client);
    return issue(user, client, randomUUID());
  }

  async function refreshGrant(
    request: Extract<TokenRequest, { grant_type: 'refresh_token' }>,
    context: SignInContext,
  ) {
    const client = await activeClient(request.client_id, request.client_secret, context.origin);
    const hash = sha256(request.refresh_token);
    const [stored] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
    if (!stored || stored.clientId !== client.id) throw new OAuthError('invalid_grant');
    if (stored.revokedAt) {
      // A rotated token used again means it leaked: end that whole sign-in.
      await revokeFamily(stored.familyId);
      throw new OAuthError('invalid_grant');
    }
    if (stored.expiresAt <= now()) throw new OAuthError('invalid_grant');
    // Claim the token atomically, so two concurrent refreshes cannot both rotate it.
    const claimed = await db
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.id, stored.id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) throw new OAuthError('invalid_grant');
    const user = await identity.findUserById(stored.userId);
    if (!user) throw new OAuthError('invalid_grant');
    assertUserMaySignIn(user, client);
    return issue(user, client, stored.familyId, stored.expiresAt);
  }

  return {
    grant(request: TokenRequest, context: SignInContext): Promise<TokenResponse> {
      return request.grant_type === 'password'
        ? passwordGrant(request, context)
        : refreshGrant(request, context);
    },

    /**
     * Tokens for a user already identified another way (single sign-on): the same client and account checks
     * as the password grant, without the password.
     */
    async issueForUser(userId: number, clientId: string): Promise<TokenResponse> {
      const client = await activeClient(clientId, undefined);
      const user = await identity.findUserById(userId);
      if (!user) throw new OAuthError('invalid_grant');
      assertUserMaySignIn(user, client);
      return issue(user, client, randomUUID());
    },

    /** Ends the sign-in the refresh token belongs to. Unknown tokens are ignored (RFC 7009). */
    async revoke(token: string, clientId: string): Promise<void> {
      const [stored] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(token)));
      if (stored && stored.clientId === clientId) await revokeFamily(stored.familyId);
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
export { sha256 as hashClientSecret };
