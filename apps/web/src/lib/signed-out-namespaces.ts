/**
 * The catalogue namespaces the signed-out pages read: lib/i18n.ts loads them before the first render and the rest
 * with the signed-in app, and vite.config.ts puts them in a chunk of their own per language. Kept free of imports,
 * so the build configuration can read it.
 */
export const SIGNED_OUT_NAMESPACES = ['common', 'auth', 'validation'] as const;
