import { integrationDeliveryAttemptListSchema } from '@loupe/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { DELIVERIES_ENDPOINT } from './integration-keys';

/** `GET /api/integration-deliveries/{id}/attempts`: every attempt of one delivery, oldest first; none while id is undefined. */
export function useDeliveryAttempts(id: number | undefined) {
  return useQuery({
    queryKey: [DELIVERIES_ENDPOINT, id, 'attempts'],
    queryFn:
      id === undefined
        ? skipToken
        : ({ signal }) =>
            apiRequest({
              path: `${DELIVERIES_ENDPOINT}/${encodeURIComponent(id)}/attempts`,
              schema: integrationDeliveryAttemptListSchema,
              signal,
              showErrorDialog: 'serverErrorsOnly',
            }),
  });
}
