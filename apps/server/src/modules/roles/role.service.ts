import {
  ALL_SCOPES,
  ErrorCode,
  SecurityLevel,
  compareScopeNames,
  type AuthScope,
  type IdentityRole,
  type Role,
  type RoleInput,
  type Scope,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { badRequest } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { assertScopesGrantable, mayHoldOperatorScopes } from '../../core/operator.js';
import { alternaLevelRequired, fieldTaken, found } from '../../core/refusals.js';
import { endSessions } from '../auth/index.js';
import { assertPowerUserCapacity } from '../users/index.js';
import type { RoleRepository, RoleRow } from './role.repository.js';

type Deps = { db: Db; repository: RoleRepository };

const sortScopes = (scopes: readonly Scope[]): Scope[] => [...scopes].sort(compareScopeNames);

const sameScopes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((scope) => b.includes(scope));

function toRole(row: RoleRow): Role {
  return {
    Id: row.id,
    Name: row.name,
    SecurityLevel: row.securityLevel,
    Scopes: sortScopes(row.scopes),
    UserCount: row.userCount,
    CreatedDate: row.createdAt.toISOString(),
  };
}

const roleNameExists = () => fieldTaken(ErrorCode.RoleNameExists, 'Name');

/**
 * Roles of the caller's tenant and the rules of shell spec §5/§8: unique names (10010), known scopes, a role
 * in use is not removed (10007), Alterna-level roles are not deleted (10005) and keep their scopes (10006),
 * only a tenantless level-0 role holds an operator scope (10006), nobody grants a scope they do not hold (10013),
 * only Alterna users create or change Alterna-level roles (10008), and a level change must keep the licence's
 * power-user limit (10003). Every write runs in one transaction, so a refusal changes nothing.
 */
export function createRoleService({ db, repository }: Deps) {
  // Inside a transaction every query must use it: PGlite has one connection, which the transaction holds.
  async function assertAlternaActor(executor: Executor, actor: Actor): Promise<void> {
    if ((await repository.securityLevelOf(executor, actor.userId)) !== SecurityLevel.Alterna) {
      throw alternaLevelRequired();
    }
  }

  async function existing(executor: Executor, actor: Actor, id: number): Promise<RoleRow> {
    return found(await repository.find(executor, actor.tenantId, id));
  }

  /**
   * Runs a write in one transaction. Races the checks cannot see are caught by the database: a name taken
   * meanwhile (unique index) is 10010, a role assigned while being removed (foreign key) is 10007.
   */
  function writing<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return refusingConflicts(() => db.transaction(work), {
      onDuplicate: roleNameExists,
      onInUse: () => badRequest(ErrorCode.RoleInUse),
    });
  }

  return {
    /** Every scope the console knows, sorted by name. */
    authScopes(): AuthScope[] {
      return sortScopes(ALL_SCOPES).map((name) => ({ Name: name }));
    },

    async identityRoles(actor: Actor): Promise<IdentityRole[]> {
      const rows = await repository.listForSelect(actor.tenantId);
      return rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        SecurityLevel: row.securityLevel as SecurityLevel,
      }));
    },

    async get(actor: Actor, id: number): Promise<Role> {
      return toRole(await existing(db, actor, id));
    },

    async create(actor: Actor, input: RoleInput): Promise<Role> {
      assertScopesGrantable({
        operatorScopesAllowed: mayHoldOperatorScopes({
          tenantId: actor.tenantId,
          securityLevel: input.SecurityLevel,
        }),
        scopes: input.Scopes,
        grantedBy: actor,
      });
      if (input.SecurityLevel === SecurityLevel.Alterna) await assertAlternaActor(db, actor);
      const id = await writing(async (tx) => {
        if (await repository.nameTaken(tx, actor.tenantId, input.Name)) throw roleNameExists();
        return repository.insert(tx, actor.tenantId, {
          name: input.Name,
          securityLevel: input.SecurityLevel,
          scopes: sortScopes(input.Scopes),
        });
      });
      // A new role has no users yet, so it cannot change the power-user count.
      return toRole(await existing(db, actor, id));
    },

    async update(actor: Actor, id: number, input: RoleInput): Promise<Role> {
      await writing(async (tx) => {
        const role = await existing(tx, actor, id);
        // No escalation: scopes it gains must be held by the editor, and a tenant's role holds no operator scope.
        assertScopesGrantable({
          operatorScopesAllowed: mayHoldOperatorScopes({
            tenantId: role.tenantId,
            securityLevel: input.SecurityLevel,
          }),
          scopes: input.Scopes,
          kept: role.scopes,
          grantedBy: actor,
        });
        const alternaBefore = role.securityLevel === SecurityLevel.Alterna;
        if (alternaBefore || input.SecurityLevel === SecurityLevel.Alterna)
          await assertAlternaActor(tx, actor);
        // Its name may change and an Alterna user may lower its level; its scopes stay as long as it is level 0.
        if (alternaBefore && !sameScopes(role.scopes, input.Scopes)) {
          throw badRequest(ErrorCode.AlternaRoleScopes);
        }
        if (await repository.nameTaken(tx, actor.tenantId, input.Name, id)) throw roleNameExists();
        await repository.update(tx, id, {
          name: input.Name,
          securityLevel: input.SecurityLevel,
          scopes: sortScopes(input.Scopes),
        });
        if (!sameScopes(role.scopes, input.Scopes))
          await endSessions(tx, { roleId: id }, { keepRefreshTokens: true });
        if (input.SecurityLevel === role.securityLevel) return;
        // Only raising a role to level 1 adds power users; lowering a level never refuses.
        if (input.SecurityLevel === SecurityLevel.Power) {
          await assertPowerUserCapacity(tx, {
            tenantId: actor.tenantId,
            code: ErrorCode.RolePowerUserLimit,
            adding: await repository.usersRaisedToPower(tx, id),
          });
        }
        await repository.syncFirstRoleUsers(tx, id, input.SecurityLevel);
      });
      return toRole(await existing(db, actor, id));
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await writing(async (tx) => {
        const role = await existing(tx, actor, id);
        if (role.securityLevel === SecurityLevel.Alterna) throw badRequest(ErrorCode.AlternaRoleDelete);
        if (role.userCount > 0)
          throw badRequest(ErrorCode.RoleInUse, [{ Path: 'UserCount', Message: String(role.userCount) }]);
        await repository.remove(tx, id);
      });
    },
  };
}
