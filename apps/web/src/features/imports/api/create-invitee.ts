import { inviteeCreateAnswerSchema, type InviteeCreate, type InviteeCreateAnswer } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { INVITEE_POOL_ENDPOINT } from './import-keys';

/**
 * `POST /api/invitees`: the staged record as it ended, moved (an invitee, maybe invited) or removed (with its
 * elimination reason). A field refused by the REST data checks (3100–3113, 3333) answers 400 with `Details`.
 */
function createInvitee(body: InviteeCreate): Promise<InviteeCreateAnswer> {
  return apiRequest({
    path: '/api/invitees',
    method: 'POST',
    body,
    schema: inviteeCreateAnswerSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useCreateInvitee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gridQueryKey(INVITEE_POOL_ENDPOINT) }),
  });
}
