import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { surveyLinks, surveys, transactionChannels } from '../db/schema/index.js';

/*
 * The Demo Bank's touchpoint links (issue 17, docs/survey-links.md): one or two per answered survey, on the first
 * two branches, so the wizard's "Survey links" panel shows real ones with their QR codes. Their guids are made
 * from the tenant and the link, so a reload of the same tenant prints the same QR codes.
 */
type DemoLink = {
  survey: 'BRANCH' | 'DIGITAL' | 'LOAN';
  name: (branch: string) => string;
  /** 0 the first branch, 1 the second. */
  branch: 0 | 1;
  /** 1 until interaction, 2 once per visitor, 3 once per visit. */
  presentationFrequency: 1 | 2 | 3;
};

const DEMO_LINKS: DemoLink[] = [
  // A kiosk is one device many customers share: each visit is offered the survey afresh. A QR code is scanned
  // with the customer's own phone: once per visitor.
  { survey: 'BRANCH', name: (b) => `Şube kiosku — ${b}`, branch: 0, presentationFrequency: 3 },
  { survey: 'BRANCH', name: (b) => `Gişe QR kodu — ${b}`, branch: 1, presentationFrequency: 2 },
  {
    survey: 'DIGITAL',
    name: (b) => `Dijital bankacılık tableti — ${b}`,
    branch: 0,
    presentationFrequency: 3,
  },
  { survey: 'LOAN', name: (b) => `Kredi masası QR kodu — ${b}`, branch: 1, presentationFrequency: 2 },
];

/** A uuid (version 4 layout) drawn from `seed`: the same seed gives the same guid. */
function seededGuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Adds the demo links to a tenant that has none; answers how many it added. */
export async function ensureDemoSurveyLinks(db: Db, tenantId: number): Promise<number> {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(surveyLinks)
    .where(eq(surveyLinks.tenantId, tenantId));
  if ((existing?.count ?? 0) > 0) return 0;
  const found = await db
    .select({ id: surveys.id, code: surveys.integrationCode })
    .from(surveys)
    .where(
      and(
        eq(surveys.tenantId, tenantId),
        inArray(
          surveys.integrationCode,
          DEMO_LINKS.map((link) => link.survey),
        ),
      ),
    );
  const branches = await db
    .select({ id: transactionChannels.id, name: transactionChannels.name })
    .from(transactionChannels)
    .where(and(eq(transactionChannels.tenantId, tenantId), eq(transactionChannels.level, 2)))
    .orderBy(asc(transactionChannels.id))
    .limit(2);
  const surveyIds = new Map(found.map((survey) => [survey.code, survey.id]));
  const rows = DEMO_LINKS.flatMap((link) => {
    const surveyId = surveyIds.get(link.survey);
    const branch = branches[link.branch];
    if (surveyId === undefined || !branch) return [];
    return [
      {
        tenantId,
        surveyId,
        guid: seededGuid(`demo-survey-link:${tenantId}:${link.survey}:${link.branch}`),
        name: link.name(branch.name),
        transactionChannelId: branch.id,
        presentationFrequency: link.presentationFrequency,
      },
    ];
  });
  if (rows.length > 0) await db.insert(surveyLinks).values(rows);
  return rows.length;
}
