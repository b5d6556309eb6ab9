import {
  ErrorCode,
  isCalculable,
  type WeightedExperienceGroupDetail,
  type WeightedExperienceGroupSave,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../plugins/auth.js';
import { refusingConflicts } from './metadata-sql.js';
import {
  createWeightedGroupRepository,
  type WeightedGroupRepository,
} from './weighted-experience-group.repository.js';

const groupMissing = () => notFound(ErrorCode.WeightedGroupMissing);
const nameExists = () =>
  badRequest(ErrorCode.WeightedGroupNameExists, [
    { Path: 'Name', Message: 'A weighted experience group with this name exists.' },
  ]);

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
    if (type === undefined)
      throw badRequest(ErrorCode.ExperienceNotFound, [{ Path: path, Message: 'Unknown experience.' }]);
    if (!isCalculable(type))
      throw badRequest(ErrorCode.ModelNotValid, [
        { Path: path, Message: 'Only NPS, custom metric and average score experiences can be weighted.' },
      ]);
  });
  return body.Items.map((item) => ({ experienceId: item.ExperienceId, weight: item.Weight }));
}

/** Weighted experience groups: named blends of calculable experiences (shell spec §3, §5, §8: 18001, 18002). */
export function createWeightedGroupService({ db }: { db: Db }) {
  const repository = createWeightedGroupRepository(db);

  async function load(repo: WeightedGroupRepository, tenantId: number, id: number) {
    const group = await repo.find(tenantId, id);
    if (!group) throw groupMissing();
    return group;
  }

  return {
    repository,

    async get(actor: Actor, id: number): Promise<WeightedExperienceGroupDetail> {
      return load(repository, requireTenant(actor), id);
    },

    create(actor: Actor, body: WeightedExperienceGroupSave): Promise<WeightedExperienceGroupDetail> {
      const tenantId = requireTenant(actor);
      return refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            const repo = createWeightedGroupRepository(tx);
            if (await repo.nameTaken(tenantId, body.Name)) throw nameExists();
            const items = await checkItems(repo, tenantId, body);
            const id = await repo.insert(tenantId, body.Name);
            await repo.replaceItems(tenantId, id, items);
            return load(repo, tenantId, id);
          }),
        { onDuplicate: nameExists },
      );
    },

    update(
      actor: Actor,
      id: number,
      body: WeightedExperienceGroupSave,
    ): Promise<WeightedExperienceGroupDetail> {
      const tenantId = requireTenant(actor);
      return refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            const repo = createWeightedGroupRepository(tx);
            await load(repo, tenantId, id);
            if (await repo.nameTaken(tenantId, body.Name, id)) throw nameExists();
            const items = await checkItems(repo, tenantId, body);
            await repo.rename(tenantId, id, body.Name);
            await repo.replaceItems(tenantId, id, items);
            return load(repo, tenantId, id);
          }),
        { onDuplicate: nameExists },
      );
    },

    remove(actor: Actor, id: number): Promise<void> {
      const tenantId = requireTenant(actor);
      return db.transaction(async (tx) => {
        const repo = createWeightedGroupRepository(tx);
        await load(repo, tenantId, id);
        await repo.remove(tenantId, id);
      });
    },
  };
}
