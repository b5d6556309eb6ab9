import type { RouteObject } from 'react-router';

/** The responses analyzer under the shell (issue 20 item 2): the grid of responses and one response; lazy. */
export const responsesAnalyzerRoutes: RouteObject[] = [
  {
    path: 'responses-analyzer',
    lazy: async () => ({
      Component: (await import('./components/responses-analyzer-page')).ResponsesAnalyzerPage,
    }),
  },
  {
    path: 'responses-analyzer/:id',
    lazy: async () => ({ Component: (await import('./components/response-page')).ResponsePage }),
  },
];
