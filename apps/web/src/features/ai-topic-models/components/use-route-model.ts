import { useParams } from 'react-router';
import { recordIdOf } from '@/components/admin-page/record-id';
import { useTopicModel } from '../api/topic-models';

/** The model of an `/ai-topic-models/:id/…` screen: its id (null when the route's is not one) and its query. */
export function useRouteModel() {
  const id = recordIdOf(useParams().id);
  const query = useTopicModel(typeof id === 'number' ? id : undefined);
  return { id: typeof id === 'number' ? id : null, query };
}
