import {
  sentimentChip,
  TOPIC_DISCOVERY_DEFAULT_TOP,
  TOPIC_DISCOVERY_ORDERS,
  TOPIC_SENTIMENTS,
  type ReportFilter,
  type TopicDiscovery,
  type TopicDiscoveryItem,
  type TopicDiscoveryRequest,
} from '@loupe/contracts';
import { Card, Empty, Pagination, Segmented, Select, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import dayjs from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { useTopicDiscovery } from '../api/topic-insight';
import {
  discoveryPath,
  filterOfState,
  highlightParts,
  readDiscoveryParams,
  type DiscoveryParams,
} from '../topic-insight-params';
import { TopicInsightState } from './topic-insight-state';
import { TopicInsightToolbar } from './topic-insight-toolbar';
import styles from './topic-insight.module.css';
import { useTopicModels } from './use-topic-models';

/** How a comment's date is shown (as the comment highlights widget shows it). */
const DATE_TIME = 'DD/MM/YYYY HH:mm';

const SENTIMENT_COLORS = { positive: 'green', neutral: 'gold', negative: 'red' } as const;

/** The topic tree: main topics with their sub-topics, each "name (count)". */
function topicTree(topics: TopicDiscovery['Topics'], all: string): DataNode[] {
  const node = (topic: TopicDiscovery['Topics'][number]): DataNode => ({
    key: String(topic.Id),
    title: (
      <span>
        <span>{topic.Name}</span> <span className={styles.topicCount}>({topic.Count})</span>
      </span>
    ),
    children: topics.filter((child) => child.ParentId === topic.Id).map(node),
  });
  const ids = new Set(topics.map((topic) => topic.Id));
  const roots = topics.filter((topic) => topic.ParentId === null || !ids.has(topic.ParentId));
  return [{ key: 'all', title: all, children: roots.map(node) }];
}

function CommentRow({ item }: { item: TopicDiscoveryItem }) {
  const { t } = useTranslation('topicInsight');
  const mood =
    item.SentimentScore === null
      ? null
      : item.SentimentScore < 0
        ? 'uncategorized'
        : sentimentChip(item.SentimentScore);
  return (
    <li className={styles.comment}>
      <div className={styles.commentMeta}>
        {mood && (
          <Tag color={mood === 'uncategorized' ? 'default' : SENTIMENT_COLORS[mood]}>
            {t(`sentiments.${mood}`)}
          </Tag>
        )}
        <span>{item.Date ? dayjs(item.Date).format(DATE_TIME) : ''}</span>
        {item.Score !== null && <span>{t('score', { score: item.Score })}</span>}
        <span>{item.SurveyTitle}</span>
      </div>
      <Typography.Paragraph className={styles.commentText} lang={item.Language ?? undefined}>
        {highlightParts(item).map((part, index) =>
          part.topicId === null ? (
            <span key={index}>{part.text}</span>
          ) : (
            <mark key={index} className={styles.mark}>
              {part.text}
            </mark>
          ),
        )}
      </Typography.Paragraph>
      <div>
        {item.Topics.map((topic) => (
          <Tag
            key={topic.Id}
            color={
              topic.SentimentScore < 0 ? 'default' : SENTIMENT_COLORS[sentimentChip(topic.SentimentScore)]
            }
          >
            {topic.Name}
          </Tag>
        ))}
      </div>
    </li>
  );
}

/**
 * `/topic-discovery` (issue 20 item 3; docs/topic-insight.md): the selection's comments beside the chosen topic
 * model's topic tree with counts. Ordering, the sentiment choice and a clicked topic narrow the list; each
 * comment shows its topics' words highlighted. The address keeps the model, topic, sentiment, order and period.
 */
export function TopicDiscoveryPage() {
  const { t } = useTranslation('topicInsight');
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readDiscoveryParams(searchParams);
  const [filter, setFilter] = useState<ReportFilter>(() => filterOfState(location.state));
  const [page, setPage] = useState(1);
  const orderId = useId();
  const sentimentId = useId();
  const { models, isLoading: modelsLoading } = useTopicModels();
  const modelId = params.topicModelId ?? models[0]?.Id ?? null;

  const update = (change: Partial<DiscoveryParams>) => {
    setPage(1);
    const next = { ...params, topicModelId: modelId, ...change };
    setSearchParams(new URLSearchParams(discoveryPath(next).split('?')[1] ?? ''), {
      replace: true,
      state: location.state as unknown,
    });
  };

  const body = useMemo<TopicDiscoveryRequest | null>(
    () =>
      modelId === null
        ? null
        : {
            ...filter,
            TimeRange: params.range,
            TopicModelId: modelId,
            TopicId: params.topicId,
            Sentiment: params.sentiment,
            Order: params.order,
            Top: TOPIC_DISCOVERY_DEFAULT_TOP,
            Skip: (page - 1) * TOPIC_DISCOVERY_DEFAULT_TOP,
          },
    [filter, modelId, params.range, params.topicId, params.sentiment, params.order, page],
  );
  const discovery = useTopicDiscovery(body);
  const data = discovery.data;
  const tree = useMemo(
    () => (data ? topicTree(data.Topics, t('allTopics', { count: data.Total })) : []),
    [data, t],
  );
  const chosenTopic = data?.Topics.find((topic) => topic.Id === params.topicId);

  return (
    <AdminPage title={t('discovery.title')} intro={t('discovery.intro')}>
      <TopicInsightToolbar
        models={models}
        modelId={modelId}
        onModel={(id) => update({ topicModelId: id, topicId: null })}
        range={params.range}
        onRange={(range) => update({ range })}
        filter={filter}
        onFilter={(next) => {
          setPage(1);
          setFilter(next);
        }}
      />
      <TopicInsightState modelId={modelId} modelsLoading={modelsLoading} result={discovery}>
        {(data) => (
          <div className={styles.grid}>
            <Card title={t('discovery.topics')} size="small">
              <Tree
                aria-label={t('discovery.topics')}
                treeData={tree}
                defaultExpandAll
                selectedKeys={[params.topicId === null ? 'all' : String(params.topicId)]}
                onSelect={(keys) => {
                  const key = keys[0];
                  if (key === undefined) return;
                  update({ topicId: key === 'all' ? null : Number(key) });
                }}
              />
            </Card>
            <Card
              size="small"
              title={
                chosenTopic
                  ? t('discovery.listOfTopic', { topic: chosenTopic.Name, count: data.Count })
                  : t('discovery.list', { count: data.Count })
              }
            >
              <div className={styles.listControls}>
                <span id={sentimentId}>{t('sentiment')}</span>
                <Segmented
                  aria-labelledby={sentimentId}
                  value={params.sentiment}
                  onChange={(sentiment) => update({ sentiment })}
                  options={TOPIC_SENTIMENTS.map((value) => ({ value, label: t(`sentiments.${value}`) }))}
                />
                <label htmlFor={orderId}>{t('order')}</label>
                <Select
                  id={orderId}
                  value={params.order}
                  onChange={(order) => update({ order })}
                  options={TOPIC_DISCOVERY_ORDERS.map((value) => ({ value, label: t(`orders.${value}`) }))}
                  popupMatchSelectWidth={false}
                />
              </div>
              {data.Items.length === 0 ? (
                <Empty description={t('discovery.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ) : (
                <ul className={styles.commentList} aria-label={t('discovery.commentsLabel')}>
                  {data.Items.map((item) => (
                    <CommentRow key={item.AnswerId} item={item} />
                  ))}
                </ul>
              )}
              {data.Count > TOPIC_DISCOVERY_DEFAULT_TOP && (
                <Pagination
                  current={page}
                  pageSize={TOPIC_DISCOVERY_DEFAULT_TOP}
                  total={Math.min(data.Count, 100_000)}
                  showSizeChanger={false}
                  onChange={setPage}
                />
              )}
            </Card>
          </div>
        )}
      </TopicInsightState>
    </AdminPage>
  );
}
