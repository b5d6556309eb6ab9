import type { FastifyInstance } from 'fastify';
import type { AdministrationDeps } from '../administration-deps.js';

/** Roles, auth scopes and identity roles (shell spec §3, §5, §6, §8). */
export function roleRoutes(_app: FastifyInstance, _deps: AdministrationDeps): void {}
