import { gridPageSchema } from '@loupe/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { DELIVERIES_ENDPOINT } from './integration-keys';

const countPageSchema = gridPageSchema(z.unknown());

/**
 * How many deliveries match `filter`: the deliveries grid's `Count` (`$top=1&$count=true`), e.g. before a range
 * replay. No call while `filter` is undefined; a failure only leaves the count unknown.
 */
export function useDeliveryCount(filter: string | undefined) {
  return useQuery({
    queryKey: [DELIVERIES_ENDPOINT, 'count', filter],
    queryFn:
      filter === undefined
        ? skipToken
        : ({ signal }) =>
            apiRequest({
              path: `${DELIVERIES_ENDPOINT}?${new URLSearchParams({ $filter: filter, $top: '1', $count: 'true' }).toString()}`,
              schema: countPageSchema,
              signal,
              showErrorDialog: false,
            }),
    select: (page) => page.Count,
  });
}
