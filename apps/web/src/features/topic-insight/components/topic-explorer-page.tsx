import {
  TOPIC_EXPLORER_PERIODS,
  TopicInsightStatus,
  type ReportFilter,
  type TopicExplorer,
  type TopicExplorerPeriod,
  type TopicExplorerRequest,
} from '@loupe/contracts';
import { Alert, Button, Card, Checkbox, Empty, Segmented, Statistic, Table, Tooltip } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { EChart, type EChartsEvents, type EChartsOption } from '@/components/echart';
import { useTopicExplorer } from '../api/topic-insight';
import { discoveryPath, inTreeOrder, npsText, readExplorerParams } from '../topic-insight-params';
import { TopicInsightState } from './topic-insight-state';
import { TopicInsightToolbar } from './topic-insight-toolbar';
import styles from './topic-insight.module.css';
import { useTopicModels } from './use-topic-models';

type TopicRow = TopicExplorer['Topics'][number];
type PointRow = TopicRow['Series'][number] & { Label: string; From: string; To: string };

/** How many of the most mentioned topics the volume chart draws. */
const CHART_TOPICS = 8;

function SplitBar({
  row,
}: {
  row: Pick<TopicRow, 'Mentions' | 'Positive' | 'Neutral' | 'Negative' | 'Uncategorized'>;
}) {
  const { t } = useTranslation('topicInsight');
  const share = (count: number) => `${row.Mentions > 0 ? (100 * count) / row.Mentions : 0}%`;
  const text = t('explorer.split', {
    positive: row.Positive,
    neutral: row.Neutral,
    negative: row.Negative,
    uncategorized: row.Uncategorized,
  });
  return (
    <Tooltip title={text}>
      <span className={styles.splitBar} role="img" aria-label={text}>
        <span className={styles.positive} style={{ inlineSize: share(row.Positive) }} />
        <span className={styles.neutral} style={{ inlineSize: share(row.Neutral) }} />
        <span className={styles.negative} style={{ inlineSize: share(row.Negative) }} />
        <span className={styles.uncategorized} style={{ inlineSize: share(row.Uncategorized) }} />
      </span>
    </Tooltip>
  );
}

/**
 * `/topic-explorer` (issue 20 item 4; docs/topic-insight.md): the chosen model's topics over time — mentions per
 * period, their sentiment split, and the NPS of the sessions mentioning each topic against the rest. A topic, a
 * period of a topic or a point of the chart opens topic discovery on those comments.
 */
export function TopicExplorerPage() {
  const { t, i18n } = useTranslation('topicInsight');
  const nps = (value: number | null) => npsText(value, i18n.language);
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readExplorerParams(searchParams);
  const [filter, setFilter] = useState<ReportFilter>({});
  const [period, setPeriod] = useState<TopicExplorerPeriod>('month');
  const [onlyMain, setOnlyMain] = useState(false);
  const periodId = useId();
  const { models, isLoading: modelsLoading } = useTopicModels();
  const modelId = params.topicModelId ?? models[0]?.Id ?? null;

  const setAddress = (change: { topicModelId?: number; range?: [string, string] }) => {
    const next = new URLSearchParams();
    const model = change.topicModelId ?? modelId;
    const range = change.range ?? params.range;
    if (model !== null) next.set('topicModelId', String(model));
    next.set('from', range[0]);
    next.set('to', range[1]);
    setSearchParams(next, { replace: true });
  };

  const body = useMemo<TopicExplorerRequest | null>(
    () =>
      modelId === null
        ? null
        : {
            ...filter,
            TimeRange: params.range,
            TopicModelId: modelId,
            Period: period,
            OnlyMainTopics: onlyMain,
          },
    [filter, modelId, params.range, period, onlyMain],
  );
  const explorer = useTopicExplorer(body);
  const data = explorer.data;

  const drill = (topicId: number, range: [string, string]) => {
    if (modelId === null) return;
    void navigate(discoveryPath({ topicModelId: modelId, topicId, range }), { state: { filter } });
  };

  const chartTopics = useMemo(() => (data?.Topics ?? []).slice(0, CHART_TOPICS), [data]);
  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 40, right: 24, top: 40, bottom: 32, containLabel: true },
      xAxis: { type: 'category', data: (data?.Periods ?? []).map((p) => p.Label) },
      yAxis: { type: 'value', minInterval: 1, name: t('explorer.mentions') },
      series: chartTopics.map((topic) => ({
        id: String(topic.Id),
        name: topic.Name,
        type: 'line',
        smooth: false,
        data: topic.Series.map((point) => point.Mentions),
      })),
    }),
    [data, chartTopics, t],
  );
  const events = useMemo<EChartsEvents>(
    () => ({
      click: (raw) => {
        const event = raw as { seriesId?: string; dataIndex?: number };
        const at = data?.Periods[event.dataIndex ?? -1];
        if (event.seriesId && at) drill(Number(event.seriesId), [at.From, at.To]);
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- drill reads the same data and filter
    [data, filter, modelId],
  );

  const pointsOf = (topic: TopicRow): PointRow[] =>
    topic.Series.map((point, index) => ({ ...point, ...data!.Periods[index]! }));

  return (
    <AdminPage title={t('explorer.title')} intro={t('explorer.intro')}>
      <TopicInsightToolbar
        models={models}
        modelId={modelId}
        onModel={(id) => setAddress({ topicModelId: id })}
        range={params.range}
        onRange={(range) => setAddress({ range })}
        filter={filter}
        onFilter={setFilter}
      >
        <span className={styles.field}>
          <span id={periodId}>{t('explorer.groupBy')}</span>
          <Segmented<TopicExplorerPeriod>
            aria-labelledby={periodId}
            value={period}
            onChange={setPeriod}
            options={TOPIC_EXPLORER_PERIODS.map((value) => ({ value, label: t(`periods.${value}`) }))}
          />
        </span>
        <Checkbox checked={onlyMain} onChange={(event) => setOnlyMain(event.target.checked)}>
          {t('explorer.onlyMainTopics')}
        </Checkbox>
      </TopicInsightToolbar>
      <TopicInsightState modelId={modelId} modelsLoading={modelsLoading} result={explorer}>
        {(data) => (
          <div className={styles.stack}>
            {data.StatusCode === TopicInsightStatus.InsufficientData && (
              <Alert type="warning" showIcon title={t('status.insufficientData')} />
            )}
            <Card size="small">
              <div className={styles.summary}>
                <Statistic title={t('explorer.comments')} value={count(data.Comments)} />
                <Statistic title={t('explorer.labelledComments')} value={count(data.LabelledComments)} />
                <Statistic title={t('explorer.responses')} value={count(data.Responses)} />
                <Statistic title={t('explorer.nps')} value={nps(data.Nps)} />
              </div>
            </Card>
            <Card size="small" title={t('explorer.volume')}>
              {chartTopics.length === 0 ? (
                <Empty description={t('explorer.noMentions')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ) : (
                <EChart
                  option={option}
                  height={320}
                  onEvents={events}
                  label={t('explorer.chartLabel', {
                    topics: chartTopics.map((topic) => `${topic.Name} ${topic.Mentions}`).join(', '),
                  })}
                />
              )}
            </Card>
            <Card size="small" title={t('explorer.topics')}>
              <Table<TopicRow>
                size="small"
                rowKey="Id"
                dataSource={inTreeOrder(data.Topics)}
                pagination={false}
                scroll={{ x: true }}
                locale={{
                  emptyText: (
                    <Empty description={t('explorer.noMentions')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
                  ),
                }}
                expandable={{
                  expandedRowRender: (topic) => (
                    <Table<PointRow>
                      size="small"
                      rowKey="Period"
                      dataSource={pointsOf(topic)}
                      pagination={false}
                      columns={[
                        {
                          key: 'period',
                          title: t('explorer.periodColumn'),
                          render: (_, point) =>
                            point.Mentions > 0 ? (
                              <Button
                                type="link"
                                size="small"
                                onClick={() => drill(topic.Id, [point.From, point.To])}
                                aria-label={t('explorer.openPeriod', {
                                  topic: topic.Name,
                                  period: point.Label,
                                })}
                              >
                                {point.Label}
                              </Button>
                            ) : (
                              point.Label
                            ),
                        },
                        {
                          key: 'mentions',
                          title: t('explorer.mentions'),
                          dataIndex: 'Mentions',
                          align: 'end',
                        },
                        {
                          key: 'split',
                          title: t('explorer.sentimentSplit'),
                          render: (_, point) => <SplitBar row={point} />,
                        },
                        {
                          key: 'nps',
                          title: t('explorer.npsMentioners'),
                          align: 'end',
                          render: (_, p) => nps(p.Nps),
                        },
                        {
                          key: 'rest',
                          title: t('explorer.npsRest'),
                          align: 'end',
                          render: (_, p) => nps(p.NpsRest),
                        },
                      ]}
                    />
                  ),
                }}
                columns={[
                  {
                    key: 'name',
                    title: t('explorer.topic'),
                    render: (_, topic) => (
                      <Button
                        type="link"
                        size="small"
                        className={topic.ParentId === null ? undefined : styles.subTopic}
                        onClick={() => drill(topic.Id, params.range)}
                        aria-label={t('explorer.openTopic', { topic: topic.Name })}
                      >
                        {topic.Name}
                      </Button>
                    ),
                  },
                  { key: 'mentions', title: t('explorer.mentions'), dataIndex: 'Mentions', align: 'end' },
                  {
                    key: 'split',
                    title: t('explorer.sentimentSplit'),
                    render: (_, topic) => <SplitBar row={topic} />,
                  },
                  {
                    key: 'nps',
                    title: t('explorer.npsMentioners'),
                    align: 'end',
                    render: (_, topic) => nps(topic.Nps),
                  },
                  { key: 'responses', title: t('explorer.responses'), dataIndex: 'Responses', align: 'end' },
                  {
                    key: 'rest',
                    title: t('explorer.npsRest'),
                    align: 'end',
                    render: (_, topic) => nps(topic.NpsRest),
                  },
                  {
                    key: 'gap',
                    title: t('explorer.gap'),
                    align: 'end',
                    render: (_, topic) =>
                      topic.Nps === null || topic.NpsRest === null ? '–' : nps(topic.Nps - topic.NpsRest),
                  },
                ]}
              />
            </Card>
          </div>
        )}
      </TopicInsightState>
    </AdminPage>
  );
}
