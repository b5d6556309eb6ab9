import type { ReportFilter } from '@loupe/contracts';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  crumbsWithRoot,
  drillDown as addCrumb,
  drillFromParams,
  drillUp as dropCrumbs,
  masterFilter,
  ownDrill,
  withDrillParam,
  type DrillCrumb,
  type DrillState,
  type OwnDrill,
} from './drill-crumbs';

/*
 * Drill-down state of the report's master widgets (reports spec §4; docs/widgets-charts.md "Drill-down"). A
 * channel performance chart (or, with the text-analytics issue, a bubble chart) keeps breadcrumbs; widgets that
 * list it in Config.masterWidgets add its last crumb's filter to their request. The state lives in the address
 * (`?drill=`), so a reload, the back button and a shared link show the same drill.
 */

export type { DrillCrumb, OwnDrill } from './drill-crumbs';

type DrillContextValue = {
  state: DrillState;
  update: (widgetId: number, change: (stored: readonly DrillCrumb[]) => readonly DrillCrumb[]) => void;
};

const DrillContext = createContext<DrillContextValue | null>(null);
const NO_CRUMBS: readonly DrillCrumb[] = [];

export function DrillProvider({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const text = params.get('drill');
  // Parsed again only when the parameter itself changes, so consumers keep stable values across renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `text` is what `params` contributes here
  const state = useMemo(() => drillFromParams(params), [text]);
  const update = useCallback<DrillContextValue['update']>(
    (widgetId, change) =>
      setParams(
        (current) => {
          const now = drillFromParams(current);
          const stored = now[widgetId] ?? NO_CRUMBS;
          const next = change(stored);
          return next === stored ? current : withDrillParam(current, { ...now, [widgetId]: next });
        },
        { replace: true },
      ),
    [setParams],
  );
  const value = useMemo(() => ({ state, update }), [state, update]);
  return <DrillContext.Provider value={value}>{children}</DrillContext.Provider>;
}

function useDrillContext(): DrillContextValue {
  const value = useContext(DrillContext);
  if (!value) throw new Error('drill hooks outside a DrillProvider');
  return value;
}

/**
 * The crumbs of a master widget (the root crumb "All" first) and the actions on them: `drillDown` adds a
 * crumb; `drillUp(index)` goes back to the crumb at that index and drops the later ones (the last crumb, and a
 * lone root crumb, do nothing).
 */
export function useDrill(widgetId: number): {
  crumbs: readonly DrillCrumb[];
  drillDown: (crumb: DrillCrumb) => void;
  drillUp: (index: number) => void;
} {
  const { t } = useTranslation('widgetCharts');
  const { state, update } = useDrillContext();
  const stored = state[widgetId] ?? NO_CRUMBS;
  const rootLabel = t('drill.all');
  const crumbs = useMemo(() => crumbsWithRoot(stored, rootLabel), [stored, rootLabel]);
  const drillDown = useCallback(
    (crumb: DrillCrumb) => update(widgetId, (current) => addCrumb(current, crumb)),
    [update, widgetId],
  );
  const drillUp = useCallback(
    (index: number) => update(widgetId, (current) => dropCrumbs(current, index)),
    [update, widgetId],
  );
  return { crumbs, drillDown, drillUp };
}

/** The filter the given master widgets' drill-downs add (empty when none is drilled). */
export function useMasterFilter(masterWidgets: readonly number[]): Partial<ReportFilter> {
  const { state } = useDrillContext();
  const key = masterWidgets.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the list's contents
  return useMemo(() => masterFilter(state, masterWidgets), [state, key]);
}

/**
 * What a master widget's own drill changes in its own request: the last crumb's filter (ChannelSet of the bar)
 * and dataFilters (the next ChannelColumnLevel); empty for a widget that is not drilled. The card adds it to the
 * widget's request with `withOwnDrill` (use-widget-data.ts).
 */
export function useOwnDrillFilter(widgetId: number): OwnDrill {
  const { state } = useDrillContext();
  const stored = state[widgetId];
  return useMemo(() => ownDrill(stored), [stored]);
}
