import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  inviteeCreateAnswerSchema,
  inviteeCreateSchema,
  type ImportField,
  type Scope,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { ImportProcessing } from './import-processing.js';
import { checkValues, loadCatalog } from './import-rows.js';
import { rowsOf } from '../../db/rows-of.js';

/*
 * `POST /api/invitees` (docs/data-flow.md "Create invitee"): one invitee typed in the console, checked like a file
 * row (a problem answers 400 with its code and every field at fault in Details), staged without an import log,
 * through the elimination rules and, when it passes, moved and invited at once.
 */

const ACCESS: [Scope, ...Scope[]] = ['invitation:manage'];

export function inviteeCreateRoutes(
  app: FastifyInstance,
  { db, processing }: { db: Db; processing: ImportProcessing },
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/invitees',
    {
      config: { access: ACCESS },
      schema: { body: inviteeCreateSchema, response: { 201: inviteeCreateAnswerSchema } },
    },
    async (request, reply) => {
      const actor = request.actor;
      const tenantId = requireTenant(actor);
      const body = request.body;
      const [survey] = await rowsOf<{ time_zone: string }>(
        db,
        sql`SELECT t.time_zone FROM surveys s JOIN tenants t ON t.id = s.tenant_id
            WHERE s.id = ${body.SurveyId}::integer AND s.tenant_id = ${tenantId}::integer`,
      );
      if (!survey)
        throw new AppError(400, ErrorCode.ModelNotValid, [{ Path: 'SurveyId', Message: 'Unknown survey' }]);
      const texts: Partial<Record<ImportField, string>> = {};
      for (const [key, value] of Object.entries(body)) {
        if (value === undefined || value === null || key === 'SurveyId') continue;
        texts[key as ImportField] = Array.isArray(value) ? value.join('|') : String(value);
      }
      const { values, problems } = checkValues(
        texts,
        await loadCatalog(db, tenantId),
        request.language,
        null,
      );
      if (problems.length > 0)
        throw new AppError(
          400,
          problems[0]!.code,
          problems.map((problem) => ({ Path: problem.field, Message: `${problem.code} ${problem.message}` })),
        );
      return reply.status(201).send(await processing.single(actor, body.SurveyId, values, survey.time_zone));
    },
  );
}
