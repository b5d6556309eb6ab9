import type { ReportFilter } from '@loupe/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import type { PlacedWidget } from './widget-layout';

/**
 * What the widgets of one report page share (docs/widgets.md "Web"): the report, its run-time filter (date range
 * and panel filters), whether the user has applied filters on this page (tables and comment widgets wait for
 * that before their first fetch, reports spec §4), and the placed widgets (for master-widget names).
 */
export type ReportWidgetContextValue = {
  reportId: number;
  filter: ReportFilter;
  filtersApplied: boolean;
  widgets: readonly PlacedWidget[];
  canManage: boolean;
};

const ReportWidgetContext = createContext<ReportWidgetContextValue | null>(null);

export function ReportWidgetProvider({
  value,
  children,
}: {
  value: ReportWidgetContextValue;
  children: ReactNode;
}) {
  return <ReportWidgetContext.Provider value={value}>{children}</ReportWidgetContext.Provider>;
}

export function useReportWidgets(): ReportWidgetContextValue {
  const value = useContext(ReportWidgetContext);
  if (!value) throw new Error('useReportWidgets outside a ReportWidgetProvider');
  return value;
}
