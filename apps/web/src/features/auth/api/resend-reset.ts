import type { LinkToken } from '@loupe/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/account/resend-reset`: mails a fresh reset link to the owner of an expired one. */
async function resendReset(body: LinkToken): Promise<void> {
  await apiRequest({
    path: '/api/account/resend-reset',
    method: 'POST',
    body,
    schema: z.unknown(),
    showErrorDialog: false,
  });
}

export function useResendReset() {
  return useMutation({ mutationFn: resendReset });
}
