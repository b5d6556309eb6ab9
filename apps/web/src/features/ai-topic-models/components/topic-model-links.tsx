import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The model's other screens: topics, try, export, statistics (the current one shown as plain text). */
export function TopicModelLinks({
  modelId,
  current,
}: {
  modelId: number;
  current?: 'topics' | 'try' | 'export' | 'statistics';
}) {
  const { t } = useTranslation('aiTopicModels');
  const pages = ['topics', 'try', 'export', 'statistics'] as const;
  return (
    <nav aria-label={t('links.label')}>
      <Space wrap>
        {pages.map((page) =>
          page === current ? (
            <span key={page} aria-current="page">
              {t(`links.${page}`)}
            </span>
          ) : (
            <Link key={page} to={`/ai-topic-models/${modelId}/${page}`}>
              {t(`links.${page}`)}
            </Link>
          ),
        )}
      </Space>
    </nav>
  );
}
