import { CONSOLE_CLIENT_ID } from '@loupe/contracts';
import type { DatabaseHandle } from '../db/client.js';
import { questions, surveys, transactionChannels } from '../db/schema/index.js';
import { DEMO_PASSWORD } from '../demo/demo-users.js';
import { ensureConsoleClient, seedDemoIdentity } from '../demo/seed-identity.js';

/** The NPS experience: its answers are what the NPS widgets count. */
const NPS_EXPERIENCE_ID = 101;

/**
 * For tests that drive real server processes: Demo Bank's identity (the demo users, password DEMO_PASSWORD) plus
 * one survey with an NPS question (`Q_NPS`, on the NPS experience) and one channel (`BR-1`), for REST data to be ingested into.
 */
export async function seedIngestSurvey(
  database: DatabaseHandle,
): Promise<{ tenantId: number; surveyId: number }> {
  await database.migrate();
  await ensureConsoleClient(database.db);
  const { tenantId } = await seedDemoIdentity(database.db);
  await database.db
    .insert(transactionChannels)
    .values({ tenantId, name: 'Branch 1', code: 'BR-1', level: 1, path: [] });
  const [survey] = await database.db
    .insert(surveys)
    .values({ tenantId, title: 'Ingest survey' })
    .returning({ id: surveys.id });
  await database.db.insert(questions).values({
    tenantId,
    surveyId: survey!.id,
    text: 'NPS',
    type: 'MCSS',
    experienceId: NPS_EXPERIENCE_ID,
    scale: 11,
    integrationCode: 'Q_NPS',
  });
  return { tenantId, surveyId: survey!.id };
}

/** A password grant for a demo user at the server `url`: the access and refresh tokens. */
export async function passwordSignIn(
  url: string,
  username = 'admin',
): Promise<{ access_token: string; refresh_token: string }> {
  const response = await fetch(`${url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password: DEMO_PASSWORD,
      client_id: CONSOLE_CLIENT_ID,
    }).toString(),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access_token: string; refresh_token: string };
}
