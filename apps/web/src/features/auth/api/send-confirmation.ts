import type { AccountLogin } from '@loupe/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/account/send-confirmation`: mails a new email confirmation link (after `invalid_grant_email_confirm`). */
async function sendConfirmation(body: AccountLogin): Promise<void> {
  await apiRequest({
    path: '/api/account/send-confirmation',
    method: 'POST',
    body,
    schema: z.unknown(),
    showErrorDialog: false,
  });
}

export function useSendConfirmation() {
  return useMutation({ mutationFn: sendConfirmation });
}
