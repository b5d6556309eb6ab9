import { sql, type SQL } from 'drizzle-orm';
import {
  ELIMINATION_REASON,
  INVITATION_RULES,
  STAGED_RECORD_STATUS,
  type EliminationReason,
} from '@loupe/contracts';
import { activeOptoutAddresses } from '../../core/optouts.js';
import type { Executor } from '../../db/executor.js';
import { rowsOf } from '../../db/rows-of.js';

/*
 * The elimination rules (docs/data-flow.md "Elimination"): each one UPDATE over every staged row of an import
 * (or the one record of the create-invitee form) still new (status 0), in the documented order; a row a rule
 * catches is removed (status 3) with that rule's reason, so the first rule that matches names it. No statement
 * runs per row: duplicates by window functions, the invitation history by hashed semi-joins.
 */

const { New, Processed, Removed } = STAGED_RECORD_STATUS;
const R = ELIMINATION_REASON;
const TARGETED_SURVEY = 3;

/** Which staged rows a pass works on: an import's, or one record's. */
export type EliminationTarget = { tenantId: number; surveyId: number } & (
  { importDataLogId: number; stagedId?: undefined } | { stagedId: number; importDataLogId?: undefined }
);

/** What the rules read of the survey, the tenant's rules and the import's source. */
type RuleContext = {
  channels: number[];
  targetType: number;
  communicationFrequencyDays: number | null;
  audience: { Conditions?: { Property?: unknown; Value?: unknown; Exclude?: unknown }[] };
  invitationLimit: number;
  contactFrequencyDays: number;
  catiOptoutFrequencies: { Reason: string; Days: number }[];
  /** The import's source's type field; null: no source, the rule does not apply. */
  typeField: string | null;
};

const ids = (values: readonly number[]) => sql`${sql.param(values)}::integer[]`;

async function ruleContext(db: Executor, target: EliminationTarget): Promise<RuleContext> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT s.channels, s.target_type, s.communication_frequency_days, s.audience,
          coalesce(r.invitation_limit, 0) AS invitation_limit,
          coalesce(r.contact_frequency_days, 0) AS contact_frequency_days,
          coalesce(r.cati_optout_frequencies, '[]'::jsonb) AS cati,
          (SELECT src.type_field FROM import_data_logs l JOIN import_data_sources src ON src.id = l.import_data_source_id
            WHERE l.id = ${target.importDataLogId ?? null}::bigint) AS type_field
        FROM surveys s LEFT JOIN system_rules r ON r.tenant_id = s.tenant_id
        WHERE s.id = ${target.surveyId}::integer AND s.tenant_id = ${target.tenantId}::integer`,
  );
  if (!row) throw new Error(`survey ${target.surveyId} not found for elimination`);
  return {
    channels: (row.channels as number[] | null) ?? [],
    targetType: Number(row.target_type),
    communicationFrequencyDays: row.communication_frequency_days as number | null,
    audience: (row.audience as RuleContext['audience'] | null) ?? {},
    invitationLimit: Number(row.invitation_limit),
    contactFrequencyDays: Number(row.contact_frequency_days),
    catiOptoutFrequencies: (row.cati as RuleContext['catiOptoutFrequencies'] | null) ?? [],
    typeField: row.type_field as string | null,
  };
}

/** The staged rows of the target with `status` (alias `s`). */
function targetRows(target: EliminationTarget, status: number): SQL {
  const which =
    target.importDataLogId === undefined
      ? sql`s.id = ${target.stagedId}::bigint`
      : sql`s.import_data_log_id = ${target.importDataLogId}::bigint`;
  return sql`s.tenant_id = ${target.tenantId}::integer AND ${which} AND s.status = ${status}::smallint`;
}

/** Removes the target's rows (in `status`) that `condition` holds for, with `reason`. */
async function remove(
  db: Executor,
  target: EliminationTarget,
  reason: EliminationReason,
  condition: SQL,
  status: number = New,
): Promise<void> {
  await db.execute(
    sql`UPDATE staged_invitees s SET status = ${Removed}::smallint, elimination_reason = ${reason}::smallint
        WHERE ${targetRows(target, status)} AND (${condition})`,
  );
}

/** The row's email or MSISDN is among the addresses `addresses(key)` selects (lower-case emails). */
const addressIn = (addresses: (key: 'email' | 'msisdn') => SQL) =>
  sql`(s.email IN (${addresses('email')}) OR s.msisdn IN (${addresses('msisdn')}))`;

/** Addresses (email lower-cased, or MSISDN) invited by the tenant since `days`/`hours` ago, grouped as told. */
function invitedAddresses(
  tenantId: number,
  key: 'email' | 'msisdn',
  { surveyId, since, atLeast }: { surveyId?: number; since: SQL; atLeast?: number },
): SQL {
  const column = key === 'email' ? sql`lower(i.email)` : sql`i.msisdn`;
  return sql`SELECT ${column} FROM invitations inv JOIN invitees i ON i.id = inv.invitee_id
    WHERE inv.tenant_id = ${tenantId}::integer AND NOT inv.is_test AND inv.invited_at > ${since}
      ${surveyId === undefined ? sql`` : sql`AND inv.survey_id = ${surveyId}::integer`}
      AND ${column} IS NOT NULL
    ${atLeast === undefined ? sql`` : sql`GROUP BY ${column} HAVING count(*) >= ${atLeast}::integer`}`;
}

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days}::integer)`;

/** Duplicates: an earlier row of the same import with the same email (then MSISDN), or a row already staged. */
async function removeDuplicates(db: Executor, target: EliminationTarget): Promise<void> {
  if (target.importDataLogId !== undefined) {
    // The statement's snapshot sees every row of the import as new, so each later copy finds the first.
    for (const key of [sql.raw('email'), sql.raw('msisdn')]) {
      await remove(
        db,
        target,
        R.Duplicate,
        sql`s.${key} IS NOT NULL AND EXISTS (SELECT 1 FROM staged_invitees d
              WHERE d.tenant_id = ${target.tenantId}::integer AND d.${key} = s.${key}
                AND d.import_data_log_id = ${target.importDataLogId}::bigint AND d.status = ${New}::smallint
                AND d.id < s.id)`,
      );
    }
  }
  // Against the survey's rows already accepted (waiting or moved) in the last 24 hours, from any import or form.
  const accepted = (key: 'email' | 'msisdn') =>
    sql`SELECT o.${sql.raw(key)} FROM staged_invitees o
        WHERE o.tenant_id = ${target.tenantId}::integer AND o.survey_id = ${target.surveyId}::integer
          AND o.status IN (${Processed}::smallint, ${STAGED_RECORD_STATUS.Moved}::smallint)
          AND o.created_at > now() - interval '24 hours' AND o.${sql.raw(key)} IS NOT NULL`;
  await remove(db, target, R.Duplicate, addressIn(accepted));
}

type TreeRule = { reason: EliminationReason; column: string; table?: string };

/** The audience's condition properties the rules judge (CustomData conditions name no reason: not judged). */
const AUDIENCE_RULES: Record<string, TreeRule> = {
  InviteeLocationSet: { reason: R.LocationNotAcceptable, column: 'location_id', table: 'locations' },
  ChannelSet: {
    reason: R.ChannelNotAcceptable,
    column: 'transaction_channel_id',
    table: 'transaction_channels',
  },
  ProductSet: { reason: R.ProductNotAcceptable, column: 'product_id', table: 'products' },
  TransactionTypeId: { reason: R.TransactionTypeNotAcceptable, column: 'transaction_type_id' },
  Segments: { reason: R.SegmentNotAcceptable, column: 'segment_ids' },
};

const integers = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is number => Number.isInteger(item));

/** The condition's value as ids: a tree set's Ids, a type id or ids, segments 'groupId;id' as segment ids. */
function conditionIds(property: string, value: unknown): number[] {
  if (property === 'Segments')
    return (Array.isArray(value) ? value : [])
      .map((key) => Number(String(key).split(';')[1]))
      .filter((id) => Number.isInteger(id));
  if (property === 'TransactionTypeId') return integers(value);
  return integers((value as { Ids?: unknown } | null)?.Ids);
}

/** Whether the row matches one audience condition (a tree node includes its descendants). */
function audienceMatch(rule: TreeRule, property: string, values: number[]): SQL {
  const column = sql.raw(`s.${rule.column}`);
  if (property === 'Segments') return sql`${column} && ${ids(values)}`;
  if (!rule.table) return sql`${column} = ANY(${ids(values)})`;
  return sql`EXISTS (SELECT 1 FROM ${sql.raw(rule.table)} node WHERE node.id = ${column} AND node.path && ${ids(values)})`;
}

async function removeByAudience(db: Executor, target: EliminationTarget, context: RuleContext) {
  const conditions = (context.audience.Conditions ?? []).flatMap((condition) => {
    const property = typeof condition.Property === 'string' ? condition.Property : '';
    const rule = AUDIENCE_RULES[property];
    const values = rule ? conditionIds(property, condition.Value) : [];
    if (!rule || values.length === 0) return [];
    const match = audienceMatch(rule, property, values);
    return [{ rule, refused: condition.Exclude === true ? match : sql`NOT coalesce(${match}, false)` }];
  });
  for (const reason of [3, 4, 5, 6, 7] as EliminationReason[]) {
    for (const { rule, refused } of conditions)
      if (rule.reason === reason) await remove(db, target, reason, refused);
  }
}

/** The survey communication frequency and the global invitation rule, with the reasons of the pass. */
async function removeByFrequency(
  db: Executor,
  target: EliminationTarget,
  context: RuleContext,
  reasons: { frequency: EliminationReason; global: EliminationReason },
  status: number,
) {
  const days = context.communicationFrequencyDays;
  if (days !== null && days > 0) {
    const invited = (key: 'email' | 'msisdn') =>
      invitedAddresses(target.tenantId, key, { surveyId: target.surveyId, since: daysAgo(days) });
    await remove(db, target, reasons.frequency, addressIn(invited), status);
  }
  if (context.invitationLimit > 0 && context.contactFrequencyDays > 0) {
    const invited = (key: 'email' | 'msisdn') =>
      invitedAddresses(target.tenantId, key, {
        since: daysAgo(context.contactFrequencyDays),
        atLeast: context.invitationLimit,
      });
    await remove(db, target, reasons.global, addressIn(invited), status);
  }
}

/**
 * Opt-outs in force (core/optouts.ts: for ever, or until a later date), or a CATI opt-out within its reason's days
 * (system rules).
 */
function optedOut(
  tenantId: number,
  key: 'email' | 'msisdn',
  frequencies: RuleContext['catiOptoutFrequencies'],
) {
  return activeOptoutAddresses(sql`${tenantId}::integer`, key, {
    orAlso: sql`(o.channel = 9 AND EXISTS (SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(frequencies)}::jsonb)
              AS f("Reason" text, "Days" integer)
            WHERE f."Reason" = o.reason AND o.created_at + make_interval(days => f."Days") > now()))`,
  });
}

/**
 * Runs every rule over the target's new rows in the documented order; the rows left new passed (`markPassed` when
 * they wait for approval, else they are moved as they are). Answers nothing; the counts are read from the rows.
 */
export async function eliminate(db: Executor, target: EliminationTarget): Promise<void> {
  const context = await ruleContext(db, target);
  if (context.typeField !== null)
    await remove(
      db,
      target,
      R.CustomConfigNameNotAcceptable,
      sql`s.custom_config_name IS NOT NULL AND lower(s.custom_config_name) <> lower(${context.typeField}::text)`,
    );
  await remove(db, target, R.NoEmailAndMobile, sql`s.email IS NULL AND s.msisdn IS NULL`);
  await removeDuplicates(db, target);
  await removeByAudience(db, target, context);
  await remove(
    db,
    target,
    R.EmployeeNotAcceptable,
    sql`EXISTS (SELECT 1 FROM employees e JOIN transaction_channels c ON c.id = s.transaction_channel_id
          WHERE e.id = s.employee_id AND e.channel_id IS NOT NULL AND NOT (e.channel_id = ANY(c.path)))`,
  );
  await remove(
    db,
    target,
    R.InviteeChannelNotAcceptable,
    sql`s.invitee_channel_id IS NOT NULL AND (NOT (s.invitee_channel_id = ANY(${ids(context.channels)}))
          OR (s.invitee_channel_id = 1 AND s.email IS NULL) OR (s.invitee_channel_id = 2 AND s.msisdn IS NULL))`,
  );
  await remove(
    db,
    target,
    R.OptOut,
    addressIn((key) => optedOut(target.tenantId, key, context.catiOptoutFrequencies)),
  );
  await removeByFrequency(
    db,
    target,
    context,
    { frequency: R.SurveyCommunicationFrequency, global: R.GlobalInvitationRule },
    New,
  );
  const recent = (key: 'email' | 'msisdn') =>
    invitedAddresses(target.tenantId, key, {
      since: sql`now() - make_interval(hours => ${INVITATION_RULES.oneInvitePerHours}::integer)`,
    });
  await remove(db, target, R.OneInvitePerFiveHours, addressIn(recent));
}

/** The rows that passed every rule wait for approval: status 1 processed. */
export async function markPassed(db: Executor, target: EliminationTarget): Promise<void> {
  await db.execute(
    sql`UPDATE staged_invitees s SET status = ${Processed}::smallint WHERE ${targetRows(target, New)}`,
  );
}

/**
 * The recurring pass at move time (after an approval the rows may have waited days): the frequency and global
 * rules again over the passed rows (in `status`), with the recurring reasons (targeted surveys: their own).
 */
export async function recheckBeforeMove(
  db: Executor,
  target: EliminationTarget,
  status: number,
): Promise<void> {
  const context = await ruleContext(db, target);
  const targeted = context.targetType === TARGETED_SURVEY;
  await removeByFrequency(
    db,
    target,
    context,
    targeted
      ? { frequency: R.TargetedSurveyRecurringFrequency, global: R.TargetedSurveyRecurringGlobalRule }
      : { frequency: R.RecurringSurveyCommunicationFrequency, global: R.RecurringGlobalInvitationRule },
    status,
  );
}
