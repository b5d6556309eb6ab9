import { useFilterList } from '@/components/report-filter';

/** The tenant's topic models (the lookup `GET /api/filters/topic-models-with-emotion`), emotion models left out. */
export function useTopicModels() {
  const list = useFilterList('topicModels');
  return { ...list, models: (list.data ?? []).filter((model) => !model.IsEmotionModel) };
}
