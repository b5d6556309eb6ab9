import { createContext, useContext } from 'react';

/*
 * Whether an address inside the console opens a screen of this build (the shell's menu registry knows; the app
 * provides its `isBuiltPath` in antd-providers.tsx, so features ask here instead of importing the shell). A link
 * into a screen of a later release is drawn disabled with a tooltip (components/later-release.tsx) until then.
 */
const BuiltScreens = createContext<(path: string) => boolean>(() => false);

export const BuiltScreensProvider = BuiltScreens.Provider;

/** `(path) => boolean`: true when `path` (query string allowed) opens a built screen. */
export function useIsBuiltPath(): (path: string) => boolean {
  return useContext(BuiltScreens);
}
