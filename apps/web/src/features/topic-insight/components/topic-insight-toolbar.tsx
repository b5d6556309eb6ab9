import type { ReportFilter, TopicModelItem } from '@loupe/contracts';
import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips, ReportFilterPanel, type FilterRestrictions } from '@/components/report-filter';
import { useBootstrap } from '@/lib/bootstrap';
import styles from './topic-insight.module.css';

/** The panel's part of a filter: the period belongs to the date picker. */
function panelPart({ TimeRange: _range, TimePeriod: _period, ...panel }: ReportFilter): ReportFilter {
  return panel;
}

/**
 * The topic screens' header controls: the topic model (topic models only, not emotion models), the period and the
 * report filter panel with its chips (the same filter as the widgets'), then the screen's own `children`.
 */
export function TopicInsightToolbar({
  models,
  modelId,
  onModel,
  range,
  onRange,
  filter,
  onFilter,
  children,
}: {
  models: readonly TopicModelItem[];
  modelId: number | null;
  onModel: (id: number) => void;
  range: [string, string];
  onRange: (range: [string, string]) => void;
  filter: ReportFilter;
  onFilter: (filter: ReportFilter) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('topicInsight');
  const bootstrap = useBootstrap().data;
  const modelFieldId = useId();
  const rangeFieldId = useId();
  const user = bootstrap?.User;
  const restrictions: FilterRestrictions = {
    channelIds: user?.TransactionChannels ?? [],
    productIds: user?.Products ?? [],
    employeeIds: user?.Employees ?? [],
  };
  const change = (next: ReportFilter) => onFilter(panelPart(next));

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <span className={styles.field}>
          <label htmlFor={modelFieldId}>{t('model')}</label>
          <Select<number>
            id={modelFieldId}
            className={styles.modelSelect}
            value={modelId ?? undefined}
            placeholder={t('chooseModel')}
            onChange={onModel}
            options={models.map((model) => ({ value: model.Id, label: model.Name }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </span>
        <span className={styles.field}>
          <label htmlFor={rangeFieldId}>{t('period')}</label>
          <DatePicker.RangePicker
            id={{ start: rangeFieldId }}
            format="DD/MM/YYYY"
            allowClear={false}
            value={[dayjs(range[0]), dayjs(range[1])]}
            placeholder={[t('from'), t('to')]}
            onChange={(value) => {
              const [from, to] = value ?? [];
              if (from && to) onRange([from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')]);
            }}
          />
        </span>
        <ReportFilterPanel
          value={filter}
          onApply={change}
          onClear={change}
          restrictions={restrictions}
          hidden={[]}
          aiModuleActive={bootstrap?.IsAIModuleActive ?? false}
        />
        {children}
      </div>
      <FilterChips value={filter} onChange={change} restrictions={restrictions} />
    </div>
  );
}
