import type { RouteObject } from 'react-router';

/** The translations screen under the shell (shell spec §2 `translations`); lazy. */
export const translationsRoutes: RouteObject[] = [
  {
    path: 'translations',
    lazy: async () => ({ Component: (await import('./components/translations-page')).TranslationsPage }),
  },
];
