import type { ChangePassword } from '@loupe/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/account/change-password`: 204, or 400 with 20004 (current wrong), 20005 (same), 3333 (rule). */
async function changePassword(body: ChangePassword): Promise<void> {
  await apiRequest({
    path: '/api/account/change-password',
    method: 'POST',
    body,
    schema: z.unknown(),
    // The form shows the expected refusals next to its fields.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
