import { ALL_SCOPES, SecurityLevel, type Scope } from '@loupe/contracts';

export const DEMO_TENANT_NAME = 'Demo Bank';
export const DEMO_PASSWORD = 'Demo1234!';

type DemoUser = {
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
    scopes: ALL_SCOPES,
    securityLevel: SecurityLevel.Power,
  },
  {
    userName: 'manager',
    fullName: 'Deniz Manager',
    email: 'manager@demo-bank.example',
    role: 'Report Manager',
    scopes: ['report:read', 'report:manage', 'report:advance', 'report:export', 'survey:read', 'alert:read'],
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
];
