import { BRANCH_CHART_DEFAULT_CATEGORIES, performanceRowSchema, type PerformanceRow } from '@loupe/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Empty, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EChart, type EChartsEvents } from '@/components/echart';
import { apiRequest } from '@/lib/api-client';
import { DrillBreadcrumbs } from '@/widgets/shared/drill-breadcrumbs';
import { useDrill } from '@/widgets/shared/drill-context';
import {
  atDeepestLevel,
  canDrill,
  channelCrumb,
  ownDrill,
  selectedLeaf,
  withOwnDrill,
  type DrillCrumb,
} from '@/widgets/shared/drill-crumbs';
import {
  performanceChartHeight,
  performanceOption,
  performanceSummary,
  type PerformanceTexts,
} from './performance-chart';
import styles from './performance-views.module.css';
import { widgetDataKeys } from '@/widgets/shared/use-widget-data';
import type { WidgetViewProps } from '@/widgets/shared/view-types';
import { useWidgetTitle } from '@/widgets/shared/widget-title';

/*
 * NpsPerformanceChart and ChannelPerformanceChart (reports spec §2, §4, §9; docs/widgets-charts.md): horizontal
 * NPS bars per row with the total NPS line. The channel (branch) chart is a master widget: its breadcrumbs sit
 * above it, a click on a bar (or its name, or the drill-down picker for keyboard users) drills into the level
 * below when that level has data, and the widgets listing it in masterWidgets follow (drill-context.tsx).
 */

const rowsSchema = z.array(performanceRowSchema);

function parseRows(data: unknown): PerformanceRow[] {
  const parsed = rowsSchema.safeParse(data);
  return parsed.success ? parsed.data : [];
}

function usePerformanceTexts(): PerformanceTexts {
  const { t } = useTranslation('widgetCharts');
  return useMemo(
    () => ({
      nps: t('tooltip.nps'),
      promoters: t('tooltip.promoters'),
      neutrals: t('tooltip.neutrals'),
      detractors: t('tooltip.detractors'),
      responses: t('tooltip.responses'),
      total: (value: string) => t('tooltip.totalNps', { value }),
      ci: t('tooltip.ci'),
      smallSample: (minimum: string) => t('tooltip.smallSample', { minimum }),
      smallSampleMark: t('tooltip.smallSampleMark'),
    }),
    [t],
  );
}

type ClickParams = { componentType?: string; dataIndex?: number; value?: unknown };

function PerformanceChart({
  rows,
  showTooltip,
  selected = null,
  windowSize,
  onBar,
}: {
  rows: readonly PerformanceRow[];
  showTooltip: boolean;
  /** Show `windowSize` categories with a scroll bar when there are more (the branch chart; branchWindow). */
  windowSize?: number;
  /** The CategoryId of the bar a drill selected at the deepest level (marked; the others dimmed). */
  selected?: number | null;
  /** A click on a bar or on its name; rows it cannot drill into are not offered. */
  onBar?: (row: PerformanceRow) => void;
}) {
  const { i18n } = useTranslation();
  const texts = usePerformanceTexts();
  const locale = i18n.language;
  const rtl = i18n.dir(locale) === 'rtl';
  const drills = onBar !== undefined;
  const option = useMemo(
    () =>
      performanceOption({
        rows,
        texts,
        locale,
        rtl,
        showTooltip,
        selected,
        windowSize,
        drillable: drills ? canDrill : undefined,
      }),
    [rows, texts, locale, rtl, showTooltip, selected, windowSize, drills],
  );
  const onEvents = useMemo<EChartsEvents | undefined>(() => {
    if (!onBar) return undefined;
    return {
      click: (params: unknown) => {
        const { componentType, dataIndex, value } = params as ClickParams;
        const row =
          componentType === 'series'
            ? rows[dataIndex ?? -1]
            : componentType === 'yAxis'
              ? rows.find((item) => item.Category === value)
              : undefined;
        if (row && canDrill(row)) onBar(row);
      },
    };
  }, [rows, onBar]);

  return (
    <EChart
      option={option}
      height={performanceChartHeight(
        windowSize === undefined ? rows.length : Math.min(rows.length, windowSize),
      )}
      label={performanceSummary(rows, texts, locale)}
      onEvents={onEvents}
    />
  );
}

/** Under a chart with small-sample rows: what the hatched bars after the ranked ones are. */
function SmallSampleNote({ rows }: { rows: readonly PerformanceRow[] }) {
  const { t } = useTranslation('widgetCharts');
  const small = rows.find((row) => row.SmallSample);
  if (!small) return null;
  return (
    <Typography.Paragraph type="secondary" className={styles.note}>
      {t('performance.smallSampleNote', { minimum: small.MinimumSampleSize ?? '' })}
    </Typography.Paragraph>
  );
}

function NoRows({ text }: { text: string }) {
  return (
    <div className={styles.state}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />
    </div>
  );
}

/** NPS per product, transaction type, survey, journey stage, experience or employee. */
export function NpsPerformanceView({ widget, data }: WidgetViewProps) {
  const { t } = useTranslation('widgetCharts');
  const rows = useMemo(() => parseRows(data), [data]);
  if (rows.length === 0) return <NoRows text={t('performance.noRows')} />;
  return (
    <div className={styles.chart}>
      <PerformanceChart rows={rows} showTooltip={widget.config.showTooltip !== false} />
      <SmallSampleNote rows={rows} />
    </div>
  );
}

/** NPS per channel (branch, region) at a channel level, with drill-down; a master widget. */
export function ChannelPerformanceView({ widget, data, request, endpoint }: WidgetViewProps) {
  const { t } = useTranslation('widgetCharts');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const titleOf = useWidgetTitle();
  const { crumbs, drillDown } = useDrill(widget.id);
  const selected = selectedLeaf(crumbs);
  const [checking, setChecking] = useState(false);
  const [pickerKey, setPickerKey] = useState(0);

  // The card's request already holds this widget's own drill (use-widget-data.ts), so `data` is this level.
  const allRows = useMemo(() => parseRows(data), [data]);

  // A bar drills into the level below when that level has data: it is fetched first, under the card's own
  // query key, so the chart shows it at once. Otherwise (a branch) the bar is selected: a leaf crumb, which
  // filters the slaves while this chart stays on its level.
  const onBar = async (row: PerformanceRow) => {
    if (!canDrill(row) || checking) return;
    setChecking(true);
    try {
      let crumb: DrillCrumb | null = channelCrumb(row, { leaf: atDeepestLevel(row) });
      if (crumb && !crumb.leaf) {
        const next = withOwnDrill(request, ownDrill([crumb]));
        const lower = await queryClient.fetchQuery({
          queryKey: widgetDataKeys.of(widget.id, JSON.stringify(widget.config), next),
          queryFn: ({ signal }) =>
            apiRequest({
              path: endpoint,
              method: 'POST',
              body: next,
              schema: rowsSchema,
              signal,
              showErrorDialog: false,
            }),
        });
        if (lower.length === 0) crumb = channelCrumb(row, { leaf: true });
      }
      if (crumb) drillDown(crumb);
    } catch (error) {
      console.error(`Widget ${widget.id} could not drill into ${row.Category}`, error);
      void message.error(t('drill.failed', { name: row.Category }));
    } finally {
      setChecking(false);
    }
  };
  const onBarClick = (row: PerformanceRow) => void onBar(row);

  const drillOptions = allRows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => canDrill(row))
    .map(({ row, index }) => ({ value: index, label: row.Category }));

  return (
    <div className={styles.chart}>
      <div className={styles.toolbar}>
        <DrillBreadcrumbs widgetId={widget.id} title={titleOf(widget)} />
        {drillOptions.length > 0 && (
          <Select
            key={`${pickerKey}-${crumbs.length}`}
            size="small"
            className={styles.drillSelect}
            aria-label={t('drill.select')}
            placeholder={t('drill.selectPlaceholder')}
            options={drillOptions}
            showSearch={{ optionFilterProp: 'label' }}
            loading={checking}
            disabled={checking}
            onChange={(index: number) => {
              setPickerKey((key) => key + 1);
              const row = allRows[index];
              if (row) onBarClick(row);
            }}
          />
        )}
      </div>
      {allRows.length === 0 ? (
        <NoRows text={t('performance.noRows')} />
      ) : (
        <PerformanceChart
          rows={allRows}
          showTooltip={widget.config.showTooltip !== false}
          selected={selected}
          windowSize={BRANCH_CHART_DEFAULT_CATEGORIES}
          onBar={onBarClick}
        />
      )}
      <SmallSampleNote rows={allRows} />
      {allRows.length > BRANCH_CHART_DEFAULT_CATEGORIES && (
        <Typography.Paragraph type="secondary" className={styles.note}>
          {t('performance.scrollHint', { shown: BRANCH_CHART_DEFAULT_CATEGORIES, total: allRows.length })}
        </Typography.Paragraph>
      )}
    </div>
  );
}
