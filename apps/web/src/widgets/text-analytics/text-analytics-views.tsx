import { TABLE_PAGE_SIZES, type BubbleData, type SentimentSlice } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { Pagination, Radio, Select, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '@/lib/bootstrap';
import { BubbleLegend, TopicBubbleChart } from './bubble-chart';
import { bubbleCrumb, bubbleDrillOf, topicModelOf } from './bubble-drill';
import { SENTIMENT_COLORS, SLICE_ORDER, sliceCounts, type BubbleRow } from './bubble-layout';
import styles from './bubble-view.module.css';
import { commentsPageQueryOptions } from './comments-api';
import { canOpenResponses, commentKey, commentsPageSize, isSmallCommentsLayout } from './comments-display';
import { CommentCard } from './comments-item';
import commentStyles from './comments-view.module.css';
import { DrillBreadcrumbs } from '@/widgets/shared/drill-breadcrumbs';
import { useDrill } from '@/widgets/shared/drill-context';
import { clampPage } from '@/widgets/table/table-query';
import { useNumberFormats } from '@/widgets/shared/use-number-formats';
import type { WidgetViewProps } from '@/widgets/shared/view-types';
import { dataFiltersOf } from '@/widgets/shared/widget-data';
import { WidgetNoData } from '@/widgets/shared/widget-states';
import { useWidgetTitle } from '@/widgets/shared/widget-title';

/*
 * The text-analytics views of issue 8 drawn here (reports spec §2, §4, §9; docs/widgets-text-analytics.md):
 * TextAnalyticsBubbleChart2, the topics of a topic model as bubbles and a master widget of the AI categories, and
 * CommentsHighlightChart, the comments themselves a page at a time.
 */

/**
 * Topic bubbles: sized by comment count, coloured by net sentiment. A click on a bubble (or the topic picker,
 * for keyboard users) drills into the topic once; the slice buttons then narrow the widgets driven by the chart
 * to one sentiment of that topic; the All crumb drills back up.
 */
export function BubbleView({ widget, data }: WidgetViewProps<BubbleData>) {
  const { t } = useTranslation('widgetTextAnalytics');
  const titleOf = useWidgetTitle();
  const { crumbs, drillDown, drillUp } = useDrill(widget.id);
  const rows = data.CategorySummaryDataResults;
  const topicModelId = topicModelOf(dataFiltersOf(widget.config));
  const drill = bubbleDrillOf(crumbs);
  const drilledRow = drill ? rows.find((row) => row.TopicId === drill.topicId) : undefined;

  const onTopic = useCallback(
    (row: BubbleRow) => drillDown(bubbleCrumb({ row, topicModelId })),
    [drillDown, topicModelId],
  );

  return (
    <div className={styles.bubble}>
      <div className={styles.toolbar}>
        <DrillBreadcrumbs widgetId={widget.id} title={titleOf(widget)} />
        <Select
          size="small"
          className={styles.topicSelect}
          aria-label={t('bubble.drillSelect')}
          placeholder={t('bubble.drillPlaceholder')}
          value={drill?.topicId}
          options={rows.map((row) => ({ value: row.TopicId, label: row.CategoryLabel || row.Category }))}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          onClear={() => drillUp(0)}
          onChange={(topicId: number | undefined) => {
            const row = rows.find((item) => item.TopicId === topicId);
            if (row) onTopic(row);
          }}
        />
      </div>
      {drilledRow && (
        <SlicePicker
          row={drilledRow}
          slice={drill?.slice ?? null}
          onSlice={(slice) => drillDown(bubbleCrumb({ row: drilledRow, topicModelId, slice }))}
        />
      )}
      <TopicBubbleChart
        rows={rows}
        selected={drill?.topicId ?? null}
        showTooltip={widget.config.showTooltip !== false}
        onTopic={onTopic}
      />
      <BubbleLegend />
    </div>
  );
}

/** The sentiment slices of the drilled topic, with their counts; "All" keeps the topic without a slice. */
function SlicePicker({
  row,
  slice,
  onSlice,
}: {
  row: BubbleRow;
  slice: SentimentSlice | null;
  onSlice: (slice: SentimentSlice | null) => void;
}) {
  const { t } = useTranslation('widgetTextAnalytics');
  const formats = useNumberFormats();
  const counts = sliceCounts(row);
  const topic = row.CategoryLabel || row.Category;
  return (
    <div className={styles.slices}>
      <Radio.Group
        size="small"
        optionType="button"
        className={styles.sliceGroup}
        aria-label={t('bubble.sliceGroup', { topic })}
        value={slice ?? 'all'}
        onChange={(event) => {
          const value = event.target.value as SentimentSlice | 'all';
          onSlice(value === 'all' ? null : value);
        }}
      >
        <Radio.Button value="all">{t('bubble.allSentiments')}</Radio.Button>
        {SLICE_ORDER.map((option) => (
          <Radio.Button key={option} value={option} disabled={counts[option] === 0 && slice !== option}>
            <span
              className={styles.sliceDot}
              style={{ background: SENTIMENT_COLORS[option] }}
              aria-hidden="true"
            />
            {t('bubble.sliceOption', { slice: t(`slice.${option}`), count: formats.count(counts[option]) })}
          </Radio.Button>
        ))}
      </Radio.Group>
      <p className={styles.drilled} aria-live="polite">
        {slice === null
          ? t('bubble.drilled', { topic })
          : t('bubble.drilledSlice', { topic, slice: t(`slice.${slice}`).toLocaleLowerCase() })}
      </p>
    </div>
  );
}

/**
 * Comment highlights: the number of comments and a page of them (10 by default). The card renders it only once
 * the report's filters are applied (reports spec §4), and it fetches its own pages.
 */
export function CommentsView({ widget, request, endpoint }: WidgetViewProps) {
  const { t } = useTranslation('widgetTextAnalytics');
  const formats = useNumberFormats();
  const titleOf = useWidgetTitle();
  const canOpen = canOpenResponses(useBootstrap().data?.User.Scopes ?? []);
  const small = isSmallCommentsLayout(widget.width);
  const requestKey = JSON.stringify(request);
  // A new filter starts again at the first page; the page size stays.
  const [paging, setPaging] = useState({ requestKey, page: 1 });
  const [pageSize, setPageSize] = useState(commentsPageSize(undefined));
  const page = paging.requestKey === requestKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ requestKey, page: next });

  const query = useQuery(
    commentsPageQueryOptions({ widgetId: widget.id, endpoint, request, page, pageSize }),
  );
  useEffect(() => {
    // Widget data failures are logged only (reports spec §8); the widget shows its no-data state.
    if (query.error) console.error(`comments widget ${widget.id}: data failed`, query.error);
  }, [query.error, widget.id]);

  const count = query.data?.Count;
  if (
    count !== undefined &&
    !query.isPlaceholderData &&
    page > 1 &&
    page !== clampPage(page, pageSize, count)
  ) {
    setPage(clampPage(page, pageSize, count));
  }

  if (query.isPending) {
    return (
      <div className={commentStyles.state}>
        <Spin />
      </div>
    );
  }
  if (query.isError || query.data.Count === 0 || query.data.Items.length === 0) return <WidgetNoData />;

  const data = query.data;
  const title = titleOf(widget);
  return (
    <section className={commentStyles.comments} aria-busy={query.isFetching} aria-label={title}>
      <div className={commentStyles.header}>
        <Typography.Text className={commentStyles.count}>
          {t('comments.count', { count: data.Count, formatted: formats.count(data.Count) })}
        </Typography.Text>
      </div>
      <ul className={commentStyles.list} aria-label={t('comments.list', { title })}>
        {data.Items.map((item, index) => (
          <CommentCard key={commentKey(item, index)} item={item} small={small} canOpen={canOpen} />
        ))}
      </ul>
      {data.Count > Math.min(...TABLE_PAGE_SIZES) && (
        <nav className={commentStyles.pagination} aria-label={t('comments.pagination', { title })}>
          <Pagination
            size="small"
            simple={small}
            current={page}
            pageSize={pageSize}
            total={data.Count}
            pageSizeOptions={[...TABLE_PAGE_SIZES]}
            showSizeChanger={!small}
            onChange={(nextPage, nextSize) => {
              const size = commentsPageSize(nextSize);
              setPage(size === pageSize ? nextPage : 1);
              setPageSize(size);
            }}
          />
        </nav>
      )}
    </section>
  );
}
