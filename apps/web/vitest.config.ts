import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

// The web's unit tests: pure modules in Node, with browser storage stubbed per test file. Workspace packages
// resolve to their TypeScript source; in the Node test environment it is `ssr.resolve` that takes effect.
const conditions = ['source', ...defaultClientConditions];

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
