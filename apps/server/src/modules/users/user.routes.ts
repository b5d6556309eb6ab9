import type { FastifyInstance } from 'fastify';
import type { AdministrationDeps } from '../administration-deps.js';

/** Users and test users (shell spec §3, §5, §8). */
export function userRoutes(_app: FastifyInstance, _deps: AdministrationDeps): void {}
