import type { RouteObject } from 'react-router';

/**
 * The CATI screens under the shell (surveys spec §2: cati and cati-statistics; issue 22 items 7–8): the agent's
 * queue and call, and the call statistics with the campaigns' settings; each page loads on first visit.
 */
export const catiRoutes: RouteObject[] = [
  {
    path: 'cati',
    lazy: async () => ({ Component: (await import('./components/cati-agent-page')).CatiAgentPage }),
  },
  {
    path: 'cati-statistics',
    lazy: async () => ({
      Component: (await import('./components/cati-statistics-page')).CatiStatisticsPage,
    }),
  },
];
