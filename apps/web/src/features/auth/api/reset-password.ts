import type { ResetPassword } from '@loupe/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/account/reset-password`: sets the new password with the single-use link token (410 expired, 404 used). */
async function resetPassword(body: ResetPassword): Promise<void> {
  await apiRequest({
    path: '/api/account/reset-password',
    method: 'POST',
    body,
    schema: z.unknown(),
    showErrorDialog: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
