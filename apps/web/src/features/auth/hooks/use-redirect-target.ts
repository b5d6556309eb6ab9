import { useSearchParams } from 'react-router';
import { redirectTarget } from '@/lib/auth';

/** Where the sign-in page sends the user once signed in. */
export function useRedirectTarget(): string {
  const [search] = useSearchParams();
  return redirectTarget(search);
}
