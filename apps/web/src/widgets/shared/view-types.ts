import type { WidgetDataRequest, WidgetKind } from '@loupe/contracts';
import type { PlacedWidget } from './widget-layout';

/**
 * What a widget view (the drawing inside a widget card) is given (docs/widgets.md "Web"). Views that fetch for
 * themselves (tables, which page) get `data` undefined and use `request` and `endpoint`.
 */
export type WidgetViewProps<T = unknown> = {
  widget: PlacedWidget;
  kind: WidgetKind;
  /** The endpoint's answer; already known to have data (the card shows the no-data state otherwise). */
  data: T;
  /** The body the card posts: the report filter with master drill-downs, DataFilters and ReportId. */
  request: WidgetDataRequest;
  /** `/api/` + Config.dataEndpoint.slice(4). */
  endpoint: string;
  canManage: boolean;
};
