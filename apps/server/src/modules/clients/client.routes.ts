import type { FastifyInstance } from 'fastify';
import type { AdministrationDeps } from '../administration-deps.js';

/** OAuth clients (shell spec §3). */
export function clientRoutes(_app: FastifyInstance, _deps: AdministrationDeps): void {}
