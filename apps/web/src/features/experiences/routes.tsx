import type { RouteObject } from 'react-router';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const experiencesRoutes: RouteObject[] = [
  {
    path: 'experiences',
    lazy: async () => ({ Component: (await import('./components/experiences-page')).ExperiencesPage }),
  },
  {
    path: 'experiences/create',
    lazy: async () => ({ Component: (await import('./components/experience-page')).ExperiencePage }),
  },
  {
    path: 'experiences/:id',
    lazy: async () => ({ Component: (await import('./components/experience-page')).ExperiencePage }),
  },
  {
    path: 'weighted-experience-groups',
    lazy: async () => ({ Component: (await import('./components/weighted-groups-page')).WeightedGroupsPage }),
  },
  {
    path: 'weighted-experience-groups/create',
    lazy: async () => ({ Component: (await import('./components/weighted-group-page')).WeightedGroupPage }),
  },
  {
    path: 'weighted-experience-groups/:id',
    lazy: async () => ({ Component: (await import('./components/weighted-group-page')).WeightedGroupPage }),
  },
  {
    path: 'journey-stages',
    lazy: async () => ({ Component: (await import('./components/journey-stages-page')).JourneyStagesPage }),
  },
  {
    path: 'journey-stages/create',
    lazy: async () => ({ Component: (await import('./components/journey-stage-page')).JourneyStagePage }),
  },
  {
    path: 'journey-stages/:id',
    lazy: async () => ({ Component: (await import('./components/journey-stage-page')).JourneyStagePage }),
  },
];
