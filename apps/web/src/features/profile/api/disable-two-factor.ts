import type { TwoFactorCode } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { bootstrapQueryKey } from '@/lib/bootstrap';
import { twoFactorStatusQueryKey } from './get-two-factor-status';

/** `POST /api/account/two-factor/disable` with a TOTP or recovery code: 204, or 400 20006 (code invalid). */
async function disableTwoFactor(body: TwoFactorCode): Promise<void> {
  await apiRequest({
    path: '/api/account/two-factor/disable',
    method: 'POST',
    body,
    schema: z.unknown(),
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
        // Bootstrap's User.TwoFactorEnabled changes too.
        queryClient.invalidateQueries({ queryKey: bootstrapQueryKey }),
      ]),
  });
}
