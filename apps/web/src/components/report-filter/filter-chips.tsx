import { CloseOutlined, LockOutlined } from '@ant-design/icons';
import { idsOf, type ReportFilter } from '@loupe/contracts';
import { Button, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { filterChips, removeChip, summariseChip, type FilterChip } from './chip-summary';
import type { FilterRestrictions } from './panel-filter';
import styles from './report-filter.module.css';
import { useFilterOptions, type FilterOptions } from './use-filter-options';

export type FilterChipsProps = {
  /** The applied filter. */
  value: ReportFilter;
  /** The filter after a chip was removed (its filter cleared, the rest normalised). */
  onChange: (filter: ReportFilter) => void;
  /** The caller's preset restrictions: their channel and product chips cannot be removed. */
  restrictions?: FilterRestrictions;
};

/**
 * The applied-filter chips (reports spec §2): one per filter set, with its name, a count badge, a summary of the
 * first two values and "N more" cut at 30 characters, a tooltip listing every value, and a remove button.
 */
export function FilterChips({ value, onChange, restrictions }: FilterChipsProps) {
  const { t } = useTranslation('filters');
  const chips = useMemo(() => filterChips(value, restrictions), [value, restrictions]);
  const keys = useMemo(() => chips.map((chip) => chip.key), [chips]);
  const surveyIds = idsOf(value.SurveyId);
  const options = useFilterOptions({ keys, restrictions, surveyIds });

  if (chips.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={t('chips.label')}>
      {chips.map((chip) => (
        <Chip
          key={chip.key}
          chip={chip}
          options={options}
          onRemove={() => onChange(removeChip(value, chip.key))}
        />
      ))}
    </ul>
  );
}

function Chip({
  chip,
  options,
  onRemove,
}: {
  chip: FilterChip;
  options: FilterOptions;
  onRemove: () => void;
}) {
  const { t } = useTranslation('filters');
  return (
    <FilterChipItem
      name={t(`fields.${chip.key}`)}
      labels={chip.values.map((item) => options.labelOf(chip.key, item))}
      removable={chip.removable}
      onRemove={onRemove}
    />
  );
}

/**
 * One applied-filter chip (reports spec §2): the filter's name, a count badge, the summary of its values, a
 * tooltip listing them all, and a remove button unless the caller's restrictions fix it. Put it in a list
 * (`<ul className={reportFilterStyles.chips}>`); other screens' filters (the invitee pool) use it with their own names.
 */
export function FilterChipItem({
  name,
  labels,
  removable,
  onRemove,
}: {
  name: string;
  labels: readonly string[];
  removable: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('filters');
  const separator = t('chips.separator');
  const { summary, count, all } = summariseChip({
    labels,
    more: (rest) => t('chips.more', { count: rest }),
    separator,
  });

  const tooltip = (
    <>
      <ul className={styles.tooltipList}>
        {all.map((label, index) => (
          <li key={`${index}-${label}`}>{label}</li>
        ))}
      </ul>
      {removable ? null : <div>{t('chips.restricted')}</div>}
    </>
  );

  return (
    <li className={`${styles.chip} ${removable ? '' : styles.chipFixed}`}>
      <Tooltip title={tooltip} trigger={['hover', 'focus']}>
        <span
          className={styles.chipBody}
          // Focusable, so that the tooltip with every value opens from the keyboard too.
          tabIndex={0}
          aria-label={t('chips.describe', { name, count, values: all.join(separator) })}
        >
          {removable ? null : <LockOutlined aria-hidden />}
          <span className={styles.chipName}>{name}</span>
          <span className={styles.chipCount} aria-hidden>
            {count}
          </span>
          <span className={styles.chipSummary} aria-hidden>
            {summary}
          </span>
        </span>
      </Tooltip>
      {removable ? (
        <Tooltip title={t('chips.clear')}>
          <Button
            type="text"
            size="small"
            shape="circle"
            icon={<CloseOutlined />}
            aria-label={t('chips.clearLabel', { name })}
            onClick={onRemove}
          />
        </Tooltip>
      ) : null}
    </li>
  );
}
