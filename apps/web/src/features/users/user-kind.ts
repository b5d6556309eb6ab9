import {
  testUserListItemSchema,
  userListItemSchema,
  type Scope,
  type TestUserListItem,
  type UserListItem,
} from '@loupe/contracts';
import type { ZodType } from 'zod';

/** Users and test users share every screen; a kind says which list, routes and scopes a screen works on. */
export type UserKind = 'user' | 'testUser';

export type UserKindConfig<T> = {
  kind: UserKind;
  /** The API list and record path: `/api/users`. */
  endpoint: string;
  /** The console route of the list: `/users` (create at `/users/create`, a record at `/users/:id`). */
  path: string;
  /** Who may create, edit, activate and deactivate. */
  writeScopes: readonly Scope[];
  item: ZodType<T>;
  /** Users have a tenant and a trial date; test users live in the caller's tenant without a trial. */
  hasTenant: boolean;
};

export const USERS: UserKindConfig<UserListItem> = {
  kind: 'user',
  endpoint: '/api/users',
  path: '/users',
  writeScopes: ['user:manage'],
  item: userListItemSchema,
  hasTenant: true,
};

export const TEST_USERS: UserKindConfig<TestUserListItem> = {
  kind: 'testUser',
  endpoint: '/api/test-users',
  path: '/test-users',
  writeScopes: ['user:test'],
  item: testUserListItemSchema,
  hasTenant: false,
};

/** What every screen of a kind needs but the list's row schema. */
export type UserKindInfo = Omit<UserKindConfig<unknown>, 'item'>;

export function kindConfig(kind: UserKind): UserKindInfo {
  return kind === 'user' ? USERS : TEST_USERS;
}
