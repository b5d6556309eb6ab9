import type { FastifyInstance } from 'fastify';
import type { AdministrationDeps } from '../administration-deps.js';

/** Experiences, weighted experience groups and journey stages (shell spec §3, §5, §8). */
export function experienceRoutes(_app: FastifyInstance, _deps: AdministrationDeps): void {}
