import type { CatiCampaignSave } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { CAMPAIGNS_ENDPOINT, QUEUE_ENDPOINT, catiKeys } from './cati-keys';

/**
 * `PUT /api/cati/campaigns/{surveyId}` (survey:manage): a CATI survey's priority, daily quota, attempts, retry
 * minutes and script notes; 400 with 4039 when the survey offers no CATI. The list is read again afterwards.
 */
function saveCatiCampaign({ surveyId, campaign }: { surveyId: number; campaign: CatiCampaignSave }) {
  return apiRequest({
    path: `${CAMPAIGNS_ENDPOINT}/${encodeURIComponent(surveyId)}`,
    method: 'PUT',
    body: campaign,
    schema: z.unknown(),
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveCatiCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCatiCampaign,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catiKeys.campaigns }),
        queryClient.invalidateQueries({ queryKey: [QUEUE_ENDPOINT] }),
      ]),
  });
}
