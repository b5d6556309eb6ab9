import { recoveryCodesSchema, type RecoveryCodes, type TwoFactorCode } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { twoFactorStatusQueryKey } from './get-two-factor-status';

/** `POST /api/account/two-factor/recovery-codes`: ten new codes replacing the old ones, shown once; 400 20006. */
function regenerateRecoveryCodes(body: TwoFactorCode): Promise<RecoveryCodes> {
  return apiRequest({
    path: '/api/account/two-factor/recovery-codes',
    method: 'POST',
    body,
    schema: recoveryCodesSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
  });
}
