import type { RouteObject } from 'react-router';

/**
 * The alert screens under the shell (issue 19; surveys spec §1 alert routes): the alerts and one alert, the
 * alert rules, a rule's form and its actions per status, and the rules' statistics; lazy.
 */
export const alertsRoutes: RouteObject[] = [
  {
    path: 'alerts',
    lazy: async () => ({ Component: (await import('./components/alerts-page')).AlertsPage }),
  },
  {
    path: 'alerts/:id',
    lazy: async () => ({ Component: (await import('./components/alert-page')).AlertPage }),
  },
  {
    path: 'alert-rules',
    lazy: async () => ({ Component: (await import('./components/alert-rules-page')).AlertRulesPage }),
  },
  {
    path: 'alert-rules/create',
    lazy: async () => ({ Component: (await import('./components/alert-rule-page')).AlertRulePage }),
  },
  {
    path: 'alert-rules/:id',
    lazy: async () => ({ Component: (await import('./components/alert-rule-page')).AlertRulePage }),
  },
  {
    path: 'alert-rule-action/:id',
    lazy: async () => ({
      Component: (await import('./components/alert-rule-actions-page')).AlertRuleActionsPage,
    }),
  },
  {
    path: 'alert-rule-statistics',
    lazy: async () => ({
      Component: (await import('./components/alert-rule-statistics-page')).AlertRuleStatisticsPage,
    }),
  },
];
