import { useCallback, useEffect, useState } from 'react';

/** The side menu's widths (shell spec §2): open, and mini (the header shifts by the difference, 120 px). */
export const SIDER_WIDTH = 230;
export const SIDER_MINI_WIDTH = 110;
/** Below this viewport width the menu is a drawer. */
const DRAWER_BREAKPOINT = 500;

const MODE_STORAGE_KEY = 'loupe.siderMode';

export type SiderMode = 'open' | 'mini';

function storedMode(): SiderMode {
  try {
    return localStorage.getItem(MODE_STORAGE_KEY) === 'mini' ? 'mini' : 'open';
  } catch {
    return 'open';
  }
}

const narrowQuery = `(max-width: ${DRAWER_BREAKPOINT - 0.02}px)`;

/** Open or mini (remembered on this device), and whether the viewport is narrow enough for the drawer. */
export function useSiderMode() {
  const [mode, setMode] = useState<SiderMode>(storedMode);
  const [narrow, setNarrow] = useState(() => window.matchMedia(narrowQuery).matches);

  useEffect(() => {
    const query = window.matchMedia(narrowQuery);
    const update = () => setNarrow(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const toggleMode = useCallback(() => {
    setMode((current) => {
      const next = current === 'open' ? 'mini' : 'open';
      try {
        localStorage.setItem(MODE_STORAGE_KEY, next);
      } catch {
        // The mode still changes for this page.
      }
      return next;
    });
  }, []);

  return { mode, narrow, toggleMode };
}
