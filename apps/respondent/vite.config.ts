import { defaultClientConditions, defineConfig } from 'vite';

// The API server the dev server forwards to; the built page is served by apps/server at /s/{guid}.
const apiTarget = 'http://localhost:3000';

/*
 * The respondent page /s/{guid} (docs/respondent-page.md): a bundle of its own, apart from the console, built with
 * Preact. Its files live under /s/ (`base`), so the server serves them beside the page route; `npm run build`
 * checks the JavaScript stays within its budget (scripts/check-bundle-size.js).
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/s/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    // 'source' first, so @loupe/contracts is compiled from its TypeScript source (and tree-shaken with it).
    conditions: ['source', ...defaultClientConditions],
  },
  server: { proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Older phones: the page is for everyone with an invitation, not only the console's users.
    target: 'es2020',
  },
});
