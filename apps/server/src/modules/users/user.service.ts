import type { SQL } from 'drizzle-orm';
import {
  ErrorCode,
  SecurityLevel,
  hasAnyScope,
  type IdentityRole,
  type TestUserUpdate,
  type UserDetail,
  type UserForSelectItem,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { AppError, conflict, forbidden, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import {
  assertScopesGrantable,
  isOperator,
  mayHoldOperatorScopes,
  tenantChangeNotAllowed,
} from '../../core/operator.js';
import { alternaLevelRequired, found, invalidField } from '../../core/refusals.js';
import { hashPassword } from '../../core/password.js';
import { endSessions, endSessionsOnChange } from '../auth/index.js';
import { assertPowerUserCapacity } from './power-users.js';
import {
  userTenantIs,
  type PasswordValues,
  type RoleFact,
  type UserRepository,
  type UserWithRoles,
} from './user.repository.js';

/** Which list a request works on: the users, or the test users (always in the caller's tenant). */
export type UserKind = 'user' | 'testUser';

/** The form of either kind; test users have no tenant or trial fields. */
export type UserSaveInput = TestUserUpdate & { TenantId?: number | null; TrialExpireDate?: string | null };

type Deps = { db: Db; repository: UserRepository; now?: () => Date };

const sameTenantRequired = () => new AppError(400, ErrorCode.SameTenantRequired);
const ownRolesUnchangeable = () => new AppError(403, ErrorCode.OwnRolesUnchangeable);

/**
 * The users the caller sees and changes: those of the caller's tenant; a tenantless caller holding
 * alterna:manage (an operator scope, which no tenant's role holds) sees every tenant's.
 */
export function visibleUsers(actor: Actor): SQL | undefined {
  if (actor.tenantId === null && hasAnyScope(actor.scopes, ['alterna:manage'])) return undefined;
  return userTenantIs(actor.tenantId);
}

const sameOrder = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

function toDetail(row: UserWithRoles, now: Date): UserDetail {
  return {
    Id: row.id,
    UserName: row.userName,
    FullName: row.fullName,
    Email: row.email,
    MSISDN: row.msisdn,
    Title: row.title,
    Department: row.department,
    Language: row.language,
    TransactionChannels: row.transactionChannelIds,
    Products: row.productIds,
    Employees: row.employeeIds,
    Roles: row.roleIds,
    TenantId: row.tenantId,
    TrialExpireDate: row.trialExpireDate?.toISOString() ?? null,
    IsActive: row.isActive,
    IsTestUser: row.isTestUser,
    SecurityLevel: row.securityLevel,
    TwoFactorEnabled: row.twoFactorEnabled,
    PasswordExpired: row.passwordExpireDate !== null && row.passwordExpireDate <= now,
    CreatedDate: row.createdAt.toISOString(),
  };
}

/**
 * Users and test users: create, replace, activate and deactivate under the spec's rules (tenant 14005 and 2100,
 * Alterna level 10008, unique user name 10009, power-user licence 10001, 10002, 10004). Each write runs in
 * one transaction, so a refusal leaves nothing changed.
 */
export function createUserService({ db, repository, now = () => new Date() }: Deps) {
  const isTest = (kind: UserKind) => kind === 'testUser';

  async function findVisible(executor: Executor, actor: Actor, kind: UserKind, id: number) {
    return found(
      await repository.find(executor, { id, isTestUser: isTest(kind), visible: visibleUsers(actor) }),
    );
  }

  async function reload(executor: Executor, kind: UserKind, id: number) {
    const row = await repository.find(executor, { id, isTestUser: isTest(kind), visible: undefined });
    if (!row) throw new Error(`user ${id} vanished inside its own transaction`);
    return toDetail(row, now());
  }

  /**
   * The tenant the saved user belongs to. Only installation operators choose one (shell spec §5); anyone else
   * gets 14005 whether the tenant exists or not.
   */
  async function targetTenant(
    executor: Executor,
    { actor, kind, input, existing }: SaveContext,
  ): Promise<number | null> {
    const current = existing ? existing.tenantId : actor.tenantId;
    if (isTest(kind) || input.TenantId === undefined || input.TenantId === current) return current;
    if (!(await isOperator(executor, actor))) throw tenantChangeNotAllowed();
    if (input.TenantId !== null && !(await repository.tenantExists(executor, input.TenantId)))
      throw notFound(ErrorCode.TenantNotFound);
    return input.TenantId;
  }

  /** The roles in the form's order, all of the user's tenant (else 2100). */
  async function orderedRoles(executor: Executor, tenantId: number | null, ids: number[]) {
    const found = new Map((await repository.rolesByIds(executor, ids)).map((role) => [role.id, role]));
    const ordered = ids.map((id) => found.get(id));
    if (ordered.some((role) => role === undefined || role.tenantId !== tenantId)) throw sameTenantRequired();
    return ordered as RoleFact[];
  }

  /** Channel, product and employee restrictions must all be of the user's tenant (else 2100). */
  async function assertRestrictionsInTenant(
    executor: Executor,
    tenantId: number | null,
    input: UserSaveInput,
  ) {
    const lists = [
      ['channels', input.TransactionChannels],
      ['products', input.Products],
      ['employees', input.Employees],
    ] as const;
    for (const [kind, ids] of lists) {
      if (ids.length === 0) continue;
      const distinct = [...new Set(ids)];
      if (tenantId === null) throw sameTenantRequired();
      const found = await repository.countRestrictionsInTenant(executor, kind, tenantId, distinct);
      if (found !== distinct.length) throw sameTenantRequired();
    }
  }

  /**
   * No escalation: nobody changes their own roles (10014), and every role a user gains must hold only scopes
   * the caller holds (10013) and no operator scope in a tenant (10006).
   */
  function assertRolesGrantable(actor: Actor, roleFacts: RoleFact[], before: UserWithRoles | undefined) {
    const ids = roleFacts.map((role) => role.id);
    if (before?.id === actor.userId && !sameOrder(before.roleIds, ids)) throw ownRolesUnchangeable();
    for (const role of roleFacts) {
      if (before?.roleIds.includes(role.id)) continue;
      assertScopesGrantable({
        operatorScopesAllowed: mayHoldOperatorScopes(role),
        scopes: role.scopes,
        grantedBy: actor,
      });
    }
  }

  async function passwordValues(input: UserSaveInput): Promise<PasswordValues | undefined> {
    if (input.Password === undefined) return undefined;
    const at = now();
    return {
      passwordHash: await hashPassword(input.Password),
      passwordChangedAt: at,
      // Expired at once: the existing expired_password sign-in step asks for a new one.
      passwordExpireDate: input.MustChangePassword ? at : null,
    };
  }

  type SaveContext = { actor: Actor; kind: UserKind; input: UserSaveInput; existing?: UserWithRoles };

  /** Creates (no `id`) or replaces the user `id`. */
  async function save({
    actor,
    kind,
    input,
    id: existingId,
  }: Omit<SaveContext, 'existing'> & { id?: number }) {
    const actorLevel = await repository.securityLevelOf(actor.userId);
    const password = await passwordValues(input);
    // Two saves of the same new name at once: the unique index decides.
    return refusingConflicts(
      () =>
        db.transaction(async (tx) => {
          const before =
            existingId === undefined ? undefined : await findVisible(tx, actor, kind, existingId);
          const tenantId = await targetTenant(tx, { actor, kind, input, existing: before });
          const roleFacts = await orderedRoles(tx, tenantId, input.Roles);
          assertRolesGrantable(actor, roleFacts, before);
          const touchesAlterna =
            roleFacts.some((role) => role.securityLevel === SecurityLevel.Alterna) ||
            before?.securityLevel === SecurityLevel.Alterna;
          if (touchesAlterna && actorLevel !== SecurityLevel.Alterna) throw alternaLevelRequired();
          await assertRestrictionsInTenant(tx, tenantId, input);
          if (await repository.userNameTaken(tx, input.UserName, before?.id))
            throw conflict(ErrorCode.UserNameExists);

          const securityLevel = roleFacts[0]?.securityLevel ?? SecurityLevel.Regular;
          const active = before ? before.isActive : true;
          const wasActivePowerHere =
            before?.isActive === true &&
            before.securityLevel === SecurityLevel.Power &&
            before.tenantId === tenantId;
          if (active && securityLevel === SecurityLevel.Power && !wasActivePowerHere) {
            await assertPowerUserCapacity(tx, {
              tenantId,
              code: before ? ErrorCode.PowerUserLimitOnUpdate : ErrorCode.PowerUserLimitOnCreate,
              excludeUserId: before?.id,
            });
          }

          const values = {
            tenantId,
            userName: input.UserName,
            fullName: input.FullName,
            email: input.Email,
            msisdn: input.MSISDN,
            title: input.Title,
            department: input.Department,
            language: input.Language,
            securityLevel,
            trialExpireDate: isTest(kind) || !input.TrialExpireDate ? null : new Date(input.TrialExpireDate),
            transactionChannelIds: [...new Set(input.TransactionChannels)],
            productIds: [...new Set(input.Products)],
            employeeIds: [...new Set(input.Employees)],
          };
          let id: number;
          if (before) {
            id = before.id;
            await repository.update(tx, id, { ...values, ...password });
            if (password) await repository.revokeSessions(tx, id, password.passwordChangedAt);
          } else {
            if (!password) throw invalidField('/Password', '');
            id = await repository.insert(tx, { ...values, ...password, isTestUser: isTest(kind) });
          }
          await repository.replaceRoles(tx, { userId: id, tenantId, roleIds: input.Roles });
          if (before) await endSessionsOnChange(tx, before, { tenantId, roleIds: input.Roles });
          return reload(tx, kind, id);
        }),
      { onDuplicate: () => conflict(ErrorCode.UserNameExists) },
    );
  }

  return {
    async get(actor: Actor, kind: UserKind, id: number): Promise<UserDetail> {
      return toDetail(await findVisible(db, actor, kind, id), now());
    },

    create(actor: Actor, kind: UserKind, input: UserSaveInput): Promise<UserDetail> {
      return save({ actor, kind, input });
    },

    update(actor: Actor, kind: UserKind, id: number, input: UserSaveInput): Promise<UserDetail> {
      return save({ actor, kind, input, id });
    },

    /** Activation counts against the power-user licence (10004); nobody deactivates themselves. */
    async setActive(actor: Actor, kind: UserKind, id: number, active: boolean): Promise<UserDetail> {
      const actorLevel = await repository.securityLevelOf(actor.userId);
      return db.transaction(async (tx) => {
        const user = await findVisible(tx, actor, kind, id);
        if (user.securityLevel === SecurityLevel.Alterna && actorLevel !== SecurityLevel.Alterna)
          throw alternaLevelRequired();
        if (!active && user.id === actor.userId) throw forbidden();
        if (user.isActive === active) return toDetail(user, now());
        if (active && user.securityLevel === SecurityLevel.Power) {
          await assertPowerUserCapacity(tx, {
            tenantId: user.tenantId,
            code: ErrorCode.UserActivationPowerUserLimit,
            excludeUserId: user.id,
          });
        }
        await repository.update(tx, id, { isActive: active });
        if (!active) await endSessions(tx, { userIds: [id] });
        return reload(tx, kind, id);
      });
    },

    /**
     * The roles a user of `tenantId` may get: for a caller choosing another tenant than its own, where
     * `/api/identityRoles` (the caller's tenant) does not help.
     */
    async roleChoices(actor: Actor, tenantId: number | null): Promise<IdentityRole[]> {
      if (tenantId !== actor.tenantId) {
        if (!(await isOperator(db, actor))) throw tenantChangeNotAllowed();
        if (tenantId !== null && !(await repository.tenantExists(db, tenantId)))
          throw notFound(ErrorCode.TenantNotFound);
      }
      const rows = await repository.rolesOfTenant(tenantId);
      return rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        SecurityLevel: row.securityLevel as IdentityRole['SecurityLevel'],
      }));
    },

    forSelect(actor: Actor, kind: UserKind): Promise<UserForSelectItem[]> {
      return repository.forSelect({ isTestUser: isTest(kind), visible: visibleUsers(actor) });
    },
  };
}
