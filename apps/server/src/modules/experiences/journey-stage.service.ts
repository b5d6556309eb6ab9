import { ErrorCode, type JourneyStageRow, type JourneyStageSave } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../plugins/auth.js';
import { createJourneyStageRepository, type JourneyStageRepository } from './journey-stage.repository.js';
import { refusingConflicts } from './metadata-sql.js';

const stageNotFound = () => notFound(ErrorCode.NotFound);
const nameExists = () =>
  badRequest(ErrorCode.JourneyStageNameExists, [
    { Path: 'Name', Message: 'A journey stage with this name already exists.' },
  ]);
const inUse = () => badRequest(ErrorCode.JourneyStageInUse);

/**
 * Journey stages of a tenant (shell spec §3, §5): names are unique (13006); a stage surveys use cannot be
 * changed or removed (13005), though saving it unchanged is accepted.
 */
export function createJourneyStageService({ db }: { db: Db }) {
  const repository = createJourneyStageRepository(db);

  async function load(repo: JourneyStageRepository, tenantId: number, id: number) {
    const stage = await repo.find(tenantId, id);
    if (!stage) throw stageNotFound();
    return stage;
  }

  return {
    repository,

    async get(actor: Actor, id: number): Promise<JourneyStageRow> {
      return load(repository, requireTenant(actor), id);
    },

    create(actor: Actor, body: JourneyStageSave): Promise<JourneyStageRow> {
      const tenantId = requireTenant(actor);
      return refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            const repo = createJourneyStageRepository(tx);
            if (await repo.nameTaken(tenantId, body.Name)) throw nameExists();
            const order = body.Order ?? (await repo.nextOrder(tenantId));
            const id = await repo.insert({ tenantId, name: body.Name, order });
            return load(repo, tenantId, id);
          }),
        { onDuplicate: nameExists },
      );
    },

    update(actor: Actor, id: number, body: JourneyStageSave): Promise<JourneyStageRow> {
      const tenantId = requireTenant(actor);
      return refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            const repo = createJourneyStageRepository(tx);
            const current = await load(repo, tenantId, id);
            const order = body.Order ?? current.Order;
            if (body.Name === current.Name && order === current.Order) return current;
            if (current.SurveyCount > 0) throw inUse();
            if (await repo.nameTaken(tenantId, body.Name, id)) throw nameExists();
            await repo.update(tenantId, id, { name: body.Name, order });
            return load(repo, tenantId, id);
          }),
        { onDuplicate: nameExists },
      );
    },

    remove(actor: Actor, id: number): Promise<void> {
      const tenantId = requireTenant(actor);
      return refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            const repo = createJourneyStageRepository(tx);
            const current = await load(repo, tenantId, id);
            if (current.SurveyCount > 0) throw inUse();
            await repo.remove(tenantId, id);
          }),
        { onInUse: inUse },
      );
    },
  };
}
