import type { FastifyInstance } from 'fastify';
import type { AdministrationDeps } from '../administration-deps.js';

/** Tenants (shell spec §3, §8: 14001–14004). */
export function tenantRoutes(_app: FastifyInstance, _deps: AdministrationDeps): void {}
