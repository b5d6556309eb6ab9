import type { WidgetKind } from '@loupe/contracts';
import { Suspense, type ComponentType } from 'react';
import type { PlacedWidget } from '@/widgets/shared/widget-layout';
import { DrillBreadcrumbs } from '@/widgets/shared/drill-breadcrumbs';
import { useDrill } from '@/widgets/shared/drill-context';
import { useReportWidgets } from '@/widgets/shared/report-context';
import { useWidgetData, useWidgetRequest } from '@/widgets/shared/use-widget-data';
import styles from '@/widgets/shared/widget-card.module.css';
import {
  hasWidgetData,
  needsTopicModel,
  waitsForFilters,
  widgetEndpoint,
} from '@/widgets/shared/widget-data';
import {
  WidgetLoading,
  WidgetNeedsTopicModel,
  WidgetNoData,
  WidgetViewBoundary,
  WidgetWaitsForFilters,
} from '@/widgets/shared/widget-states';
import type { WidgetViewProps } from '@/widgets/shared/view-types';
import { useWidgetTitle } from '@/widgets/shared/widget-title';
import { WIDGET_VIEWS } from '@/widgets/shared/widget-views';

type AnyView = ComponentType<WidgetViewProps<unknown>>;

/**
 * What a widget card shows inside its frame (reports spec §2, §4 "widget data loading"): the view of its kind
 * drawn from its data, or a state instead — no topic model chosen, waiting for applied filters (tables and
 * comments), loading, and no data (also for any failure, and for a kind this page cannot draw yet). Tables fetch
 * their own pages; the card fetches for every other kind.
 */
export function WidgetBody({ widget, kind }: { widget: PlacedWidget; kind: WidgetKind | undefined }) {
  const { filtersApplied, canManage } = useReportWidgets();
  const request = useWidgetRequest(widget);
  const entry = kind ? WIDGET_VIEWS[kind] : undefined;
  const endpoint = widgetEndpoint(widget.config);
  const topicMissing = needsTopicModel(widget.config);
  const waiting = kind !== undefined && waitsForFilters(kind) && !filtersApplied;
  const { crumbs } = useDrill(widget.id);
  const titleOf = useWidgetTitle();
  const query = useWidgetData({
    widget,
    kind: kind ?? 'Card',
    request,
    enabled: entry !== undefined && !entry.selfFetching && !topicMissing && !waiting,
  });

  const body = (() => {
    if (kind === undefined) return <WidgetNoData reason="noView" />;
    if (topicMissing) return <WidgetNeedsTopicModel canEdit={canManage} />;
    if (waiting) return <WidgetWaitsForFilters />;
    if (!entry || endpoint === undefined) return <WidgetNoData reason="noView" />;
    const View = entry.view as unknown as AnyView;
    const props = { widget, kind, request, endpoint, canManage };
    if (entry.selfFetching) return <View {...props} data={undefined} />;
    if (query.isPending) return <WidgetLoading />;
    if (query.isError || !hasWidgetData(kind, query.data)) {
      // A drilled chart whose level has emptied keeps its breadcrumbs, so the user can drill back up.
      return crumbs.length > 1 ? (
        <>
          <DrillBreadcrumbs widgetId={widget.id} title={titleOf(widget)} />
          <WidgetNoData />
        </>
      ) : (
        <WidgetNoData />
      );
    }
    return (
      <div className={query.isPlaceholderData ? styles.refreshing : undefined} aria-busy={query.isFetching}>
        <View {...props} data={query.data} />
      </div>
    );
  })();

  return (
    <div className={styles.body}>
      <WidgetViewBoundary widgetId={widget.id} resetKey={query.data}>
        <Suspense fallback={<WidgetLoading />}>{body}</Suspense>
      </WidgetViewBoundary>
    </div>
  );
}
