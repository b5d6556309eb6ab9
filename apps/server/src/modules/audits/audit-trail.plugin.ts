import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull } from 'drizzle-orm';
import { AuditOperationType } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema/index.js';
import type { AccessTokenSigner } from '../auth/index.js';
import { createIdentityRepository } from '../auth/index.js';
import { AUDIT_ENTITIES, type AuditEntity, type AuditId, type AuditState } from './audit-entities.js';
import type { AuditActor, AuditEntry, AuditService } from './audit.service.js';
import { auditOf, type AuditRouteConfig } from './audited-routes.js';

/*
 * The server's own audit trail (docs/admin-tenants-license-audit.md, "Audit trail"). One mechanism for every
 * audited route: `onRoute` gives each route its AuditRouteConfig (audited-routes.ts), `preHandler` reads the
 * record before the change, `onSend` of a successful answer reads it after and writes the row — before the answer
 * leaves, so a client that saw the success finds the row. Route handlers and services do not know about it.
 */

type Pending = { before?: AuditState | undefined; signOutOf?: AuditActor };

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** The JSON answer of a route (`onSend` sees it serialized), or undefined for streams and empty answers. */
function answerOf(payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'string' || payload === '') return {};
  try {
    return asRecord(JSON.parse(payload));
  } catch {
    return {};
  }
}

const actorOf = (request: FastifyRequest): AuditActor => {
  const { userId, tenantId, userName } = request.actor;
  return { userId, tenantId, userName };
};

export const auditTrailPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; audit: AuditService; signer: AccessTokenSigner }) => {
    const { db, audit, signer } = options;
    const identity = createIdentityRepository(db);
    const pending = new WeakMap<FastifyRequest, Pending>();

    app.addHook('onRoute', (route) => {
      if (route.config?.audit) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const found = methods.map((method) => auditOf(method, route.url)).find(Boolean);
      if (found) route.config = { ...route.config, audit: found };
    });

    function entityId(entity: AuditEntity, request: FastifyRequest): AuditId | undefined {
      if (entity.id) return entity.id(request);
      const id = asRecord(request.params).id;
      return typeof id === 'number' || typeof id === 'string' ? id : undefined;
    }

    /** The refresh token a sign-out revokes, if it is a live one of the named client: whose sign-in ends. */
    async function signOutActor(request: FastifyRequest): Promise<AuditActor | undefined> {
      const { token, client_id: clientId } = asRecord(request.body);
      if (typeof token !== 'string' || typeof clientId !== 'string') return undefined;
      const [row] = await db
        .select({ userId: refreshTokens.userId, tenantId: refreshTokens.tenantId, userName: users.userName })
        .from(refreshTokens)
        .innerJoin(users, eq(users.id, refreshTokens.userId))
        .where(
          and(
            eq(refreshTokens.tokenHash, sha256(token)),
            eq(refreshTokens.clientId, clientId),
            isNull(refreshTokens.revokedAt),
          ),
        );
      return row;
    }

    app.addHook('preHandler', async (request) => {
      const config = request.routeOptions.config.audit;
      if (!config) return;
      if ('event' in config) {
        if (config.event === 'signOut') pending.set(request, { signOutOf: await signOutActor(request) });
        return;
      }
      const entity: AuditEntity = AUDIT_ENTITIES[config.entity];
      if (config.action === 'create' || !entity.load) return;
      const id = entityId(entity, request);
      pending.set(request, { before: id === undefined ? undefined : await entity.load(db, id) });
    });

    async function signInEntries(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const body = asRecord(request.body);
      const answer = answerOf(payload);
      const ipAddress = request.ip;
      const clientId = typeof body.client_id === 'string' ? body.client_id : undefined;
      if (reply.statusCode === 200 && typeof answer.access_token === 'string') {
        // Refreshing a token is not a sign-in.
        if (body.grant_type === 'refresh_token') return [];
        const claims = await signer.verify(answer.access_token);
        if (!claims) return [];
        const actor = { userId: Number(claims.sub), tenantId: claims.tid, userName: claims.name };
        const data = {
          ClientId: claims.cid,
          Method: request.url.startsWith('/api/sso') ? 'sso' : 'password',
        };
        return [
          { actor, operationType: AuditOperationType.SignIn, operationScope: 'SignIn', data, ipAddress },
        ];
      }
      if (reply.statusCode === 400 && body.grant_type === 'password' && typeof body.username === 'string') {
        // The account tried, when it exists, so that its tenant's administrators see the attempt.
        const tried = await identity.findUserByLogin(body.username);
        const actor = {
          userId: tried?.id ?? null,
          tenantId: tried?.tenantId ?? null,
          userName: body.username,
        };
        const data = { UserName: body.username, ClientId: clientId, Error: answer.error };
        return [
          {
            actor,
            operationType: AuditOperationType.SignInFailed,
            operationScope: 'SignIn',
            data,
            ipAddress,
          },
        ];
      }
      return [];
    }

    /** The rows a successful (or, for sign-in, refused) request writes. */
    async function entriesFor(
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      config: AuditRouteConfig,
    ): Promise<AuditEntry[]> {
      if ('event' in config && config.event === 'signIn') return signInEntries(request, reply, payload);
      if (reply.statusCode >= 300) return [];
      const ipAddress = request.ip;
      if ('event' in config) {
        if (config.event === 'signOut') {
          const actor = pending.get(request)?.signOutOf;
          if (!actor) return [];
          const data = { ClientId: asRecord(request.body).client_id };
          return [
            { actor, operationType: AuditOperationType.SignOut, operationScope: 'SignOut', data, ipAddress },
          ];
        }
        // An export: what was exported, and how it was filtered.
        const data = { Query: request.query, Body: request.body };
        const operationScope = request.routeOptions.url ?? request.url;
        return [
          {
            actor: actorOf(request),
            operationType: AuditOperationType.Export,
            operationScope,
            data,
            ipAddress,
          },
        ];
      }

      const entity: AuditEntity = AUDIT_ENTITIES[config.entity];
      const actor = actorOf(request);
      const operationType = {
        create: AuditOperationType.Create,
        update: AuditOperationType.Update,
        delete: AuditOperationType.Delete,
      }[config.action];
      const note = config.note === undefined ? {} : { Note: config.note };
      if (!entity.load) {
        const data = { ...note, Params: request.params, Body: request.body };
        return [{ actor, operationType, operationScope: entity.scope, data, ipAddress }];
      }
      const id = config.action === 'create' ? answerOf(payload).Id : entityId(entity, request);
      const before = pending.get(request)?.before;
      const after =
        config.action === 'delete' || (typeof id !== 'number' && typeof id !== 'string')
          ? undefined
          : await entity.load(db, id);
      const tenantId = entity.recordTenant === false ? actor.tenantId : (after ?? before)?.tenantId;
      const data = { Id: id ?? null, ...note, Before: before?.state ?? null, After: after?.state ?? null };
      const entries: AuditEntry[] = [
        { actor, tenantId, operationType, operationScope: entity.scope, data, ipAddress },
      ];

      const restrictions = entity.restrictions;
      if (restrictions && after) {
        const was = before ? restrictions(before.state) : null;
        const is = restrictions(after.state);
        if (
          JSON.stringify(was) !== JSON.stringify(is) &&
          (before || Object.values(asRecord(is)).some(hasItems))
        ) {
          entries.push({
            actor,
            tenantId,
            operationType: AuditOperationType.RestrictionChange,
            operationScope: entity.scope,
            data: { Id: id, UserName: after.state.userName, Before: was, After: is },
            ipAddress,
          });
        }
      }
      return entries;
    }

    app.addHook('onSend', async (request, reply, payload) => {
      const config = request.routeOptions.config.audit;
      if (!config) return payload;
      let entries: AuditEntry[] = [];
      try {
        entries = await entriesFor(request, reply, payload, config);
        for (const entry of entries) await audit.record(entry);
      } catch (error) {
        // The change itself is done: answering 500 would invite a retry of it. The log keeps what was lost.
        request.log.error({ err: error, audit: entries }, 'audit row not written');
      }
      return payload;
    });
  },
  { name: 'audit-trail' },
);

const hasItems = (value: unknown) => Array.isArray(value) && value.length > 0;
