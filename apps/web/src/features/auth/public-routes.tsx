import type { RouteObject } from 'react-router';
import { SignInPage } from './components/sign-in-page';

/** The sign-in page: where most visits start, so it is in the entry and the router shows it first. */
export const signInRoute: RouteObject = { path: '/login', element: <SignInPage /> };

/**
 * The other signed-out pages (shell spec §2, public routes), mounted by the app router outside the shell
 * layout; each loads on first visit (lazy).
 */
export const publicRoutes: RouteObject[] = [
  {
    path: '/forgot-password',
    lazy: async () => ({ Component: (await import('./components/forgot-password-page')).ForgotPasswordPage }),
  },
  {
    path: '/resetPassword/:resetCode',
    lazy: async () => ({ Component: (await import('./components/reset-password-page')).ResetPasswordPage }),
  },
  {
    path: '/change-password',
    lazy: async () => ({ Component: (await import('./components/change-password-page')).ChangePasswordPage }),
  },
  {
    path: '/confirm-email/:code',
    lazy: async () => ({ Component: (await import('./components/confirm-email-page')).ConfirmEmailPage }),
  },
  // Needs a session: the page itself sends a signed-out visitor to /login and back.
  {
    path: '/two-factor-authenticate',
    lazy: async () => ({
      Component: (await import('./components/two-factor-setup-page')).TwoFactorSetupPage,
    }),
  },
  { path: '/sso', lazy: async () => ({ Component: (await import('./components/sso-page')).SsoPage }) },
];
