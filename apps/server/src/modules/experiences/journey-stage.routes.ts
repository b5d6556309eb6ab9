import type { FastifyInstance } from 'fastify';
import {
  JOURNEY_STAGE_SCOPES,
  journeyStageRowSchema,
  journeyStageSaveSchema,
  metadataIdParamsSchema,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { journeyStageGridFields, journeyStageGridScope } from './journey-stage.repository.js';
import { createJourneyStageService } from './journey-stage.service.js';
import { registerMetadataRoutes } from './metadata-record.js';

/** Journey stages: grid, item, create, update, delete. */
export function journeyStageRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const stages = createJourneyStageService({ db });
  registerMetadataRoutes(app, {
    path: '/api/journey-stages',
    access: JOURNEY_STAGE_SCOPES,
    grid: {
      item: journeyStageRowSchema,
      fields: journeyStageGridFields,
      defaultOrder: 'Order asc, Name asc, Id asc',
      scope: journeyStageGridScope,
      queries: stages.repository,
    },
    params: metadataIdParamsSchema,
    body: journeyStageSaveSchema,
    item: journeyStageRowSchema,
    service: stages,
  });
}
