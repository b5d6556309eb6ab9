import type { AccountLogin } from '@loupe/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/account/forgot-password`: mails a reset link when the user exists; always 202, so nobody learns which accounts exist. */
async function forgotPassword(body: AccountLogin): Promise<void> {
  await apiRequest({
    path: '/api/account/forgot-password',
    method: 'POST',
    body,
    schema: z.unknown(),
    showErrorDialog: false,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
