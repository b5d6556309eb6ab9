import type { WidgetDataRequest, WidgetKind } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiRequest } from '@/lib/api-client';
import type { PlacedWidget } from './widget-layout';
import { useMasterFilter, useOwnDrillFilter } from './drill-context';
import { withOwnDrill } from './drill-crumbs';
import { useReportWidgets } from './report-context';
import {
  dataFiltersOf,
  masterWidgetsOf,
  widgetDataSchema,
  widgetEndpoint,
  widgetRequest,
} from './widget-data';

/** The query keys of widget data: every widget's, and one widget's for one Config and one request body. */
export const widgetDataKeys = {
  all: ['widget-data'] as const,
  of: (widgetId: number, configText: string, body: WidgetDataRequest) =>
    ['widget-data', widgetId, configText, body] as const,
};

/**
 * The body a widget posts (reports spec §7): the report filter, its master widgets' drill-down, the report's
 * id and its dataFilters; a master widget that is drilled also asks for its own drill (the bar's channel at the
 * next level).
 */
export function useWidgetRequest(widget: PlacedWidget): WidgetDataRequest {
  const { filter, reportId } = useReportWidgets();
  const masterFilter = useMasterFilter(masterWidgetsOf(widget.config));
  const ownDrill = useOwnDrillFilter(widget.id);
  return useMemo(
    () =>
      withOwnDrill(
        widgetRequest({ filter, masterFilter, reportId, dataFilters: dataFiltersOf(widget.config) }),
        ownDrill,
      ),
    [filter, masterFilter, reportId, widget.config, ownDrill],
  );
}

/**
 * A widget's data (reports spec §4 "widget data loading"): POSTed to its endpoint when `enabled`, read with its
 * kind's schema. A failure is only logged: the card shows its no-data state and no dialog opens (§8).
 */
export function useWidgetData({
  widget,
  kind,
  request,
  enabled,
}: {
  widget: PlacedWidget;
  kind: WidgetKind;
  request: WidgetDataRequest;
  enabled: boolean;
}) {
  const endpoint = widgetEndpoint(widget.config);
  const configText = useMemo(() => JSON.stringify(widget.config), [widget.config]);
  const query = useQuery({
    queryKey: widgetDataKeys.of(widget.id, configText, request),
    queryFn: ({ signal }) =>
      apiRequest({
        path: endpoint ?? '',
        method: 'POST',
        body: request,
        schema: widgetDataSchema(kind),
        signal,
        showErrorDialog: false,
      }),
    enabled: enabled && endpoint !== undefined,
    // The figures of one filter stay fresh for half a minute: a drill-down prefetches its next level under this
    // key, and moving between reports should not refetch every widget.
    staleTime: 30_000,
    // A new filter keeps the last figures on screen (with the spinner over them) until the new ones arrive.
    placeholderData: (previous) => previous,
  });

  useEffect(() => {
    if (query.error) console.error(`Widget ${widget.id} (${kind}) could not load its data`, query.error);
  }, [query.error, widget.id, kind]);

  return { ...query, endpoint };
}
