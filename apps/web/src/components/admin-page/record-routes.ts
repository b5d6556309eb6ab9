import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * Loads a page on first visit; the dynamic `import()` stays in the feature, so each page keeps its own chunk.
 * E.g. `async () => (await import('./components/roles-page')).RolesPage`.
 */
export type PageLoader = () => Promise<ComponentType>;

/**
 * The routes of a list of records under the shell: `{path}` the list, `{path}/create` and `{path}/:id` the
 * record's page, each loaded on first visit (lazy).
 */
export function recordRoutes(path: string, listPage: PageLoader, recordPage: PageLoader): RouteObject[] {
  const lazy = (load: PageLoader) => async () => ({ Component: await load() });
  return [
    { path, lazy: lazy(listPage) },
    { path: `${path}/create`, lazy: lazy(recordPage) },
    { path: `${path}/:id`, lazy: lazy(recordPage) },
  ];
}
