import { Navigate, Outlet, useLocation } from 'react-router';
import { lastSessionEnd, signInPath, useIsSignedIn } from '@/lib/auth';

/** Lets signed-in users through; everyone else goes to the sign-in page, which brings them back here. */
export function RequireAuth() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (signedIn) return <Outlet />;
  const target = lastSessionEnd() === 'signedOut' ? '/' : location.pathname + location.search + location.hash;
  return <Navigate to={signInPath(target)} replace />;
}
