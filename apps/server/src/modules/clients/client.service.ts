import { randomBytes } from 'node:crypto';
import {
  CONSOLE_CLIENT_ID,
  ClientApplicationType,
  ErrorCode,
  compareScopeNames,
  type Client,
  type ClientCreate,
  type ClientSaved,
  type ClientSecret,
  type ClientUpdate,
  type Scope,
} from '@loupe/contracts';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { badRequest } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { assertScopesGrantable } from '../../core/operator.js';
import { fieldTaken, found, invalidField } from '../../core/refusals.js';
import { hashClientSecret } from '../auth/index.js';
import type { ClientRepository, ClientRow, ClientValues } from './client.repository.js';

type Deps = { repository: ClientRepository };

/** 32 random bytes, base64url: what a confidential client sends as `client_secret`. */
function newSecret(): { secret: string; secretHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, secretHash: hashClientSecret(secret) };
}

function toClient(row: ClientRow): Client {
  return {
    Id: row.id,
    Name: row.name,
    ApplicationType: row.applicationType === ClientApplicationType.Confidential ? 1 : 0,
    Active: row.active,
    AllowedOrigin: row.allowedOrigin,
    AccessTokenLifeTime: row.accessTokenLifetime,
    RefreshTokenLifeTime: row.refreshTokenLifetime,
    Scopes: [...(row.scopes as Scope[])].sort(compareScopeNames),
    TenantId: row.tenantId,
    HasSecret: row.secretHash !== null,
    CreatedDate: row.createdAt.toISOString(),
  };
}

function valuesOf(input: ClientUpdate): ClientValues {
  return {
    name: input.Name,
    applicationType: input.ApplicationType,
    active: input.Active,
    allowedOrigin: input.AllowedOrigin,
    accessTokenLifetime: input.AccessTokenLifeTime,
    refreshTokenLifetime: input.RefreshTokenLifeTime,
    scopes: [...input.Scopes].sort(compareScopeNames),
  };
}

const clientIdExists = () => fieldTaken(ErrorCode.ClientIdExists, 'Id');
const consoleClientProtected = () => badRequest(ErrorCode.ConsoleClientProtected);

/**
 * OAuth clients of the caller's tenant. A confidential client's secret is generated here, stored only as the
 * hash `POST /token` compares (token.service.ts), and returned once: by the create, by the update that makes a
 * client confidential, and by `regenerateSecret`. The console's own client stays public, active and present.
 */
export function createClientService({ repository }: Deps) {
  async function existing(actor: Actor, id: string): Promise<ClientRow> {
    return found(await repository.find(actor.tenantId, id));
  }

  async function saved(actor: Actor, id: string, secret?: string): Promise<ClientSaved> {
    const client = toClient(await existing(actor, id));
    return secret === undefined ? client : { ...client, Secret: secret };
  }

  return {
    async get(actor: Actor, id: string): Promise<Client> {
      return toClient(await existing(actor, id));
    },

    async create(actor: Actor, input: ClientCreate): Promise<ClientSaved> {
      // A tenant's client never carries an operator scope (10006), like its roles.
      assertScopesGrantable({ operatorScopesAllowed: actor.tenantId === null, scopes: input.Scopes });
      if (await repository.idTaken(input.Id)) throw clientIdExists();
      const generated =
        input.ApplicationType === ClientApplicationType.Confidential ? newSecret() : undefined;
      // The unique index catches a client created by someone else between the check and the insert.
      await refusingConflicts(
        () =>
          repository.insert({
            id: input.Id,
            tenantId: actor.tenantId,
            ...valuesOf(input),
            secretHash: generated?.secretHash ?? null,
          }),
        { onDuplicate: clientIdExists },
      );
      return saved(actor, input.Id, generated?.secret);
    },

    async update(actor: Actor, id: string, input: ClientUpdate): Promise<ClientSaved> {
      const client = await existing(actor, id);
      assertScopesGrantable({ operatorScopesAllowed: client.tenantId === null, scopes: input.Scopes });
      const confidential = input.ApplicationType === ClientApplicationType.Confidential;
      // The console signs in without a secret: deactivating it or making it confidential locks everyone out.
      if (client.id === CONSOLE_CLIENT_ID && (!input.Active || confidential)) throw consoleClientProtected();
      const generated = confidential && client.secretHash === null ? newSecret() : undefined;
      await repository.update(id, {
        ...valuesOf(input),
        // A public client has no secret; a confidential one keeps its secret until it is regenerated.
        secretHash: confidential ? (generated?.secretHash ?? client.secretHash) : null,
      });
      return saved(actor, id, generated?.secret);
    },

    async regenerateSecret(actor: Actor, id: string): Promise<ClientSecret> {
      const client = await existing(actor, id);
      if (client.applicationType !== ClientApplicationType.Confidential) {
        throw invalidField('ApplicationType', 'public client');
      }
      const { secret, secretHash } = newSecret();
      await repository.update(id, { secretHash });
      return { Id: id, Secret: secret };
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await existing(actor, id);
      if (id === CONSOLE_CLIENT_ID) throw consoleClientProtected();
      await repository.remove(id);
    },
  };
}
