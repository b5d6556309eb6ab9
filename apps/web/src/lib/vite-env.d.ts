/** Replaced at build time with apps/web/package.json's version (vite.config.ts and vitest.config.ts). */
declare const __APP_VERSION__: string;
