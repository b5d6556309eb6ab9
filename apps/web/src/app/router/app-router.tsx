import { createBrowserRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { alertsRoutes } from '@/features/alerts/routes';
import { integrationsRoutes } from '@/features/integrations/routes';
import { catiRoutes } from '@/features/cati/routes';
import { responsesAnalyzerRoutes } from '@/features/responses-analyzer/routes';
import { profilerSimulationRoutes } from '@/features/profiler-simulation/routes';
import { topicInsightRoutes } from '@/features/topic-insight/routes';
import { aiDataRoutes } from '@/features/ai-data/routes';
import { aiAnnotationRoutes } from '@/features/ai-annotation/routes';
import { aiTopicModelsRoutes } from '@/features/ai-topic-models/routes';
import { auditLogsRoutes } from '@/features/audit-logs/routes';
import { healthLogsRoutes } from '@/features/health-logs/routes';
import { clientsRoutes } from '@/features/clients/routes';
import { configurationsRoutes } from '@/features/configurations/routes';
import { experiencesRoutes } from '@/features/experiences/routes';
import { importsRoutes } from '@/features/imports/routes';
import { optoutsRoutes } from '@/features/optouts/routes';
import { translationsRoutes } from '@/features/translations/routes';
import { emailReportsRoutes } from '@/features/email-reports/routes';
import { sentimentModelsRoutes } from '@/features/ai-sentiment-models/routes';
import { ftpExportsRoutes } from '@/features/ftp-exports/routes';
import { aiJobsRoutes } from '@/features/ai-jobs/routes';
import { dataAdminRoutes } from '@/features/data-admin/routes';
import { scheduledJobsRoutes } from '@/features/scheduled-jobs/routes';
import { surveysRoutes } from '@/features/surveys/routes';
import { templatesRoutes } from '@/features/templates/routes';
import { licenseRoutes } from '@/features/license/routes';
import { rolesRoutes } from '@/features/roles/routes';
import { tenantsRoutes } from '@/features/tenants/routes';
import { usersRoutes } from '@/features/users/routes';
import { reportsRoutes } from '@/features/reports/routes';
import { widgetCatalogueRoutes } from '@/features/widget-catalogue/routes';
import { publicRoutes, signInRoute } from '@/features/auth/public-routes';
import { errorRoutes } from '@/features/errors/error-routes';
import { loadAllCatalogues } from '@/lib/i18n';
import { PageLoading } from './page-loading';
import { RequireAuth } from './require-auth';
import { RouteEffects } from './route-effects';

/*
 * Public and error pages first; every other path needs a session and goes to the shell, which checks it
 * against the screens and their scopes (features/shell/menu-registry.ts): unknown paths go to /404. Screens
 * load on first visit, so the sign-in page carries none of them, nor antd (app-frame.tsx), nor the catalogues
 * of the signed-in screens (lib/i18n.ts).
 */
const router = createBrowserRouter([
  {
    element: (
      <>
        <RouteEffects />
        <Outlet />
      </>
    ),
    // Shown while the first page's code loads on a direct visit (a reload of /profile, say).
    HydrateFallback: PageLoading,
    children: [
      signInRoute,
      {
        // Every page but the sign-in page reads the whole catalogue of its language: it loads with the frame.
        lazy: async () => {
          const [{ AppFrame }] = await Promise.all([import('./app-frame'), loadAllCatalogues()]);
          return { Component: AppFrame };
        },
        children: [
          ...publicRoutes,
          ...errorRoutes,
          {
            element: <RequireAuth />,
            children: [
              {
                lazy: async () => ({
                  Component: (await import('@/features/shell/components/shell-root')).ShellRoot,
                }),
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('@/features/home/components/home-page')).HomePage,
                    }),
                  },
                  {
                    path: 'profile',
                    lazy: async () => ({
                      Component: (await import('@/features/profile/components/profile-page')).ProfilePage,
                    }),
                  },
                  ...usersRoutes,
                  ...rolesRoutes,
                  ...clientsRoutes,
                  ...tenantsRoutes,
                  ...licenseRoutes,
                  ...auditLogsRoutes,
                  ...healthLogsRoutes,
                  ...aiTopicModelsRoutes,
                  ...configurationsRoutes,
                  ...experiencesRoutes,
                  ...surveysRoutes,
                  ...templatesRoutes,
                  ...reportsRoutes,
                  ...widgetCatalogueRoutes,
                  ...importsRoutes,
                  ...optoutsRoutes,
                  ...translationsRoutes,
                  ...emailReportsRoutes,
                  ...ftpExportsRoutes,
                  ...dataAdminRoutes,
                  ...scheduledJobsRoutes,
                  ...alertsRoutes,
                  ...responsesAnalyzerRoutes,
                  ...profilerSimulationRoutes,
                  ...topicInsightRoutes,
                  ...aiDataRoutes,
                  ...aiAnnotationRoutes,
                  ...aiJobsRoutes,
                  ...sentimentModelsRoutes,
                  ...integrationsRoutes,
                  ...catiRoutes,
                  // Any other path: the shell knows the screens of later releases and sends the rest to /404.
                  { path: '*', element: null },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
