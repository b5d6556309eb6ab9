import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  questionChoices,
  questions,
  reviewImports,
  reviewSources,
  surveyFlows,
  surveys,
  transactionChannels,
} from '../db/schema/index.js';
import { storeRecords } from '../modules/rest-data/index.js';

/*
 * The Demo Bank's review source (issue 22 item 1, docs/review-sources.md, docs/demo-data.md): an external survey
 * "Google reviews" (a 1–5 star rating and the review's text), a transaction channel "Google" the reviews are
 * recorded under, an inactive source pointing at an example URL, and reviews of the last six months already
 * imported through the REST data path, in Turkish and English. Deterministic (no randomness: the n-th review
 * takes the n-th text), dates relative to the load; written once for a tenant that has no review source.
 */

const DAY_MS = 86_400_000;
const SURVEY_CODE = 'GOOGLE_REVIEWS';
const CHANNEL_CODE = 'GOOGLE';
const RATING_CODE = 'GR_RATING';
const TEXT_CODE = 'GR_TEXT';
const REVIEW_COUNT = 36;

/** The reviews' texts with their star ratings, in the order the demo uses them. */
const REVIEWS: readonly { stars: number; language: 'tr' | 'en'; author: string; text: string }[] = [
  {
    stars: 5,
    language: 'tr',
    author: 'Ayşe K.',
    text: 'Şube personeli çok ilgiliydi, işlemim beş dakikada bitti.',
  },
  {
    stars: 4,
    language: 'en',
    author: 'John M.',
    text: 'Friendly staff and a quick account opening, only parking is hard.',
  },
  { stars: 2, language: 'tr', author: 'Mehmet D.', text: 'Sırada kırk dakika bekledim, tek gişe açıktı.' },
  {
    stars: 5,
    language: 'en',
    author: 'Sarah L.',
    text: 'The advisor explained every fee clearly. Great service!',
  },
  { stars: 3, language: 'tr', author: 'Zeynep A.', text: 'Hizmet fena değil ama ATM sık sık bozuk.' },
  {
    stars: 1,
    language: 'en',
    author: 'Tom B.',
    text: 'Rude answer at the desk and my card issue is still not solved.',
  },
  {
    stars: 4,
    language: 'tr',
    author: 'Can Ş.',
    text: 'Mobil uygulama ile randevu almak çok pratik, şubede de hızlı ilerledi.',
  },
  {
    stars: 5,
    language: 'tr',
    author: 'Elif Y.',
    text: 'Kredi başvurumda çok yardımcı oldular, teşekkürler.',
  },
  {
    stars: 2,
    language: 'en',
    author: 'Maria G.',
    text: 'Long queue at lunchtime and nobody to ask for help.',
  },
  {
    stars: 4,
    language: 'en',
    author: 'Ali R.',
    text: 'Clean branch, helpful staff, a little slow on Fridays.',
  },
  { stars: 3, language: 'tr', author: 'Burak T.', text: 'Personel güler yüzlü ama işlemler yavaş.' },
  { stars: 5, language: 'tr', author: 'Deniz Ö.', text: 'Her zamanki gibi hızlı ve sorunsuz.' },
];

/** Creates the demo's external survey, channel, review source and imported reviews once; answers their count. */
export async function ensureDemoReviews(db: Db, tenantId: number): Promise<number> {
  const [existing] = await db
    .select({ id: reviewSources.id })
    .from(reviewSources)
    .where(eq(reviewSources.tenantId, tenantId))
    .limit(1);
  if (existing) return 0;

  await db
    .insert(transactionChannels)
    .values({ tenantId, name: 'Google', code: CHANNEL_CODE, level: 1, path: [] })
    .onConflictDoNothing();
  await db.execute(sql`
    UPDATE transaction_channels SET path = ARRAY[id]
    WHERE tenant_id = ${tenantId} AND code = ${CHANNEL_CODE} AND cardinality(path) = 0`);

  let [survey] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.tenantId, tenantId), eq(surveys.integrationCode, SURVEY_CODE)));
  if (!survey) {
    [survey] = await db
      .insert(surveys)
      .values({
        tenantId,
        title: 'Google reviews',
        type: 4,
        integrationCode: SURVEY_CODE,
        sourceName: 'Google',
        language: 'tr',
      })
      .returning({ id: surveys.id });
    const [flow] = await db
      .insert(surveyFlows)
      .values({ tenantId, surveyId: survey!.id, name: 'Main flow' })
      .returning({ id: surveyFlows.id });
    const [rating] = await db
      .insert(questions)
      .values([
        {
          tenantId,
          surveyId: survey!.id,
          flowId: flow!.id,
          text: 'Star rating',
          type: 'MCSS',
          // No experience: the demo's 102 Customer Satisfaction is an average on 0–10, which 1–5 stars would skew.
          experienceId: null,
          scale: 5,
          integrationCode: RATING_CODE,
          position: 0,
          required: true,
        },
        {
          tenantId,
          surveyId: survey!.id,
          flowId: flow!.id,
          text: 'Review',
          type: 'OETX',
          experienceId: 601,
          integrationCode: TEXT_CODE,
          position: 1,
        },
      ])
      .returning({ id: questions.id });
    await db.insert(questionChoices).values(
      [1, 2, 3, 4, 5].map((value) => ({
        tenantId,
        questionId: rating!.id,
        label: '★'.repeat(value),
        value,
        position: value - 1,
      })),
    );
  }

  const now = Date.now();
  const reviews = Array.from({ length: REVIEW_COUNT }, (_, index) => {
    const review = REVIEWS[index % REVIEWS.length]!;
    // Spread over about six months, the newest two days ago, at varied hours.
    const date = new Date(now - (2 + index * 5) * DAY_MS - (index % 7) * 3_600_000).toISOString();
    return { key: `https://www.example.com/reviews/demo-bank-kadikoy#${index + 1}`, review, date };
  });
  const stored = await storeRecords(db, {
    tenantId,
    userId: null,
    surveyId: survey!.id,
    language: 'tr',
    records: reviews.map(({ review, date }) => ({
      TransactionDate: date,
      AnsweredDate: date,
      TransactionChannel: CHANNEL_CODE,
      InviteeFullName: review.author,
      InviteeLanguage: review.language,
      Answers: [
        { Question: RATING_CODE, Value: review.stars },
        { Question: TEXT_CODE, Text: review.text },
      ],
    })),
  });
  const [source] = await db
    .insert(reviewSources)
    .values({
      tenantId,
      name: 'Kadıköy branch on Google',
      resourceName: 'Google',
      reviewUrl: 'https://www.example.com/reviews/demo-bank-kadikoy',
      resultLimit: 50,
      frequency: 2,
      surveyId: survey!.id,
      // Inactive: the example URL answers no reviews; "Run now" shows how a failed run reads.
      isActive: false,
      lastRunAt: new Date(now - 2 * DAY_MS + 3_600_000),
      lastStatus: 'ok',
      importedCount: stored.accepted,
    })
    .returning({ id: reviewSources.id });
  const accepted = new Set(stored.acceptedIndexes);
  const keys = reviews.filter((_, index) => accepted.has(index)).map(({ key }) => key);
  if (keys.length > 0)
    await db
      .insert(reviewImports)
      .values(keys.map((externalKey) => ({ reviewSourceId: source!.id, externalKey })));
  return stored.accepted;
}
