import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  experienceGroups,
  experiences,
  journeyStages,
  questions,
  surveys,
  tenants,
  users,
  weightedExperienceGroupItems,
  weightedExperienceGroups,
} from '../db/schema/index.js';
import { createTestApp, type ApiMethod, type TestApp } from './test-app.js';

/** A refusal's body; successful answers are read with their contracts type, `json<ExperienceDetail>()`. */
type RefusalBody = { Code: number; Message: string; Details?: { Path: string; Message: string }[] };
export type Answer = { status: number; json<T = RefusalBody>(): T };

/** What the experiences, weighted groups and journey stage tests share: the app, callers and helpers. */
export type MetadataFixture = {
  t: TestApp;
  tenantId: number;
  otherTenantId: number;
  tokens: {
    /** The demo admin (all scopes) of the demo tenant. */
    admin: string;
    /** metadata:manage in another tenant. */
    other: string;
    /** Only report:read. */
    viewer: string;
    /** Only customKpi: weighted groups, not experiences or stages. */
    customKpi: string;
    /** A tenantless caller holding metadata:manage. */
    tenantless: string;
  };
  call(method: ApiMethod, url: string, options?: { token?: string; body?: unknown }): Promise<Answer>;
  /** Inserts a survey of `tenantId` (the demo tenant by default), optionally in a journey stage. */
  survey(options?: { tenantId?: number; journeyStageId?: number }): Promise<number>;
  /** Inserts a question measuring `experienceId` in a new survey of `tenantId`. */
  question(experienceId: number, tenantId?: number): Promise<number>;
  /** Every row of the tables these screens write, to prove a refusal changed nothing. */
  snapshot(): Promise<unknown>;
  close(): Promise<void>;
};

export async function createMetadataFixture(): Promise<MetadataFixture> {
  const t = await createTestApp();
  const db = t.database.db;
  const [other] = await db
    .insert(tenants)
    .values({ name: 'Metadata Other Bank' })
    .returning({ id: tenants.id });
  const [admin] = await db.select().from(users).where(eq(users.userName, 'admin'));
  const [otherUser] = await db
    .insert(users)
    .values({
      tenantId: other!.id,
      userName: 'metadata-other',
      fullName: 'Other',
      passwordHash: admin!.passwordHash,
    })
    .returning({ id: users.id });

  const tokens = {
    admin: (await t.signIn('admin')).access_token,
    other: await t.tokenFor({ userId: otherUser!.id, tenantId: other!.id, scopes: ['metadata:manage'] }),
    viewer: (await t.signIn('viewer')).access_token,
    customKpi: await t.tokenFor({ userId: admin!.id, tenantId: t.tenantId, scopes: ['customKpi'] }),
    tenantless: await t.tokenFor({ userId: admin!.id, tenantId: null, scopes: ['metadata:manage'] }),
  };

  let surveyNumber = 0;
  const survey: MetadataFixture['survey'] = async ({ tenantId = t.tenantId, journeyStageId } = {}) => {
    const [row] = await db
      .insert(surveys)
      .values({ tenantId, title: `Survey ${++surveyNumber}`, journeyStageId: journeyStageId ?? null })
      .returning({ id: surveys.id });
    return row!.id;
  };

  return {
    t,
    tenantId: t.tenantId,
    otherTenantId: other!.id,
    tokens,
    async call(method, url, { token = tokens.admin, body } = {}) {
      const response = await t.call(method, url, { token, body });
      return { status: response.statusCode, json: <T>() => response.json<T>() };
    },
    survey,
    async question(experienceId, tenantId = t.tenantId) {
      const surveyId = await survey({ tenantId });
      const [row] = await db
        .insert(questions)
        .values({ tenantId, surveyId, text: 'How likely…', type: 'MCSS', experienceId, scale: 11 })
        .returning({ id: questions.id });
      return row!.id;
    },
    async snapshot() {
      return {
        experiences: await db.select().from(experiences).orderBy(asc(experiences.id)),
        groups: await db.select().from(experienceGroups).orderBy(asc(experienceGroups.id)),
        weighted: await db.select().from(weightedExperienceGroups).orderBy(asc(weightedExperienceGroups.id)),
        items: await db
          .select()
          .from(weightedExperienceGroupItems)
          .orderBy(asc(weightedExperienceGroupItems.id)),
        stages: await db.select().from(journeyStages).orderBy(asc(journeyStages.id)),
      };
    },
    close: () => t.close(),
  };
}

/** Expects a refusal with this status and server code, and the database as it was. */
export async function expectRefusal(
  fixture: MetadataFixture,
  request: () => Promise<Answer>,
  status: number,
  code: number,
) {
  const before = await fixture.snapshot();
  const response = await request();
  const body = response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.Code).toBe(code);
  expect(await fixture.snapshot()).toEqual(before);
  return body;
}
