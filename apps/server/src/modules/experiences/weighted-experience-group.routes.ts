import type { FastifyInstance } from 'fastify';
import {
  WEIGHTED_EXPERIENCE_GROUP_SCOPES,
  metadataIdParamsSchema,
  weightedExperienceGroupDetailSchema,
  weightedExperienceGroupRowSchema,
  weightedExperienceGroupSaveSchema,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { registerMetadataRoutes } from './metadata-record.js';
import { weightedGroupGridFields, weightedGroupGridScope } from './weighted-experience-group.repository.js';
import { createWeightedGroupService } from './weighted-experience-group.service.js';

/** Weighted experience groups: grid, item, create, update, delete. */
export function weightedExperienceGroupRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const groups = createWeightedGroupService({ db });
  registerMetadataRoutes(app, {
    path: '/api/weighted-experience-groups',
    access: WEIGHTED_EXPERIENCE_GROUP_SCOPES,
    grid: {
      item: weightedExperienceGroupRowSchema,
      fields: weightedGroupGridFields,
      defaultOrder: 'Name asc, Id asc',
      scope: weightedGroupGridScope,
      queries: groups.repository,
    },
    params: metadataIdParamsSchema,
    body: weightedExperienceGroupSaveSchema,
    item: weightedExperienceGroupDetailSchema,
    service: groups,
  });
}
