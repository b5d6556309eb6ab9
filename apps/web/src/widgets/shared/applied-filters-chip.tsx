import { FilterOutlined } from '@ant-design/icons';
import { idsOf } from '@loupe/contracts';
import { Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterOptions } from '@/components/report-filter';
import type { PlacedWidget } from './widget-layout';
import { useReportWidgets } from './report-context';
import styles from './widget-card.module.css';
import { dataFiltersOf } from './widget-data';
import { appliedFilters, appliedFiltersSummary, type AppliedFilter } from './widget-filters';

/** The on/off filters: named by the card's own texts, with no values to load. */
const FLAG_NAMES = {
  OnlyFinishedSessions: 'card.onlyFinishedSessions',
  IncludeTestAnswers: 'card.includeTestAnswers',
} as const;
type FlagKey = keyof typeof FLAG_NAMES;
const isFlag = (key: AppliedFilter['key']): key is FlagKey => key in FLAG_NAMES;

/**
 * The card's applied-filters chip (reports spec §2): "Filters", the number of filters that select the widget's
 * rows, their names cut at 40 characters on a width-2 card (55 otherwise), and a tooltip listing each filter
 * with its values, the widget's own first. The values' names load when the tooltip first opens.
 */
export function AppliedFiltersChip({ widget }: { widget: PlacedWidget }) {
  const { t } = useTranslation('widgets');
  const { t: tFilters } = useTranslation('filters');
  const { filter } = useReportWidgets();
  const [opened, setOpened] = useState(false);
  const dataFilters = dataFiltersOf(widget.config);
  const applied = useMemo(() => appliedFilters(dataFilters, filter), [dataFilters, filter]);
  const keys = useMemo(() => applied.flatMap(({ key }) => (isFlag(key) ? [] : [key])), [applied]);
  const surveyIds = useMemo(
    () => [...idsOf(dataFilters.SurveyId), ...idsOf(filter.SurveyId)],
    [dataFilters.SurveyId, filter.SurveyId],
  );
  const options = useFilterOptions({ keys, enabled: opened, surveyIds });

  if (applied.length === 0) return null;

  const nameOf = (item: AppliedFilter) =>
    isFlag(item.key) ? t(FLAG_NAMES[item.key]) : tFilters(`fields.${item.key}`);
  const separator = tFilters('chips.separator');
  const names = applied.map(nameOf);
  const { summary, count } = appliedFiltersSummary({
    names,
    width: widget.width,
    more: (rest) => tFilters('chips.more', { count: rest }),
    separator,
  });
  const describe = (item: AppliedFilter) => {
    const key = item.key;
    if (isFlag(key)) return nameOf(item);
    return t('card.filterValues', {
      name: nameOf(item),
      values: item.values.map((value) => options.labelOf(key, value)).join(separator),
    });
  };
  const section = (origin: AppliedFilter['origin'], title: string) => {
    const items = applied.filter((item) => item.origin === origin);
    if (items.length === 0) return null;
    return (
      <>
        <p className={styles.tooltipTitle}>{title}</p>
        <ul className={styles.tooltipList}>
          {items.map((item) => (
            <li key={item.key}>{describe(item)}</li>
          ))}
        </ul>
      </>
    );
  };

  return (
    <Tooltip
      title={
        <>
          {section('widget', t('card.filtersOwn'))}
          {section('report', t('card.filtersReport'))}
        </>
      }
      trigger={['hover', 'focus']}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
    >
      <span
        className={styles.chip}
        // Focusable, so that the tooltip with every value opens from the keyboard too.
        tabIndex={0}
        aria-label={t('card.filtersLabel', { count, names: names.join(separator) })}
      >
        <FilterOutlined aria-hidden />
        <span aria-hidden>{t('card.filters')}</span>
        <span className={styles.chipCount} aria-hidden>
          {count}
        </span>
        <span className={styles.chipSummary} aria-hidden>
          {summary}
        </span>
      </span>
    </Tooltip>
  );
}
