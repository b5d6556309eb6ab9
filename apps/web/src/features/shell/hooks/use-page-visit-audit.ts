import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { recordPageVisit } from '@/lib/audit';

/**
 * Records each page visit (audit type 7) with the path and the screen's route name (shell spec §2, §7), once
 * the visit is `enabled` (the user may open the page).
 */
export function usePageVisitAudit({
  routeName,
  enabled,
}: {
  routeName: string | undefined;
  enabled: boolean;
}): void {
  const { pathname } = useLocation();
  // Development's double effects and re-renders must not record one visit twice.
  const recorded = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || recorded.current === pathname) return;
    recorded.current = pathname;
    void recordPageVisit({ path: pathname, routeName: routeName ?? pathname });
  }, [pathname, routeName, enabled]);
}
