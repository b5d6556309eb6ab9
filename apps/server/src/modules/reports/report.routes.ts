import type { FastifyInstance } from 'fastify';
import type { AdministrationDeps } from '../administration-deps.js';

/** Reports, report widgets, role assignments and saved user filters (reports spec §7). */
export function reportRoutes(_app: FastifyInstance, _deps: AdministrationDeps): void {}
