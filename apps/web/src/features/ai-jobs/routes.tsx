import type { RouteObject } from 'react-router';

/**
 * The text-analytics job screens under the shell (shell spec AI: ai-logs, ai-system-configurations (+{id}),
 * ai-scheduled-jobs (+create, {id}, {id}/logs, …/scoring-logs, …/experiment-logs)); lazy.
 */
export const aiJobsRoutes: RouteObject[] = [
  {
    path: 'ai-scheduled-jobs',
    lazy: async () => ({ Component: (await import('./components/ai-jobs-page')).AiJobsPage }),
  },
  {
    path: 'ai-scheduled-jobs/create',
    lazy: async () => ({ Component: (await import('./components/ai-job-page')).AiJobPage }),
  },
  {
    path: 'ai-scheduled-jobs/:id',
    lazy: async () => ({ Component: (await import('./components/ai-job-page')).AiJobPage }),
  },
  {
    path: 'ai-scheduled-jobs/:id/logs',
    lazy: async () => ({ Component: (await import('./components/ai-job-logs-page')).AiJobLogsPage }),
  },
  {
    path: 'ai-scheduled-jobs/:id/logs/:logId/scoring-logs',
    lazy: async () => ({ Component: (await import('./components/ai-job-logs-page')).AiScoringLogsPage }),
  },
  {
    path: 'ai-scheduled-jobs/:id/logs/:logId/experiment-logs',
    lazy: async () => ({ Component: (await import('./components/ai-job-logs-page')).AiExperimentLogsPage }),
  },
  {
    path: 'ai-logs',
    lazy: async () => ({ Component: (await import('./components/ai-logs-page')).AiLogsPage }),
  },
  {
    path: 'ai-system-configurations',
    lazy: async () => ({
      Component: (await import('./components/ai-system-configurations-page')).AiSystemConfigurationsPage,
    }),
  },
  {
    path: 'ai-system-configurations/:id',
    lazy: async () => ({
      Component: (await import('./components/ai-system-configurations-page')).AiSystemConfigurationPage,
    }),
  },
];
