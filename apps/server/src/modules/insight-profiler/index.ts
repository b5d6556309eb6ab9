import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  profilerRequestSchema,
  profilerSchema,
  simulationRequestSchema,
  simulationSchema,
} from '@loupe/contracts';
import type { ModuleDeps } from '../../core/deps.js';
import { createDriverSimulation } from './driver-simulation.js';
import { createSatisfactionProfiler } from './satisfaction-profiler.js';

/**
 * The satisfaction profiler and the driver simulation (issue 20 items 5 and 6, docs/profiler-simulation.md):
 * `POST /api/insight/satisfaction-profiler` (scope satisfactionProfiler) and `POST /api/insight/simulation`
 * (driverSimulation). The bodies are the report filter plus the screen's options; the figures come from the
 * analytics replica through the widgets' filter compiler and maths.
 */
export function insightProfilerRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const profiler = createSatisfactionProfiler(deps);
  const simulation = createDriverSimulation(deps);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/insight/satisfaction-profiler',
    {
      config: { access: ['satisfactionProfiler'] },
      schema: { body: profilerRequestSchema, response: { 200: profilerSchema } },
    },
    async (request) => profiler.read(request.actor, request.body),
  );
  routes.post(
    '/api/insight/simulation',
    {
      config: { access: ['driverSimulation'] },
      schema: { body: simulationRequestSchema, response: { 200: simulationSchema } },
    },
    async (request) => simulation.run(request.actor, request.body),
  );
}
