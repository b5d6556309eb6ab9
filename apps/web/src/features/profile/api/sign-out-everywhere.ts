import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { endSession } from '@/lib/auth';

/**
 * `POST /api/account/sign-out-everywhere`: 204; every session of the user ends on the server, this one included
 * (the server records the sign-out). This tab then drops its tokens and everything it fetched.
 */
async function signOutEverywhere(): Promise<void> {
  await apiRequest({
    path: '/api/account/sign-out-everywhere',
    method: 'POST',
    schema: z.unknown(),
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => {
      endSession('signedOut');
      sessionStorage.clear();
      queryClient.clear();
    },
  });
}
