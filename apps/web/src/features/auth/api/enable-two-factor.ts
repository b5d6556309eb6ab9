import { recoveryCodesSchema, type RecoveryCodes, type TwoFactorCode } from '@loupe/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/account/two-factor/enable` (signed-in): turns two-factor on; answers the ten recovery codes once. */
function enableTwoFactor(body: TwoFactorCode): Promise<RecoveryCodes> {
  return apiRequest({
    path: '/api/account/two-factor/enable',
    method: 'POST',
    body,
    schema: recoveryCodesSchema,
    showErrorDialog: false,
  });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
