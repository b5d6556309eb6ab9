import type { RouteObject } from 'react-router';

/** The satisfaction profiler and the driver simulation (issue 20 items 5 and 6) under the shell; lazy. */
export const profilerSimulationRoutes: RouteObject[] = [
  {
    path: 'satisfaction-profiler',
    lazy: async () => ({
      Component: (await import('./components/satisfaction-profiler-page')).SatisfactionProfilerPage,
    }),
  },
  {
    path: 'simulation',
    lazy: async () => ({ Component: (await import('./components/simulation-page')).SimulationPage }),
  },
];
