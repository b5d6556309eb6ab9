import type { RouteObject } from 'react-router';
import { ChangePasswordPage } from './components/change-password-page';
import { ConfirmEmailPage } from './components/confirm-email-page';
import { ForgotPasswordPage } from './components/forgot-password-page';
import { ResetPasswordPage } from './components/reset-password-page';
import { SignInPage } from './components/sign-in-page';
import { SsoPage } from './components/sso-page';
import { TwoFactorSetupPage } from './components/two-factor-setup-page';

/** The signed-out pages (shell spec §2, public routes), mounted by the app router outside the shell layout. */
export const publicRoutes: RouteObject[] = [
  { path: '/login', element: <SignInPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/resetPassword/:resetCode', element: <ResetPasswordPage /> },
  { path: '/change-password', element: <ChangePasswordPage /> },
  { path: '/confirm-email/:code', element: <ConfirmEmailPage /> },
  // Needs a session: the page itself sends a signed-out visitor to /login and back.
  { path: '/two-factor-authenticate', element: <TwoFactorSetupPage /> },
  { path: '/sso', element: <SsoPage /> },
];
