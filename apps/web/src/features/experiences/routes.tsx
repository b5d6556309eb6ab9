import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const experiencesRoutes: RouteObject[] = [
  ...recordRoutes(
    'experiences',
    async () => (await import('./components/experiences-page')).ExperiencesPage,
    async () => (await import('./components/experience-page')).ExperiencePage,
  ),
  ...recordRoutes(
    'weighted-experience-groups',
    async () => (await import('./components/weighted-groups-page')).WeightedGroupsPage,
    async () => (await import('./components/weighted-group-page')).WeightedGroupPage,
  ),
  ...recordRoutes(
    'journey-stages',
    async () => (await import('./components/journey-stages-page')).JourneyStagesPage,
    async () => (await import('./components/journey-stage-page')).JourneyStagePage,
  ),
];
