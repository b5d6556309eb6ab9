import { eq, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  SecurityLevel,
  TENANT_ADMINISTRATOR_ROLE,
  TENANT_SCOPES,
  type CreateTenant,
  type SaveTenant,
  type Tenant,
  type TenantOption,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { tenants } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { isOperator } from '../../core/operator.js';
import { fieldTaken, found } from '../../core/refusals.js';
import { hashPassword } from '../../core/password.js';
import { ownTenantOrAll } from '../../core/tenant-scope.js';
import { createTenantRepository, type TenantRow } from './tenant.repository.js';

const DAY_MS = 86_400_000;

/** How long the licence a new tenant gets runs; its limits are 0, which means unlimited. */
const NEW_TENANT_LICENSE_DAYS = 365;

function toTenant(row: TenantRow): Tenant {
  return {
    Id: row.id,
    Name: row.name,
    Config: row.config,
    TimeZone: row.timeZone,
    UserCount: row.userCount,
    CreatedDate: row.createdAt.toISOString(),
    LicenseValidUntil: row.licenseValidUntil?.toISOString() ?? null,
  };
}

/**
 * The tenants a caller may see: all of them for a tenantless (Alterna) caller, else only its own. Tenants are
 * installation-level, so only installation operators create, change or delete them.
 */
export const visibleTenants = (actor: Actor): SQL | undefined => ownTenantOrAll(tenants.id, actor.tenantId);

/** `MaxTenants` of the `TenantLimit` section; 0 when absent, malformed or not a positive whole number. */
export function maxTenantsOf(json: string | undefined): number {
  if (json === undefined) return 0;
  try {
    const parsed: unknown = JSON.parse(json);
    const max = (parsed as { MaxTenants?: unknown } | null)?.MaxTenants;
    return typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : 0;
  } catch {
    return 0;
  }
}

const tenantNotFound = () => notFound(ErrorCode.TenantNotFound);
const nameExists = () => fieldTaken(ErrorCode.TenantNameExists, 'Name');

/**
 * Tenants (shell spec §3, §8): names unique regardless of case (14001), at most `TenantLimit.MaxTenants` of them
 * (14002), 14003 for one the caller cannot see, and a tenant with users (14004) or other data (14006) is not
 * deleted. Every write runs in one transaction, so a refusal leaves the database as it was.
 */
export function createTenantService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const read = createTenantRepository(db);

  /** One transaction under the tenant write lock. It makes the name check reliable; the unique index remains the last word. */
  function write<T>(work: (repository: ReturnType<typeof createTenantRepository>) => Promise<T>) {
    return refusingConflicts(
      () =>
        db.transaction(async (tx) => {
          const repository = createTenantRepository(tx);
          await repository.lockTenantWrites();
          return work(repository);
        }),
      { onDuplicate: nameExists },
    );
  }

  async function get(actor: Actor, id: number): Promise<Tenant> {
    if (actor.tenantId !== null && id !== actor.tenantId) throw tenantNotFound();
    return toTenant(found(await read.find(eq(tenants.id, id)), tenantNotFound));
  }

  return {
    get,

    async options(actor: Actor): Promise<TenantOption[]> {
      const rows = await read.options(visibleTenants(actor));
      return rows.map((row) => ({ Id: row.id, Name: row.name }));
    },

    /**
     * Creates the tenant with its licence, its first role (Administrator: every tenant scope) and its first user
     * in one transaction, so a new tenant is usable without SQL. Installation operators only.
     */
    async create(actor: Actor, body: CreateTenant): Promise<Tenant> {
      if (!(await isOperator(db, actor))) throw forbidden();
      const { Administrator: first } = body;
      const passwordHash = await hashPassword(first.Password);
      const id = await write(async (repository) => {
        if (await repository.nameTaken(body.Name)) throw nameExists();
        if (await repository.userNameTaken(first.UserName)) throw conflict(ErrorCode.UserNameExists);
        const max = maxTenantsOf(await repository.tenantLimitConfig());
        if (max > 0 && (await repository.countTenants()) >= max)
          throw badRequest(ErrorCode.TenantLimitReached);
        const tenantId = await repository.insert({
          name: body.Name,
          config: body.Config,
          timeZone: body.TimeZone,
        });
        const today = now();
        // Column defaults give the package and module flags; limits of 0 are unlimited.
        await repository.insertLicense({
          tenantId,
          validFrom: today,
          validUntil: new Date(today.getTime() + NEW_TENANT_LICENSE_DAYS * DAY_MS),
        });
        await repository.insertFirstAdministrator({
          role: {
            tenantId,
            name: TENANT_ADMINISTRATOR_ROLE,
            securityLevel: SecurityLevel.Power,
            scopes: [...TENANT_SCOPES],
          },
          user: {
            tenantId,
            userName: first.UserName,
            fullName: first.FullName,
            email: first.Email,
            securityLevel: SecurityLevel.Power,
            passwordHash,
            passwordChangedAt: today,
            // Expired at once: the first sign-in asks the administrator for a password of their own.
            passwordExpireDate: today,
          },
        });
        return tenantId;
      });
      return get(actor, id);
    },

    async update(actor: Actor, id: number, body: SaveTenant): Promise<Tenant> {
      if (!(await isOperator(db, actor))) throw forbidden();
      await write(async (repository) => {
        if (!(await repository.find(eq(tenants.id, id)))) throw tenantNotFound();
        if (await repository.nameTaken(body.Name, id)) throw nameExists();
        await repository.update(id, { name: body.Name, config: body.Config, timeZone: body.TimeZone });
      });
      return get(actor, id);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      if (!(await isOperator(db, actor))) throw forbidden();
      // Data the set-up removal does not cover (surveys, audit records, …) fails the last delete.
      await refusingConflicts(
        () =>
          write(async (repository) => {
            if (!(await repository.find(eq(tenants.id, id)))) throw tenantNotFound();
            if ((await repository.countUsers(id)) > 0) throw badRequest(ErrorCode.TenantHasUsers);
            await repository.deleteWithSetup(id);
          }),
        { onInUse: () => badRequest(ErrorCode.TenantHasData) },
      );
    },
  };
}
