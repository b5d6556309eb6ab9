import { ALL_SCOPES, SecurityLevel, TENANT_SCOPES, type Scope } from '@loupe/contracts';

export const DEMO_TENANT_NAME = 'Demo Bank';
export const DEMO_PASSWORD = 'Demo1234!';

export type DemoUser = {
  userName: string;
  fullName: string;
  email: string;
  role: string;
  scopes: readonly Scope[];
  securityLevel: SecurityLevel;
  /** Restricted to one region's channels and one product once the demo CX data exists. */
  scoped?: boolean;
};

/** The demo users of ARCHITECTURE §6; all share the password Demo1234!. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    userName: 'admin',
    fullName: 'Demo Admin',
    email: 'admin@demo-bank.example',
    role: 'Administrator',
    // Every tenant scope: the operator scopes (alterna:manage) belong to tenantless operators only.
    scopes: TENANT_SCOPES,
    securityLevel: SecurityLevel.Power,
  },
  {
    userName: 'manager',
    fullName: 'Deniz Manager',
    email: 'manager@demo-bank.example',
    role: 'Report Manager',
    scopes: [
      'report:read',
      'report:manage',
      'report:advance',
      'report:export',
      'survey:read',
      'survey:manage',
      'alert:read',
      // The owner of the demo alerts works them: status moves and assignment (issue 19).
      'alert:manage',
    ],
    securityLevel: SecurityLevel.Regular,
  },
  {
    userName: 'viewer',
    fullName: 'Vera Viewer',
    email: 'viewer@demo-bank.example',
    role: 'Report Viewer',
    scopes: ['report:read'],
    securityLevel: SecurityLevel.Regular,
  },
  {
    userName: 'scoped',
    fullName: 'Selin Scoped',
    email: 'scoped@demo-bank.example',
    role: 'Regional Viewer',
    scopes: ['report:read'],
    securityLevel: SecurityLevel.Regular,
    scoped: true,
  },
  {
    userName: 'agent',
    fullName: 'Ece Agent',
    email: 'agent@demo-bank.example',
    role: 'Call Centre Agent',
    // The CATI agent screen and the team's call statistics (issue 22, docs/cati.md), with the invitee's name and
    // phone masked.
    scopes: ['catiagent', 'cati:stats', 'mask:invitee'],
    securityLevel: SecurityLevel.Regular,
  },
];

/**
 * Demo Bank's test users (users.is_test_user): the people a survey's test invitation goes to. Test users are
 * listed apart from the users (`/api/test-users`), hold no role and sign in to nothing; they only receive test
 * invitations by e-mail or SMS.
 */
export const DEMO_TEST_USERS: readonly {
  userName: string;
  fullName: string;
  email: string;
  msisdn: string;
}[] = [
  {
    userName: 'tester.tuna',
    fullName: 'Tuna Test',
    email: 'tuna.test@demo-bank.example',
    msisdn: '+905550000001',
  },
  {
    userName: 'tester.tara',
    fullName: 'Tara Test',
    email: 'tara.test@demo-bank.example',
    msisdn: '+905550000002',
  },
];

/** The tenantless installation operator (security level 0): creates tenants and acts across them. */
export const DEMO_OPERATOR: DemoUser = {
  userName: 'operator',
  fullName: 'Installation Operator',
  email: 'operator@loupe.example',
  role: 'Installation Operator',
  scopes: ALL_SCOPES,
  securityLevel: SecurityLevel.Alterna,
};

/** A second, small demo tenant, so that tenant isolation is visible. */
export const SECOND_DEMO_TENANT_NAME = 'Demo Bank Europe';

/** Answered sessions the second demo tenant gets on `npm start`. */
export const SECOND_DEMO_RESPONSES = 400;

export const SECOND_DEMO_USERS: readonly DemoUser[] = [
  {
    userName: 'admin2',
    fullName: 'Elena Europe Admin',
    email: 'admin2@demo-bank-europe.example',
    role: 'Administrator',
    scopes: TENANT_SCOPES,
    securityLevel: SecurityLevel.Power,
  },
];

/** Everyone `npm start` lists as a demo sign-in, with the tenant each belongs to. */
export const DEMO_SIGN_INS: readonly { user: DemoUser; tenant: string }[] = [
  { user: DEMO_OPERATOR, tenant: '(no tenant)' },
  ...DEMO_USERS.map((user) => ({ user, tenant: DEMO_TENANT_NAME })),
  ...SECOND_DEMO_USERS.map((user) => ({ user, tenant: SECOND_DEMO_TENANT_NAME })),
];
