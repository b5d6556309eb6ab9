import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { licenseDetailsSchema, licenseInfoQuerySchema } from '@loupe/contracts';
import type { ModuleDeps } from '../../core/deps.js';
import { createReplicaSessionCounter } from '../bootstrap/index.js';
import { createLicenseService } from './license.service.js';

/** Licence information (shell spec §3), for holders of the license scope. */
export function licenseRoutes(app: FastifyInstance, { db, replica }: ModuleDeps): void {
  const service = createLicenseService({ db, countSessions: createReplicaSessionCounter({ db, replica }) });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/license-info',
    {
      config: { access: ['license'] },
      schema: { querystring: licenseInfoQuerySchema, response: { 200: licenseDetailsSchema } },
    },
    async (request) => service.info(request.actor, request.query.tenantId),
  );
}
