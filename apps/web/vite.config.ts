import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import packageJson from './package.json' with { type: 'json' };
import { SIGNED_OUT_NAMESPACES } from './src/lib/signed-out-namespaces';

// The API server the dev server forwards to; the built SPA is served by apps/server itself.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // The version dialog compares the server's version with the one this build was made from.
  define: { __APP_VERSION__: JSON.stringify(packageJson.version) },
  resolve: {
    // `@/…` is apps/web/src (tsconfig.json's paths), so a module names what it imports, not how far up it is.
    alias: [{ find: /^@\//, replacement: `${import.meta.dirname}/src/` }],
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
    // The largest chunks: ECharts (~690 kB minified, report pages only) and the vendor chunk below (~630 kB).
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app, so they get a long-cached chunk of their own.
        // The other libraries the entry imports statically (`$initial`: antd's core and the components of the
        // sign-in page, zod, i18next, TanStack Query) share one 'vendor' chunk: left to the default splitting
        // they came in ~40 small chunks, which compress ~16 KB worse. Only those: one chunk of all antd would
        // put the shell's menu, drawer and tour (and every antd locale) on the sign-in page.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'vendor', tags: ['$initial'], test: /node_modules/, priority: 1 },
            // The signed-in app's antd: what every antd component needs (config, theme, styles, motion, portals,
            // triggers) and the icons, each in one chunk loaded with the first page past the sign-in page. Left
            // to the default splitting they came in ~45 small chunks on a report's first visit; the components
            // themselves stay split, so a page loads only the ones it uses (and the antd locales stay lazy).
            {
              name: 'antd-core',
              test: /node_modules[\\/](antd[\\/]es[\\/](_util|config-provider|theme|style|locale[\\/](context|index|useLocale|en_US))|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/](util|motion|portal|trigger|resize-observer|context)|rc-util|rc-motion|rc-resize-observer)[\\/.]/,
              priority: 1,
            },
            { name: 'antd-icons', test: /node_modules[\\/]@ant-design[\\/]icons/, priority: 1 },
            // A language's catalogues load in two parts (lib/i18n.ts): the signed-out pages' namespaces, all the
            // sign-in page waits for, and the rest with the signed-in app. One chunk per part, not per namespace.
            {
              name: (id: string) => {
                const [, language = 'other', namespace = ''] =
                  /[\\/]locales[\\/]([a-z-]+)[\\/]([^\\/]+)\.json$/.exec(id) ?? [];
                return (SIGNED_OUT_NAMESPACES as readonly string[]).includes(namespace)
                  ? `locale-${language}-signed-out`
                  : `locale-${language}`;
              },
              test: /[\\/]src[\\/]locales[\\/][a-z-]+[\\/][^\\/]+\.json$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
