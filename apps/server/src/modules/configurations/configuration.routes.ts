import type { FastifyInstance } from 'fastify';
import type { AdministrationDeps } from '../administration-deps.js';

/** System configurations, service configurations and system rules (shell spec §3, §8: 17001). */
export function configurationRoutes(_app: FastifyInstance, _deps: AdministrationDeps): void {}
