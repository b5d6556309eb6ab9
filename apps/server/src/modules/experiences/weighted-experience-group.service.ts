import {
  ErrorCode,
  isCalculable,
  type WeightedExperienceGroupDetail,
  type WeightedExperienceGroupSave,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { RecordService } from '../../core/record-routes.js';
import { fieldRefusal, fieldTaken, invalidField } from '../../core/refusals.js';
import { metadataRecords } from './metadata-record.js';
import {
  createWeightedGroupRepository,
  type WeightedGroupRepository,
} from './weighted-experience-group.repository.js';

const groupMissing = () => notFound(ErrorCode.WeightedGroupMissing);
const nameExists = () =>
  fieldTaken(ErrorCode.WeightedGroupNameExists, 'Name', 'A weighted experience group with this name exists.');

/**
 * Each item must weigh an experience the tenant sees (13002 otherwise) whose score can be calculated:
 * measurement type 0 NPS, 1 custom metric or 2 average score (3333 for type 3).
 */
async function checkItems(
  repository: WeightedGroupRepository,
  tenantId: number,
  body: WeightedExperienceGroupSave,
) {
  const types = await repository.visibleExperiences(
    tenantId,
    body.Items.map((item) => item.ExperienceId),
  );
  body.Items.forEach((item, index) => {
    const path = `Items.${index}.ExperienceId`;
    const type = types.get(item.ExperienceId);
    if (type === undefined) throw fieldRefusal(ErrorCode.ExperienceNotFound, path, 'Unknown experience.');
    if (!isCalculable(type))
      throw invalidField(path, 'Only NPS, custom metric and average score experiences can be weighted.');
  });
  return body.Items.map((item) => ({ experienceId: item.ExperienceId, weight: item.Weight }));
}

/** Weighted experience groups: named blends of calculable experiences (shell spec §3, §5, §8: 18001, 18002). */
export function createWeightedGroupService({ db }: { db: Db }) {
  const { repository, load, read, checkName, write } = metadataRecords(db, createWeightedGroupRepository, {
    missing: groupMissing,
    nameExists,
  });

  const service: RecordService<number, WeightedExperienceGroupSave, WeightedExperienceGroupDetail> = {
    get: read,

    create: (actor, body) =>
      write(actor, async (repo, tenantId) => {
        await checkName(repo, tenantId, body.Name);
        const items = await checkItems(repo, tenantId, body);
        const id = await repo.insert(tenantId, body.Name);
        await repo.replaceItems(tenantId, id, items);
        return load(repo, tenantId, id);
      }),

    update: (actor, id, body) =>
      write(actor, async (repo, tenantId) => {
        await load(repo, tenantId, id);
        await checkName(repo, tenantId, body.Name, id);
        const items = await checkItems(repo, tenantId, body);
        await repo.rename(tenantId, id, body.Name);
        await repo.replaceItems(tenantId, id, items);
        return load(repo, tenantId, id);
      }),

    remove: (actor, id) =>
      write(actor, async (repo, tenantId) => {
        await load(repo, tenantId, id);
        await repo.remove(tenantId, id);
      }),
  };
  return { repository, ...service };
}
