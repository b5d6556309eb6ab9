import type { FastifyInstance } from 'fastify';
import type { AdministrationDeps } from '../administration-deps.js';

/** Licence information (shell spec §3). */
export function licenseRoutes(_app: FastifyInstance, _deps: AdministrationDeps): void {}
