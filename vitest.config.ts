import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Workspace packages resolve to their TypeScript source (the "source" export condition), so tests never
// depend on a stale or missing `dist`. Node tests resolve through Vite's SSR environment: `ssr.resolve` is
// the setting that takes effect; the rest is Vite's default server list (`defaultServerConditions`).
const conditions = ['source', 'module', 'node', 'development|production'];
const resolveSource = { resolve: { conditions }, ssr: { resolve: { conditions } } };

const apiFiles = ['apps/server/src/**/*.test.ts'];
const unitFiles = ['apps/server/src/**/*.unit.test.ts'];

/** The API suite against one database engine; every test file opens its own database (test/test-app.ts). */
function apiProject(database: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: true,
    ...resolveSource,
    test: {
      name: `api-${database}`,
      include: apiFiles,
      exclude: unitFiles,
      env: { LOUPE_TEST_DB: database },
      // Files in one worker share loaded modules (and PGlite's compiled WebAssembly), which halves the run;
      // each file still opens its own database. A file that needs vi.mock must not rely on this sharing.
      isolate: false,
    },
  };
}

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    // Vitest keeps a core for its main process by default (one worker on a 2-core CI machine). That process
    // only collects results here, and an API file spends much of its time waiting on PostgreSQL, so the
    // workers take every core: the suite's wall time on 2 cores drops by about a third.
    maxWorkers: availableParallelism(),
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        ...resolveSource,
        test: {
          name: 'unit',
          include: ['packages/contracts/src/**/*.test.ts', 'apps/respondent/src/**/*.test.ts', ...unitFiles],
        },
      },
      'apps/web/vitest.config.ts',
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
