import { BranchesOutlined, WarningOutlined } from '@ant-design/icons';
import { TREND_MAX_POINTS, type WidgetKind } from '@loupe/contracts';
import { Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlacedWidget } from './widget-layout';
import { AppliedFiltersChip } from './applied-filters-chip';
import { useMasterFilter } from './drill-context';
import { useReportWidgets } from './report-context';
import { formatDay, rangeCoverage } from '@/widgets/trend/trend-buckets';
import styles from './widget-card.module.css';
import { dataFiltersOf, masterWidgetsOf, widgetKindOf } from './widget-data';
import { useWidgetTitle } from './widget-title';

/** Kinds whose drill-down drives other widgets (reports spec §6: channel performance and bubble charts). */
const MASTER_KINDS: readonly WidgetKind[] = ['ChannelPerformanceChart', 'TextAnalyticsBubbleChart2'];

/** Kinds that warn when the date range holds more buckets than they show (reports spec §2). */
const TREND_KINDS: readonly WidgetKind[] = ['TrendChart', 'MultiSeriesChart'];

/**
 * The line under a card's title (reports spec §2 "widget card"): the master widgets that drive this one
 * ("affected by"), a "not affected" badge while another master widget of the report is drilled down, the
 * applied-filters chip, and for trend charts a warning when the date range starts before the first bucket shown.
 */
export function WidgetNotices({ widget, kind }: { widget: PlacedWidget; kind: WidgetKind | undefined }) {
  const { t } = useTranslation('widgets');
  const { widgets, filter } = useReportWidgets();
  const titleOf = useWidgetTitle();
  const masters = masterWidgetsOf(widget.config);
  const masterNames = widgets.filter((other) => masters.includes(other.id)).map(titleOf);
  const otherMasters = useMemo(
    () =>
      widgets
        .filter((other) => other.id !== widget.id && !masters.includes(other.id))
        .filter((other) => {
          const otherKind = widgetKindOf(other.config);
          return otherKind !== undefined && MASTER_KINDS.includes(otherKind);
        })
        .map((other) => other.id),
    // `masters` is read from the same config.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [widgets, widget.id, widget.config],
  );
  const otherDrill = useMasterFilter(otherMasters);
  const notAffected = Object.keys(otherDrill).length > 0;

  const categoryType = dataFiltersOf(widget.config).CategoryType;
  const coverage =
    kind && TREND_KINDS.includes(kind) && filter.TimeRange && categoryType
      ? rangeCoverage(filter.TimeRange, categoryType)
      : undefined;

  return (
    <div className={styles.notices}>
      {masterNames.length > 0 && (
        <span className={styles.notice} title={t('card.affectedByLabel', { names: masterNames.join(', ') })}>
          <BranchesOutlined aria-hidden />
          {t('card.affectedBy', { names: masterNames.join(', ') })}
        </span>
      )}
      {notAffected && (
        <Tooltip title={t('card.notAffectedHint')}>
          <Tag className={styles.badge} tabIndex={0} aria-description={t('card.notAffectedHint')}>
            {t('card.notAffected')}
          </Tag>
        </Tooltip>
      )}
      <AppliedFiltersChip widget={widget} />
      {coverage && !coverage.covered && categoryType && (
        <span className={styles.warning} role="note">
          <WarningOutlined aria-hidden />
          <span>
            {t(`card.rangeNotCovered.${categoryType}`, {
              points: TREND_MAX_POINTS,
              start: formatDay(coverage.shownFrom),
            })}
          </span>
        </span>
      )}
    </div>
  );
}
