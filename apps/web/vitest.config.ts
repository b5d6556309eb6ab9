import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

// The web's unit tests: pure modules in Node, with browser storage stubbed per test file. Workspace packages
// resolve to their TypeScript source; in the Node test environment it is `ssr.resolve` that takes effect.
const conditions = ['source', ...defaultClientConditions];

export default defineProject({
  // `@/…` is apps/web/src, as in vite.config.ts and tsconfig.json.
  resolve: { conditions, alias: [{ find: /^@\//, replacement: `${import.meta.dirname}/src/` }] },
  ssr: { resolve: { conditions } },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
