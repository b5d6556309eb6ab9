import { ALERT_STATISTICS_PERIODS, type AlertRulesStatistics } from '@loupe/contracts';
import { Card, DatePicker, Empty, Segmented, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { EChart, type EChartsOption } from '@/components/echart';
import { QueryState } from '@/components/query-state';
import { useAlertRulesStatistics, type StatisticsQuery } from '../api/alert-rules';
import styles from './alerts.module.css';

type Period = StatisticsQuery['period'];
type RuleRow = AlertRulesStatistics['Rules'][number];

const hours = (value: number | null) => (value === null ? '–' : value.toFixed(1));

/**
 * `/alert-rule-statistics`: per rule over the chosen days, the alerts created, open, closed and overdue and the
 * median hours to the first response and to closing; below, the trend of created against closed per period.
 */
export function AlertRuleStatisticsPage() {
  const { t, i18n } = useTranslation('alerts');
  // Right to left (Arabic): time runs from the right, and the counts' axis stands on the right.
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const periodId = useId();
  const rangeId = useId();
  const [period, setPeriod] = useState<Period>('week');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const query: StatisticsQuery = {
    period,
    ...(range ? { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') } : {}),
  };
  const statistics = useAlertRulesStatistics(query);
  const data = statistics.data;

  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      // Above the plot: below it the legend met the period labels.
      legend: { top: 0, data: [t('statistics.created'), t('statistics.closed')] },
      grid: { left: 40, right: 24, top: 40, bottom: 32, containLabel: true },
      xAxis: { type: 'category', inverse: rtl, data: (data?.Trend ?? []).map((point) => point.Period) },
      yAxis: { type: 'value', minInterval: 1, position: rtl ? 'right' : 'left' },
      series: [
        {
          name: t('statistics.created'),
          type: 'line',
          // Counts per period: straight segments, no curve dipping under zero between two periods.
          smooth: false,
          data: (data?.Trend ?? []).map((point) => point.Created),
        },
        {
          name: t('statistics.closed'),
          type: 'line',
          smooth: false,
          data: (data?.Trend ?? []).map((point) => point.Closed),
        },
      ],
    }),
    [data, rtl, t],
  );
  const created = data?.Trend.reduce((sum, point) => sum + point.Created, 0) ?? 0;
  const closed = data?.Trend.reduce((sum, point) => sum + point.Closed, 0) ?? 0;

  return (
    <AdminPage title={t('statistics.title')} intro={t('statistics.intro')}>
      <div className={styles.filters}>
        <span id={periodId}>{t('statistics.period')}</span>
        <Segmented<Period>
          aria-labelledby={periodId}
          value={period}
          onChange={setPeriod}
          options={ALERT_STATISTICS_PERIODS.map((value) => ({
            value,
            label: t(`statistics.periods.${value}`),
          }))}
        />
        <label htmlFor={rangeId}>{t('statistics.range')}</label>
        <DatePicker.RangePicker
          id={{ start: rangeId }}
          format="DD/MM/YYYY"
          value={range}
          placeholder={[t('filter.from'), t('filter.to')]}
          disabledDate={(day) => day.isAfter(dayjs().endOf('day'))}
          onChange={(value) => {
            const [from, to] = value ?? [];
            setRange(from && to ? [from, to] : null);
          }}
        />
        {data && (
          <span>
            {t('statistics.shown', {
              from: dayjs(data.From).format('DD/MM/YYYY'),
              to: dayjs(data.To).format('DD/MM/YYYY'),
            })}
          </span>
        )}
      </div>
      <QueryState query={statistics} loadFailed={t('statistics.loadFailed')}>
        {(data) => (
          <div className={styles.stack}>
            <Card title={t('statistics.perRule')}>
              <Table<RuleRow>
                size="small"
                rowKey="RuleId"
                pagination={false}
                dataSource={data.Rules}
                scroll={{ x: true }}
                locale={{
                  emptyText: (
                    <Empty description={t('statistics.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
                  ),
                }}
                columns={[
                  { key: 'title', title: t('rule.fields.title'), dataIndex: 'Title' },
                  { key: 'created', title: t('statistics.created'), dataIndex: 'Created', align: 'end' },
                  { key: 'open', title: t('statistics.open'), dataIndex: 'Open', align: 'end' },
                  { key: 'closed', title: t('statistics.closed'), dataIndex: 'Closed', align: 'end' },
                  { key: 'overdue', title: t('statistics.overdue'), dataIndex: 'Overdue', align: 'end' },
                  {
                    key: 'firstResponse',
                    title: t('statistics.medianFirstResponse'),
                    dataIndex: 'MedianHoursToFirstResponse',
                    align: 'end',
                    render: hours,
                  },
                  {
                    key: 'close',
                    title: t('statistics.medianClose'),
                    dataIndex: 'MedianHoursToClose',
                    align: 'end',
                    render: hours,
                  },
                ]}
              />
            </Card>
            <Card title={t('statistics.trend')}>
              {data.Trend.length === 0 ? (
                <Empty description={t('statistics.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ) : (
                <EChart
                  option={option}
                  height={320}
                  label={t('statistics.chartLabel', { created, closed })}
                />
              )}
            </Card>
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
