import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import packageJson from './package.json' with { type: 'json' };

// The API server the dev server forwards to; the built SPA is served by apps/server itself.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // The version dialog compares the server's version with the one this build was made from.
  define: { __APP_VERSION__: JSON.stringify(packageJson.version) },
  resolve: {
    // 'source' first, so @loupe/contracts is compiled from its TypeScript source, not from its dist.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/token': apiTarget,
      '/bootstrap': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The largest shared chunk (antd's core with zod and i18next) is ~500 kB minified.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app, so they get a long-cached chunk of their own.
        // antd is left to the default splitting: one antd chunk would put the shell's menu, drawer and tour
        // (and every antd locale) on the sign-in page, which needs none of them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            // A language's catalogues load together when it is chosen: one chunk per language, not one per
            // namespace (Turkish, the default, is in the entry).
            {
              name: (id: string) => `locale-${/[\\/]locales[\\/]([a-z-]+)[\\/]/.exec(id)?.[1] ?? 'other'}`,
              test: /[\\/]src[\\/]locales[\\/](?!tr[\\/])[a-z-]+[\\/][^\\/]+\.json$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
