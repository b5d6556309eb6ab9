import type { RouteObject } from 'react-router';

const userPage = async () => ({ Component: (await import('./components/user-page')).UserPage });
const testUserPage = async () => ({ Component: (await import('./components/user-page')).TestUserPage });

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const usersRoutes: RouteObject[] = [
  { path: 'users', lazy: async () => ({ Component: (await import('./components/users-page')).UsersPage }) },
  { path: 'users/create', lazy: userPage },
  { path: 'users/:id', lazy: userPage },
  {
    path: 'test-users',
    lazy: async () => ({ Component: (await import('./components/users-page')).TestUsersPage }),
  },
  { path: 'test-users/create', lazy: testUserPage },
  { path: 'test-users/:id', lazy: testUserPage },
];
