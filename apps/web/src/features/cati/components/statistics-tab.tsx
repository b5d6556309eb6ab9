import type { CatiStatistics } from '@loupe/contracts';
import { Card, DatePicker, Empty, Segmented, Select, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type EChartsOption } from '@/components/echart';
import { QueryState } from '@/components/query-state';
import { useNumberFormats } from '@/widgets/shared/use-number-formats';
import { useCatiStatistics } from '../api/get-cati-statistics';
import {
  PERIOD_PRESETS,
  formatDuration,
  isRangeTooLong,
  periodRange,
  type OutcomeName,
  type PeriodPreset,
} from '../cati-values';
import styles from './cati.module.css';

type AgentRow = CatiStatistics['Agents'][number];
type Figures = CatiStatistics['Totals'];
/** The answer's outcome counts and their names, in the outcome panel's order. */
const OUTCOME_COLUMNS = [
  ['Completed', 'completed'],
  ['Callback', 'callback'],
  ['NoAnswer', 'noAnswer'],
  ['Busy', 'busy'],
  ['WrongNumber', 'wrongNumber'],
  ['Refused', 'refused'],
] as const satisfies readonly (readonly [keyof AgentRow['Outcomes'], OutcomeName])[];

/**
 * The statistics of a period (today, the last 7 or 30 days, or a custom range of local days) and optionally one
 * agent: KPI cards of the totals, a row per agent with the outcome counts, and calls and completes per day.
 */
export function StatisticsTab() {
  const { t, i18n } = useTranslation('cati');
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const formats = useNumberFormats();
  const periodId = useId();
  const rangeId = useId();
  const agentId = useId();
  const [preset, setPreset] = useState<PeriodPreset>('last7');
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const [agent, setAgent] = useState<number | undefined>();
  // The day's boundaries are taken once per choice, so the query key stays put while the page is open.
  const range = useMemo(() => periodRange(preset, dayjs(), custom), [preset, custom]);
  const statistics = useCatiStatistics({ ...range, AgentUserId: agent });
  // The agents to choose from: everyone with calls in the period (the unfiltered answer).
  const everyone = useCatiStatistics(range);
  const data = statistics.data;

  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [t('statistics.calls'), t('statistics.completes')] },
      grid: { left: 40, right: 24, top: 40, bottom: 32, containLabel: true },
      xAxis: {
        type: 'category',
        inverse: rtl,
        data: (data?.Days ?? []).map((day) => dayjs(day.Day).format('DD/MM')),
      },
      yAxis: { type: 'value', minInterval: 1, position: rtl ? 'right' : 'left' },
      series: [
        {
          name: t('statistics.calls'),
          type: 'bar',
          data: (data?.Days ?? []).map((day) => day.Calls),
        },
        {
          name: t('statistics.completes'),
          type: 'line',
          smooth: false,
          data: (data?.Days ?? []).map((day) => day.Completes),
        },
      ],
    }),
    [data, rtl, t],
  );

  const totals = data?.Totals;
  const percent = (rate: number | null) => (rate === null ? '–' : formats.percent(rate * 100));
  /** The per-agent table's figure columns, also written for the totals' row. */
  const figureColumns: { key: string; title: string; value: (figures: Figures) => string }[] = [
    { key: 'calls', title: t('statistics.calls'), value: (f) => formats.count(f.Calls) },
    { key: 'rate', title: t('statistics.completionRate'), value: (f) => percent(f.CompletionRate) },
    {
      key: 'duration',
      title: t('statistics.meanDuration'),
      value: (f) => formatDuration(f.MeanDurationSeconds),
    },
    ...OUTCOME_COLUMNS.map(([name, outcome]) => ({
      key: name,
      title: t(`outcome.names.${outcome}`),
      value: (f: Figures) => formats.count(f.Outcomes[name]),
    })),
    {
      key: 'callbacks',
      title: t('statistics.callbacksKept'),
      value: (f) =>
        t('statistics.keptOfDue', {
          kept: formats.count(f.CallbacksKept),
          due: formats.count(f.CallbacksDue),
        }),
    },
  ];
  const kpis = totals
    ? [
        { key: 'calls', title: t('statistics.calls'), value: formats.count(totals.Calls) },
        { key: 'completes', title: t('statistics.completes'), value: formats.count(totals.Completes) },
        { key: 'rate', title: t('statistics.completionRate'), value: percent(totals.CompletionRate) },
        {
          key: 'duration',
          title: t('statistics.meanDuration'),
          value: formatDuration(totals.MeanDurationSeconds),
        },
        {
          key: 'callbacks',
          title: t('statistics.callbacksKept'),
          value: t('statistics.keptOfDue', {
            kept: formats.count(totals.CallbacksKept),
            due: formats.count(totals.CallbacksDue),
          }),
        },
      ]
    : [];

  return (
    <div className={styles.stack}>
      <div className={styles.filters}>
        <span id={periodId}>{t('statistics.period')}</span>
        <Segmented<PeriodPreset>
          aria-labelledby={periodId}
          value={preset}
          onChange={setPreset}
          options={PERIOD_PRESETS.map((value) => ({ value, label: t(`statistics.presets.${value}`) }))}
        />
        {preset === 'custom' && (
          <>
            <label htmlFor={rangeId}>{t('statistics.range')}</label>
            <DatePicker.RangePicker
              id={{ start: rangeId }}
              format="DD/MM/YYYY"
              value={custom}
              placeholder={[t('statistics.from'), t('statistics.to')]}
              disabledDate={(day, info) =>
                day.isAfter(dayjs().endOf('day')) ||
                (info.from !== undefined &&
                  isRangeTooLong(day.isBefore(info.from) ? [day, info.from] : [info.from, day]))
              }
              onChange={(value) => {
                const [from, to] = value ?? [];
                setCustom(from && to ? [from, to] : null);
              }}
            />
          </>
        )}
        <label htmlFor={agentId}>{t('statistics.agent')}</label>
        <Select<number>
          id={agentId}
          allowClear
          className={styles.agentSelect}
          placeholder={t('statistics.allAgents')}
          value={agent}
          onChange={(value) => setAgent(value ?? undefined)}
          options={(everyone.data?.Agents ?? []).map((row) => ({
            value: row.AgentUserId,
            label: row.AgentName,
          }))}
        />
        {data && (
          <span>
            {t('statistics.shown', {
              from: dayjs(data.From).format('DD/MM/YYYY'),
              to: dayjs(data.To).subtract(1, 'millisecond').format('DD/MM/YYYY'),
            })}
          </span>
        )}
      </div>
      <QueryState query={statistics} loadFailed={t('statistics.loadFailed')}>
        {(data) => (
          <>
            <section aria-label={t('statistics.totals')} className={styles.kpis}>
              {kpis.map((kpi) => (
                <Card key={kpi.key} size="small">
                  <Statistic title={kpi.title} value={kpi.value} />
                </Card>
              ))}
            </section>
            <Card size="small" title={<h2 className={styles.cardTitle}>{t('statistics.perAgent')}</h2>}>
              <Table<AgentRow>
                size="small"
                rowKey="AgentUserId"
                // The previous period's figures stay while the next one loads, marked as loading.
                loading={statistics.isPlaceholderData}
                pagination={false}
                dataSource={data.Agents}
                scroll={{ x: true }}
                locale={{
                  emptyText: (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('statistics.empty')} />
                  ),
                }}
                columns={[
                  { key: 'agent', title: t('statistics.agent'), dataIndex: 'AgentName' },
                  ...figureColumns.map((column) => ({
                    key: column.key,
                    title: column.title,
                    align: 'end' as const,
                    render: (_: unknown, row: AgentRow) => column.value(row),
                  })),
                ]}
                summary={() =>
                  data.Agents.length > 1 ? (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0}>
                        <strong>{t('statistics.allAgents')}</strong>
                      </Table.Summary.Cell>
                      {figureColumns.map((column, index) => (
                        <Table.Summary.Cell key={column.key} index={index + 1} align="end">
                          <strong>{column.value(data.Totals)}</strong>
                        </Table.Summary.Cell>
                      ))}
                    </Table.Summary.Row>
                  ) : undefined
                }
              />
            </Card>
            <Card size="small" title={<h2 className={styles.cardTitle}>{t('statistics.perDay')}</h2>}>
              {data.Days.every((day) => day.Calls === 0) ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('statistics.empty')} />
              ) : (
                <EChart
                  option={option}
                  height={280}
                  label={t('statistics.chartLabel', {
                    calls: formats.count(data.Totals.Calls),
                    completes: formats.count(data.Totals.Completes),
                  })}
                />
              )}
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
