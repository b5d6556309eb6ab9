import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StagedInviteeRow } from '@loupe/contracts';
import { surveys, tenants } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';

/*
 * The invitee pool's name search (issue 25, migration 0026): the screen's search box reaches PostgreSQL as
 * `lower(full_name) like lower('%…%')`, which the trigram index on lower(full_name) serves, on both engines. The
 * plans are those of the statements the grid sends for one search; the answers are today's lower() semantics.
 */

let t: TestApp;
let reader = '';
const FILLER_ROWS = 30_000;
const INDEX = 'staged_invitees_full_name_trgm_idx';

/** Names the searches below must find or skip; the filler's names share none of their trigrams with 'avc'. */
const PLANTED = [
  'Ayşe Avcı',
  'Zeynep Avcıoğlu',
  'avcı deniz',
  'MEHMET AVCI',
  'Emre Avci',
  'ÖZTÜRK ELİF',
  'Can Öztürk',
];

const FIRST = [
  'Mehmet',
  'Elif',
  'Burak',
  'Selin',
  'Murat',
  'Fatma',
  'Anna',
  'James',
  'Maria',
  'David',
  'Emma',
  'Liam',
];
const LAST = [
  'Yılmaz',
  'Kaya',
  'Demir',
  'Şahin',
  'Çelik',
  'Doğan',
  'Smith',
  'Brown',
  'Garcia',
  'Miller',
  'Wilson',
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [survey] = await db
    .insert(surveys)
    .values({ tenantId: t.tenantId, title: 'Pool search' })
    .returning({ id: surveys.id });
  const [other] = await db
    .insert(tenants)
    .values({ name: `Other ${randomUUID().slice(0, 6)}` })
    .returning({ id: tenants.id });
  const [otherSurvey] = await db
    .insert(surveys)
    .values({ tenantId: other!.id, title: 'Other' })
    .returning({ id: surveys.id });
  // A pool large enough for the planner to weigh reading it all against the index, as at 1M.
  await t.database.raw(
    `INSERT INTO staged_invitees (tenant_id, survey_id, full_name, created_at)
     SELECT $1, $2, ($3::text[])[1 + g % cardinality($3::text[])] || ' ' || ($4::text[])[1 + (g / 12) % cardinality($4::text[])],
       now() - g * interval '1 minute'
     FROM generate_series(1, $5::integer) g`,
    [t.tenantId, survey!.id, FIRST, LAST, FILLER_ROWS],
  );
  await t.database.raw(
    `INSERT INTO staged_invitees (tenant_id, survey_id, full_name) SELECT $1, $2, unnest($3::text[])`,
    [t.tenantId, survey!.id, PLANTED],
  );
  // Another tenant's namesake: the index holds every tenant's names, the tenant condition still applies.
  await t.database.raw(
    `INSERT INTO staged_invitees (tenant_id, survey_id, full_name) VALUES ($1, $2, 'Ayşe Avcı')`,
    [other!.id, otherSurvey!.id],
  );
  // As autovacuum leaves the table at rest: statistics, and the index's pending entries merged into it.
  await t.database.raw('VACUUM ANALYZE staged_invitees');
  reader = await signInNewUser(t, {
    userName: `reader-${randomUUID().slice(0, 6)}`,
    tenantId: t.tenantId,
    scopes: ['invitation:read'],
  });
}, 120_000);
afterAll(async () => t?.close());

/** The query string the pool's grid sends for a search (apps/web data-grid grid-query.ts: trimmed, lower-cased). */
const searchQuery = (term: string) =>
  new URLSearchParams({
    $top: '50',
    $skip: '0',
    $count: 'true',
    $orderby: 'CreateDate desc',
    $filter: `contains(tolower(InviteeFullName),'${term.trim().toLowerCase().replaceAll("'", "''")}')`,
  }).toString();

async function search(term: string) {
  const response = await t.call('POST', `/api/invitee-pool/query?${searchQuery(term)}`, {
    token: reader,
    body: {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Items: StagedInviteeRow[]; Count: number }>();
}

type Statement = { text: string; params: unknown[] };

/**
 * The statements the database driver receives while `work` runs: node-postgres' pool and PGlite both take the SQL
 * (a string or `{ text }`) and its parameters as their first two arguments.
 */
async function statementsOf(work: () => Promise<unknown>): Promise<Statement[]> {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const query = client.query;
  const seen: Statement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, params] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
    if (text) seen.push({ text, params: Array.isArray(params) ? params : [] });
    return query.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = query;
  }
  return seen;
}

async function planOf({ text, params }: Statement): Promise<string> {
  const rows = await t.database.raw<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('invitee pool name search', () => {
  it('the page and the Count the grid sends for a name search read the trigram index', async () => {
    const sent = await statementsOf(() => search('Avcı'));
    const searches = sent.filter(({ text }) => /from "staged_invitees"/.test(text) && / like /.test(text));
    // One page, one Count.
    expect(searches.map(({ text }) => (/^select count\(/.test(text) ? 'count' : 'page')).sort()).toEqual([
      'count',
      'page',
    ]);
    for (const statement of searches) {
      const plan = await planOf(statement);
      expect(plan, statement.text).toContain(INDEX);
      expect(plan, statement.text).not.toMatch(/Seq Scan on staged_invitees/);
    }
  });

  it("finds names case-insensitively with lower()'s Turkish letters, in the caller's tenant only", async () => {
    const names = async (term: string) => {
      const answer = await search(term);
      expect(answer.Count).toBe(answer.Items.length);
      return answer.Items.map((row) => row.InviteeFullName).sort();
    };
    // lower() keeps ı and i apart, as before the index: 'AVCI' lowers to 'avci', which 'avcı' does not contain.
    expect(await names('Avcı')).toEqual(['Ayşe Avcı', 'Zeynep Avcıoğlu', 'avcı deniz']);
    expect(await names('AVCI')).toEqual(['Emre Avci', 'MEHMET AVCI']);
    expect(await names('ÖZTÜRK')).toEqual(['Can Öztürk', 'ÖZTÜRK ELİF']);
    expect(await names('ayşe avcı')).toEqual(['Ayşe Avcı']);
    // Two letters make no trigram: the search still answers, from a scan.
    expect((await search('el')).Count).toBeGreaterThan(1_000);
    expect((await search('nobody-by-this-name')).Count).toBe(0);
  });
});
