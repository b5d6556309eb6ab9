import type { FastifyInstance } from 'fastify';
import type { AdministrationDeps } from '../administration-deps.js';

/** The audit log list and detail (shell spec §9: last 5,000 records in the range). */
export function auditLogRoutes(_app: FastifyInstance, _deps: AdministrationDeps): void {}
