import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeToken } from '@/lib/api-client';
import { recordSignOut } from '@/lib/audit';
import { endSession, getSession } from '@/lib/auth';

/**
 * Signing out (shell spec §4): the audit entry (type 6) while the token still works, then the refresh token's
 * revocation, then everything this tab kept for the user is dropped. Device preferences (language, the tour,
 * the feedback check) stay.
 */
async function signOut(userName: string): Promise<void> {
  await recordSignOut(userName);
  const session = getSession();
  try {
    if (session) await revokeToken(session.refreshToken);
  } catch (error) {
    // Signing out on this device must work even when the server cannot be reached.
    console.warn('refresh token not revoked', error);
  } finally {
    endSession('signedOut');
    sessionStorage.clear();
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // Nothing fetched for this user may show to the next one.
    onSettled: () => queryClient.clear(),
  });
}
