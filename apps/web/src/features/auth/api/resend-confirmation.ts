import type { LinkToken } from '@loupe/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/account/resend-confirmation`: mails a fresh confirmation link to the owner of an expired one. */
async function resendConfirmation(body: LinkToken): Promise<void> {
  await apiRequest({
    path: '/api/account/resend-confirmation',
    method: 'POST',
    body,
    schema: z.unknown(),
    showErrorDialog: false,
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
