import { TopicInsightStatus } from '@loupe/contracts';
import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/query-state';

/**
 * What a topic screen shows before its figures: "choose a model" states, the load error with a retry, the
 * spinner and "no data" (status 1); `children` draws the figures once there are some.
 */
export function TopicInsightState<D extends { StatusCode: number }>({
  modelId,
  modelsLoading,
  result,
  children,
}: {
  modelId: number | null;
  modelsLoading: boolean;
  result: { isError: boolean; error: unknown; data: D | undefined; refetch: () => unknown };
  children: (data: D) => ReactNode;
}) {
  const { t } = useTranslation('topicInsight');
  const { t: tCommon } = useTranslation();
  if (modelId === null)
    return modelsLoading ? (
      <Spin description={tCommon('common.loading')} />
    ) : (
      <Empty description={t('noModels')} />
    );
  if (result.isError) return <LoadFailed query={result} title={t('loadFailed')} />;
  if (!result.data) return <Spin description={tCommon('common.loading')} />;
  if (result.data.StatusCode === TopicInsightStatus.NoData) return <Empty description={t('status.noData')} />;
  return children(result.data);
}
