import {
  ErrorCode,
  type CalculableExperience,
  type ExperienceDetail,
  type ExperienceGroupOption,
  type ExperienceSave,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import type { RecordService } from '../../core/record-routes.js';
import { fieldTaken, invalidField } from '../../core/refusals.js';
import {
  createExperienceRepository,
  type ExperienceRecord,
  type ExperienceRepository,
} from './experience.repository.js';
import { metadataRecords } from './metadata-record.js';

const experienceNotFound = () => notFound(ErrorCode.ExperienceNotFound);
const nameExists = () =>
  fieldTaken(ErrorCode.ExperienceNameExists, 'Name', 'An experience with this name exists.');
const preserved = () => badRequest(ErrorCode.ExperiencePreserved);
const inUse = () => badRequest(ErrorCode.ExperienceInUse);

const lower = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** Whether the save would change anything of the stored experience (a repeated save of a system one is no change). */
function changes(current: ExperienceRecord, body: ExperienceSave): boolean {
  const groupChanges =
    body.GroupId != null
      ? body.GroupId !== current.GroupId
      : lower(body.GroupName) !== lower(current.GroupName);
  return body.Name !== current.Name || body.MeasurementType !== current.MeasurementType || groupChanges;
}

/** The group the save names: `GroupId` (one the tenant sees), else the group called `GroupName`, made when new. */
async function resolveGroup(
  repository: ExperienceRepository,
  tenantId: number,
  body: ExperienceSave,
): Promise<number | null> {
  if (body.GroupId != null) {
    const group = await repository.findGroup(tenantId, { id: body.GroupId });
    if (!group) throw invalidField('GroupId', 'Unknown group.');
    return group.id;
  }
  const name = body.GroupName?.trim();
  if (!name) return null;
  const group = await repository.findGroup(tenantId, { name });
  return group ? group.id : repository.insertGroup(tenantId, name);
}

function toDetail({ TenantId: _tenantId, ...detail }: ExperienceRecord): ExperienceDetail {
  return detail;
}

/**
 * Experiences a tenant manages (shell spec §3, §5, §8). The system experiences (no tenant; the preserved ids)
 * are shared and read-only (13003). An experience in use by questions or weighted groups cannot be removed
 * or change its measurement type (13004); its name and group may change.
 */
export function createExperienceService({ db }: { db: Db }) {
  const { repository, load, read, checkName, write } = metadataRecords(db, createExperienceRepository, {
    missing: experienceNotFound,
    nameExists,
  });

  const service: RecordService<number, ExperienceSave, ExperienceDetail> = {
    get: async (actor, id) => toDetail(await read(actor, id)),

    create: (actor, body) =>
      write(actor, async (repo, tenantId) => {
        await checkName(repo, tenantId, body.Name);
        const id = await repo.insert({
          tenantId,
          name: body.Name,
          groupId: await resolveGroup(repo, tenantId, body),
          measurementType: body.MeasurementType,
        });
        return toDetail(await load(repo, tenantId, id));
      }),

    update: (actor, id, body) =>
      write(actor, async (repo, tenantId) => {
        const current = await load(repo, tenantId, id);
        if (!changes(current, body)) return toDetail(current);
        if (current.IsPreserved || current.TenantId === null) throw preserved();
        await checkName(repo, tenantId, body.Name, id);
        if (body.MeasurementType !== current.MeasurementType && (await repo.inUse(id))) throw inUse();
        await repo.update(tenantId, id, {
          name: body.Name,
          groupId: await resolveGroup(repo, tenantId, body),
          measurementType: body.MeasurementType,
        });
        return toDetail(await load(repo, tenantId, id));
      }),

    remove: (actor, id) =>
      write(
        actor,
        async (repo, tenantId) => {
          const current = await load(repo, tenantId, id);
          if (current.IsPreserved || current.TenantId === null) throw preserved();
          if (await repo.inUse(id)) throw inUse();
          await repo.remove(tenantId, id);
        },
        { onInUse: inUse },
      ),
  };

  return {
    repository,
    ...service,

    groups(actor: Actor): Promise<ExperienceGroupOption[]> {
      return repository.groups(requireTenant(actor));
    },

    calculable(actor: Actor): Promise<CalculableExperience[]> {
      return repository.calculable(requireTenant(actor));
    },
  };
}
