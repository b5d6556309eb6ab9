import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const usersRoutes: RouteObject[] = [
  ...recordRoutes(
    'users',
    async () => (await import('./components/users-page')).UsersPage,
    async () => (await import('./components/user-page')).UserPage,
  ),
  ...recordRoutes(
    'test-users',
    async () => (await import('./components/users-page')).TestUsersPage,
    async () => (await import('./components/user-page')).TestUserPage,
  ),
];
