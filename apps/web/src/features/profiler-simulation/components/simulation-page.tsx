import { InboxOutlined, WarningOutlined } from '@ant-design/icons';
import {
  BAND_COLORS,
  SimulationStatus,
  type ReportFilter,
  type Simulation,
  type SimulationTopic,
} from '@loupe/contracts';
import { Alert, Card, Empty, InputNumber, Select, Spin, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { EChart } from '@/components/echart';
import { useFilterList } from '@/components/report-filter';
import {
  impactOption,
  impactSummary,
  type ImpactMode,
  type ImpactTexts,
} from '@/widgets/impact/impact-chart';
import { performanceChartHeight } from '@/widgets/performance/performance-chart';
import { useNumberFormats } from '@/widgets/shared/use-number-formats';
import { useSimulation } from '../api/profiler-simulation';
import { InsightFilterBar } from './insight-filter-bar';
import styles from './profiler-simulation.module.css';

/** The impact chart's NPS type: both wings, ranked by the overall impact (the impact widget's default). */
const BUTTERFLY: ImpactMode = { average: false, npsImpact: false, wings: 'both' };
const DEFAULT_REDUCTION = 20;

const positiveInt = (value: string | null): number | null => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 && number < 2 ** 31 ? number : null;
};
const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/**
 * The driver simulation (issue 20 item 6, docs/profiler-simulation.md). Opened from the impact chart's button
 * with `?topicModelId=&from=&to=` (or chosen here): each topic's impact on NPS, as the impact chart computes it,
 * and the what-if "if the negative mentions of a topic fell by N %" with the projected NPS and its 95 % interval.
 * The model, range, topic and reduction live in the address, so the page can be shared and reloaded.
 */
export function SimulationPage() {
  const { t } = useTranslation('profilerSimulation');
  const formats = useNumberFormats();
  const [params, setParams] = useSearchParams();
  const modelId = positiveInt(params.get('topicModelId'));
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  const topicId = positiveInt(params.get('topicId'));
  const reductionParam = positiveInt(params.get('reduction'));
  const reduction = reductionParam !== null && reductionParam <= 100 ? reductionParam : DEFAULT_REDUCTION;
  const [panel, setPanel] = useFilterState();
  const filter: ReportFilter = { ...panel, ...(from && to ? { TimeRange: [from, to] } : {}) };
  const simulation = useSimulation({
    ...filter,
    ...(modelId ? { TopicModelId: modelId } : {}),
    ...(topicId ? { TopicId: topicId } : {}),
    Reduction: reduction,
  });
  const models = useFilterList('topicModels');
  const modelSelectId = useId();
  const reductionId = useId();
  const topicSelectId = useId();

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const data = simulation.data;
  return (
    <AdminPage title={t('simulation.title')} intro={t('simulation.intro')}>
      <InsightFilterBar
        value={filter}
        onChange={({ TimeRange, ...rest }) => {
          setPanel(rest);
          update({ from: TimeRange?.[0] ?? null, to: TimeRange?.[1] ?? null });
        }}
      >
        <label htmlFor={modelSelectId}>{t('simulation.model')}</label>
        <Select<number>
          id={modelSelectId}
          className={styles.modelSelect}
          placeholder={t('simulation.chooseModel')}
          value={modelId ?? undefined}
          loading={models.isPending}
          options={(models.data ?? [])
            .filter((model) => !model.IsEmotionModel)
            .map((model) => ({ value: model.Id, label: model.Name }))}
          onChange={(value) => update({ topicModelId: String(value), topicId: null })}
        />
      </InsightFilterBar>
      {simulation.isError && <Alert type="warning" showIcon message={t('loadFailed')} />}
      {!data ? (
        <div className={styles.loading}>
          <Spin />
        </div>
      ) : data.StatusCode !== SimulationStatus.Ok ? (
        <SimulationStatusMessage data={data} />
      ) : (
        <>
          <div className={styles.cards}>
            <Card size="small">
              <Statistic title={t('simulation.nps')} value={formats.score(data.Nps)} />
            </Card>
            <Card size="small">
              <Statistic title={t('simulation.responses')} value={formats.count(data.Responses)} />
            </Card>
            <Card size="small">
              <Statistic title={t('simulation.comments')} value={formats.count(data.Comments)} />
            </Card>
          </div>
          <WhatIf
            data={data}
            reduction={reduction}
            ids={{ topic: topicSelectId, reduction: reductionId }}
            onTopic={(id) => update({ topicId: String(id) })}
            onReduction={(value) => update({ reduction: String(value) })}
          />
          <TopicImpacts topics={data.Topics} />
        </>
      )}
    </AdminPage>
  );
}

/** The report filter panel's part of the page (the date range and model live in the address). */
function useFilterState() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const panel = useMemo<ReportFilter>(() => {
    if (!raw) return {};
    try {
      return JSON.parse(raw) as ReportFilter;
    } catch {
      return {};
    }
  }, [raw]);
  const set = (next: ReportFilter) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (Object.keys(next).length === 0) copy.delete('filter');
        else copy.set('filter', JSON.stringify(next));
        return copy;
      },
      { replace: true },
    );
  return [panel, set] as const;
}

/** The texts of each status code (spec §4). */
const STATUS_KEYS: Record<number, '1' | '2' | '3'> = {
  [SimulationStatus.NoData]: '1',
  [SimulationStatus.NotEnoughData]: '2',
  [SimulationStatus.SelectModelAndRange]: '3',
};

function SimulationStatusMessage({ data }: { data: Simulation }) {
  const { t } = useTranslation('profilerSimulation');
  const formats = useNumberFormats();
  const code = STATUS_KEYS[data.StatusCode] ?? null;
  const warning = data.StatusCode !== SimulationStatus.NoData;
  return (
    <div role="status" className={styles.status} data-testid="simulation-status">
      {warning ? (
        <WarningOutlined className={styles.statusIcon} />
      ) : (
        <InboxOutlined className={styles.statusIcon} />
      )}
      <Typography.Text strong>
        {code === null
          ? t('simulation.status.unknown', { code: data.StatusCode })
          : t(`simulation.status.${code}`)}
      </Typography.Text>
      <Typography.Text type="secondary">
        {code === null
          ? ''
          : t(`simulation.statusHint.${code}`, { comments: formats.count(data.Comments), minimum: 50 })}
      </Typography.Text>
    </div>
  );
}

function WhatIf({
  data,
  reduction,
  ids,
  onTopic,
  onReduction,
}: {
  data: Simulation;
  reduction: number;
  ids: { topic: string; reduction: string };
  onTopic: (id: number) => void;
  onReduction: (value: number) => void;
}) {
  const { t } = useTranslation('profilerSimulation');
  const formats = useNumberFormats();
  const whatIf = data.WhatIf;
  if (!whatIf) return null;
  return (
    <Card title={t('simulation.whatIf.title')} size="small" className={styles.whatIf} data-testid="what-if">
      <div className={styles.whatIfControls}>
        <label htmlFor={ids.topic}>{t('simulation.whatIf.topic')}</label>
        <Select<number>
          id={ids.topic}
          className={styles.topicSelect}
          value={whatIf.TopicId}
          options={data.Topics.map((topic) => ({ value: topic.TopicId, label: topic.Category }))}
          onChange={onTopic}
        />
        <label htmlFor={ids.reduction}>{t('simulation.whatIf.reduction')}</label>
        <InputNumber<number>
          id={ids.reduction}
          min={1}
          max={100}
          step={5}
          precision={0}
          value={reduction}
          addonAfter="%"
          onChange={(value) => {
            if (value !== null && value >= 1 && value <= 100) onReduction(value);
          }}
        />
      </div>
      <Typography.Paragraph>
        {t('simulation.whatIf.question', {
          topic: whatIf.Topic,
          reduction: formats.count(whatIf.Reduction),
          moved: formats.score(whatIf.Moved),
        })}
      </Typography.Paragraph>
      <div className={styles.cards}>
        <Statistic title={t('simulation.whatIf.current')} value={formats.score(whatIf.CurrentNps)} />
        <Statistic
          title={t('simulation.whatIf.projected')}
          value={formats.score(whatIf.ProjectedNps)}
          valueStyle={{ color: BAND_COLORS.green }}
        />
        <Statistic title={t('simulation.whatIf.change')} value={formats.deviation(whatIf.Change)} />
        <Statistic
          title={t('simulation.whatIf.interval')}
          value={t('simulation.whatIf.range', {
            low: formats.score(whatIf.Low),
            high: formats.score(whatIf.High),
          })}
        />
      </div>
      <Typography.Text type="secondary">{t('simulation.whatIf.method')}</Typography.Text>
    </Card>
  );
}

function TopicImpacts({ topics }: { topics: SimulationTopic[] }) {
  const { t, i18n } = useTranslation('profilerSimulation');
  const formats = useNumberFormats();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const texts = useMemo<ImpactTexts>(
    () => ({
      negative: t('simulation.negativeImpact'),
      positive: t('simulation.positiveImpact'),
      npsImpact: t('simulation.npsImpact'),
      impact: t('simulation.impact'),
      nps: t('simulation.topicNps'),
      responses: t('simulation.responses'),
      netAbove: '',
      netNotAbove: '',
    }),
    [t],
  );
  const option = useMemo(
    () => impactOption({ rows: topics, mode: BUTTERFLY, texts, formats, rtl }),
    [topics, texts, formats, rtl],
  );
  const columns: ColumnsType<SimulationTopic> = [
    { key: 'Category', title: t('simulation.topic'), dataIndex: 'Category' },
    {
      key: 'Impact',
      title: t('simulation.impact'),
      dataIndex: 'Impact',
      align: 'end',
      render: (value: number | null) => formats.deviation(value),
    },
    {
      key: 'PositiveImpact',
      title: t('simulation.positiveImpact'),
      dataIndex: 'PositiveImpact',
      align: 'end',
      render: (value: number | null) => formats.deviation(value),
    },
    {
      key: 'NegativeImpact',
      title: t('simulation.negativeImpact'),
      dataIndex: 'NegativeImpact',
      align: 'end',
      render: (value: number | null) => formats.deviation(value),
    },
    {
      key: 'Value',
      title: t('simulation.topicNps'),
      dataIndex: 'Value',
      align: 'end',
      render: (value: number | null) => formats.score(value),
    },
    {
      key: 'Responses',
      title: t('simulation.responses'),
      dataIndex: 'Responses',
      align: 'end',
      render: (value: number) => formats.count(value),
    },
    {
      key: 'NegativeMentions',
      title: t('simulation.negativeMentions'),
      dataIndex: 'NegativeMentions',
      align: 'end',
      render: (value: number) => formats.count(value),
    },
  ];
  return (
    <div className={styles.panels}>
      <Card title={t('simulation.chartTitle')} size="small" className={styles.tableCard}>
        {topics.length === 0 ? (
          <Empty />
        ) : (
          <EChart
            option={option}
            height={performanceChartHeight(topics.length)}
            label={t('simulation.chartLabel', {
              summary: impactSummary({ rows: topics, mode: BUTTERFLY, texts, formats }),
            })}
          />
        )}
      </Card>
      <Card title={t('simulation.tableTitle')} size="small" className={styles.trendCard}>
        <Table<SimulationTopic>
          data-testid="simulation-table"
          rowKey="TopicId"
          size="small"
          columns={columns}
          dataSource={topics}
          pagination={false}
          scroll={{ x: true }}
        />
      </Card>
    </div>
  );
}
