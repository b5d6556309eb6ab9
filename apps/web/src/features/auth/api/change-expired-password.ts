import type { ChangeExpiredPassword } from '@loupe/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/account/change-expired-password` (public): replaces a password that expired, after `expired_password`. */
async function changeExpiredPassword(body: ChangeExpiredPassword): Promise<void> {
  await apiRequest({
    path: '/api/account/change-expired-password',
    method: 'POST',
    body,
    schema: z.unknown(),
    showErrorDialog: false,
  });
}

export function useChangeExpiredPassword() {
  return useMutation({ mutationFn: changeExpiredPassword });
}
