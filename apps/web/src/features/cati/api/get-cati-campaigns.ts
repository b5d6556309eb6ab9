import { catiCampaignSchema } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { CAMPAIGNS_ENDPOINT, catiKeys } from './cati-keys';

/** The campaigns as a list (the contracts' list answers are arrays; an `{ Items }` envelope is read as well). */
const campaignListSchema = z.union([
  z.array(catiCampaignSchema),
  z.object({ Items: z.array(catiCampaignSchema) }).transform((answer) => answer.Items),
]);

/** `GET /api/cati/campaigns` (cati:stats or survey:manage): each CATI survey's campaign settings. */
export function useCatiCampaigns() {
  return useQuery({
    queryKey: catiKeys.campaigns,
    queryFn: ({ signal }) => apiRequest({ path: CAMPAIGNS_ENDPOINT, schema: campaignListSchema, signal }),
  });
}
