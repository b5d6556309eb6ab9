import { and, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { aiDatasets, surveys } from '../db/schema/index.js';
import { buildDataset } from '../modules/text-analytics-data/index.js';

/*
 * The Demo Bank's text-analytics datasets (docs/text-analytics-data.md): the last 90 days' open-ended comments of
 * the branch survey in Turkish and of the branch and digital surveys in English, built by the module's own build at
 * the load (one INSERT … SELECT each, so the first start stays fast), so the datasets screen opens on Ready rows.
 * Written once for a tenant that has no "Demo comments" dataset; other demo datasets (e.g. "Demo sentiment …") are
 * left alone.
 */

const DAY_MS = 86_400_000;
const NAME_PREFIX = 'Demo comments';

const DEMO_DATASETS = [
  { name: `${NAME_PREFIX} (Turkish)`, language: 'tr', surveyCodes: ['BRANCH'] },
  { name: `${NAME_PREFIX} (English)`, language: 'en', surveyCodes: ['BRANCH', 'DIGITAL'] },
] as const;

export async function ensureDemoAiDatasets(db: Db, tenantId: number): Promise<number> {
  const existing = await db
    .select({ id: aiDatasets.id })
    .from(aiDatasets)
    .where(and(eq(aiDatasets.tenantId, tenantId), like(aiDatasets.name, `${NAME_PREFIX} (%`)));
  if (existing.length > 0) return 0;
  const now = Date.now();
  let created = 0;
  for (const definition of DEMO_DATASETS) {
    const found = await db
      .select({ id: surveys.id })
      .from(surveys)
      .where(
        and(eq(surveys.tenantId, tenantId), inArray(surveys.integrationCode, [...definition.surveyCodes])),
      );
    if (found.length === 0) continue;
    const [row] = await db
      .insert(aiDatasets)
      .values({
        tenantId,
        name: definition.name,
        language: definition.language,
        surveyIds: found.map((survey) => survey.id).sort((a, b) => a - b),
        questionIds: [],
        dateFrom: new Date(now - 90 * DAY_MS),
        dateTo: null,
        sources: [],
      })
      .returning({ id: aiDatasets.id, generation: aiDatasets.generation });
    if (!row) continue;
    // A failure is recorded on the dataset (Failed, with its message), which the screen shows.
    await buildDataset(db, { tenantId, id: row.id, generation: row.generation });
    created += 1;
  }
  return created;
}
