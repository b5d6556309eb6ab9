import { ArrowDownOutlined, ArrowUpOutlined, LineChartOutlined } from '@ant-design/icons';
import {
  CATEGORY_TYPES,
  PROFILER_GROUPS,
  PROFILER_SCALES,
  type CategoryType,
  type ProfilerGroup,
  type ProfilerRow,
  type ProfilerScale,
  type ReportFilter,
  type TrendRow,
} from '@loupe/contracts';
import { Alert, Button, Card, Empty, Segmented, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { EChart } from '@/components/echart';
import { trendOption } from '@/widgets/trend/trend-options';
import { useBucketLabel } from '@/widgets/trend/trend-views';
import { useNumberFormats } from '@/widgets/shared/use-number-formats';
import { useProfiler } from '../api/profiler-simulation';
import { InsightFilterBar, lastDays } from './insight-filter-bar';
import styles from './profiler-simulation.module.css';

/** The profiler opens on the last 90 days. */
const DEFAULT_DAYS = 90;
const TREND_HEIGHT = 260;

/**
 * The satisfaction profiler (issue 20 item 5, docs/profiler-simulation.md): the experiences (or questions) of the
 * selection on the ten or five scale with their mean score, responses and deviation against the previous period,
 * and the trend of all of them or of the chosen row over the last 35 days, weeks, months or quarters.
 */
export function SatisfactionProfilerPage() {
  const { t } = useTranslation('profilerSimulation');
  const formats = useNumberFormats();
  const labelOf = useBucketLabel();
  const [filter, setFilter] = useState<ReportFilter>(() => ({ TimeRange: lastDays(DEFAULT_DAYS) }));
  const [groupBy, setGroupBy] = useState<ProfilerGroup>('experience');
  const [scale, setScale] = useState<ProfilerScale>(10);
  const [period, setPeriod] = useState<CategoryType>('MM');
  const [trendId, setTrendId] = useState<number | null>(null);
  const profiler = useProfiler({
    ...filter,
    GroupBy: groupBy,
    Scale: scale,
    Period: period,
    ...(trendId ? { TrendId: trendId } : {}),
  });
  const data = profiler.data;
  const trendName =
    trendId === null ? t('profiler.allRows') : (data?.Rows.find((row) => row.Id === trendId)?.Name ?? '');

  const trendRows = useMemo<TrendRow[]>(
    () =>
      (data?.Trend ?? []).map((point) => ({
        Category: point.Category,
        SubCategory: null,
        Value: point.Value,
        Responses: point.Responses,
        Rate: null,
        ValuePercent: null,
        Color: null,
      })),
    [data],
  );
  const option = useMemo(
    () =>
      trendOption({
        rows: trendRows,
        measure: 'score',
        labelOf,
        seriesName: t('profiler.score'),
        responsesText: (count) => t('profiler.responseCount', { formatted: formats.count(count) }),
        formats,
        scroll: false,
      }),
    [trendRows, labelOf, t, formats],
  );

  const deviation = (value: number | null) => (
    <span className={styles.deviation} data-direction={value === null ? 'none' : value >= 0 ? 'up' : 'down'}>
      {value !== null && value !== 0 && (value > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />)}{' '}
      {formats.deviation(value)}
    </span>
  );

  const columns: ColumnsType<ProfilerRow> = [
    {
      key: 'Name',
      title: t(`profiler.group.${groupBy}`),
      dataIndex: 'Name',
      render: (name: string) => name,
    },
    {
      key: 'Score',
      title: t('profiler.score'),
      dataIndex: 'Score',
      align: 'end',
      render: (_value, row) => (
        <span className={styles.score}>
          <span className={styles.dot} style={{ backgroundColor: row.Color }} aria-hidden="true" />
          {formats.score(row.Score)}
        </span>
      ),
    },
    {
      key: 'Responses',
      title: t('profiler.responses'),
      dataIndex: 'Responses',
      align: 'end',
      render: (value: number) => formats.count(value),
    },
    {
      key: 'PreviousScore',
      title: t('profiler.previousScore'),
      dataIndex: 'PreviousScore',
      align: 'end',
      render: (value: number | null) => formats.score(value),
    },
    {
      key: 'Deviation',
      title: t('profiler.deviation'),
      dataIndex: 'Deviation',
      align: 'end',
      render: (value: number | null) => deviation(value),
    },
    {
      key: 'trend',
      title: t('profiler.trend'),
      align: 'center',
      render: (_value, row) => (
        <Button
          size="small"
          type={row.Id === trendId ? 'primary' : 'default'}
          icon={<LineChartOutlined />}
          aria-pressed={row.Id === trendId}
          aria-label={t('profiler.showTrendOf', { name: row.Name })}
          onClick={() => setTrendId(row.Id === trendId ? null : row.Id)}
        />
      ),
    },
  ];

  return (
    <AdminPage title={t('profiler.title')} intro={t('profiler.intro')}>
      <InsightFilterBar value={filter} onChange={setFilter} />
      <div className={styles.options}>
        <Segmented<ProfilerGroup>
          aria-label={t('profiler.groupBy')}
          value={groupBy}
          onChange={(value) => {
            setGroupBy(value);
            setTrendId(null);
          }}
          options={PROFILER_GROUPS.map((value) => ({ value, label: t(`profiler.groups.${value}`) }))}
        />
        <Segmented<ProfilerScale>
          aria-label={t('profiler.scale')}
          value={scale}
          onChange={(value) => {
            setScale(value);
            setTrendId(null);
          }}
          options={PROFILER_SCALES.map((value) => ({ value, label: t(`profiler.scales.${value}`) }))}
        />
        <Segmented<CategoryType>
          aria-label={t('profiler.period')}
          value={period}
          onChange={setPeriod}
          options={CATEGORY_TYPES.map((value) => ({ value, label: t(`profiler.periods.${value}`) }))}
        />
      </div>
      {profiler.isError && <Alert type="warning" showIcon message={t('loadFailed')} />}
      <div className={styles.cards}>
        <Card size="small">
          <Statistic
            title={t('profiler.totalScore', { scale })}
            value={formats.score(data?.Total.Score ?? null)}
            loading={profiler.isPending}
          />
        </Card>
        <Card size="small">
          <Statistic
            title={t('profiler.responses')}
            value={formats.count(data?.Total.Responses ?? null)}
            loading={profiler.isPending}
          />
        </Card>
        <Card size="small">
          <Statistic
            title={t('profiler.deviation')}
            valueRender={() => deviation(data?.Total.Deviation ?? null)}
            loading={profiler.isPending}
          />
          <Typography.Text type="secondary">
            {t('profiler.previousLine', { score: formats.score(data?.Total.PreviousScore ?? null) })}
          </Typography.Text>
        </Card>
      </div>
      <div className={styles.panels}>
        <Card title={t(`profiler.tableTitle.${groupBy}`)} size="small" className={styles.tableCard}>
          <Table<ProfilerRow>
            data-testid="profiler-table"
            rowKey="Id"
            size="small"
            columns={columns}
            dataSource={data?.Rows ?? []}
            loading={profiler.isFetching}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: <Empty description={t('profiler.empty')} /> }}
            rowClassName={(row) => (row.Id === trendId ? (styles.selectedRow ?? '') : '')}
          />
        </Card>
        <Card
          title={t('profiler.trendTitle', { name: trendName, period: t(`profiler.periods.${period}`) })}
          size="small"
          className={styles.trendCard}
        >
          {trendRows.length === 0 ? (
            <Empty description={t('profiler.emptyTrend')} />
          ) : (
            <div data-testid="profiler-trend">
              <EChart
                option={option}
                height={TREND_HEIGHT}
                label={t('profiler.trendLabel', {
                  name: trendName,
                  points: trendRows
                    .map((row) => `${labelOf(row.Category)}: ${formats.score(row.Value)}`)
                    .join(', '),
                })}
              />
            </div>
          )}
          <Typography.Text type="secondary">{t('profiler.lastPoints')}</Typography.Text>
        </Card>
      </div>
    </AdminPage>
  );
}
