import { ErrorCode, type JourneyStageRow, type JourneyStageSave } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import type { RecordService } from '../../core/record-routes.js';
import { fieldTaken } from '../../core/refusals.js';
import { createJourneyStageRepository } from './journey-stage.repository.js';
import { metadataRecords } from './metadata-record.js';

const stageNotFound = () => notFound(ErrorCode.NotFound);
const nameExists = () =>
  fieldTaken(ErrorCode.JourneyStageNameExists, 'Name', 'A journey stage with this name already exists.');
const inUse = () => badRequest(ErrorCode.JourneyStageInUse);

/**
 * Journey stages of a tenant (shell spec §3, §5): names are unique (13006); a stage surveys use cannot be
 * changed or removed (13005), though saving it unchanged is accepted.
 */
export function createJourneyStageService({ db }: { db: Db }) {
  const { repository, load, read, checkName, write } = metadataRecords(db, createJourneyStageRepository, {
    missing: stageNotFound,
    nameExists,
  });

  const service: RecordService<number, JourneyStageSave, JourneyStageRow> = {
    get: read,

    create: (actor, body) =>
      write(actor, async (repo, tenantId) => {
        await checkName(repo, tenantId, body.Name);
        const order = body.Order ?? (await repo.nextOrder(tenantId));
        const id = await repo.insert({ tenantId, name: body.Name, order });
        return load(repo, tenantId, id);
      }),

    update: (actor, id, body) =>
      write(actor, async (repo, tenantId) => {
        const current = await load(repo, tenantId, id);
        const order = body.Order ?? current.Order;
        if (body.Name === current.Name && order === current.Order) return current;
        if (current.SurveyCount > 0) throw inUse();
        await checkName(repo, tenantId, body.Name, id);
        await repo.update(tenantId, id, { name: body.Name, order });
        return load(repo, tenantId, id);
      }),

    remove: (actor, id) =>
      write(
        actor,
        async (repo, tenantId) => {
          const current = await load(repo, tenantId, id);
          if (current.SurveyCount > 0) throw inUse();
          await repo.remove(tenantId, id);
        },
        { onInUse: inUse },
      ),
  };
  return { repository, ...service };
}
