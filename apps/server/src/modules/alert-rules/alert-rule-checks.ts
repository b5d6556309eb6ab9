import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ALERT_KIND_OPERATORS,
  ALERT_SENTIMENTS,
  ErrorCode,
  NPS_AUDIENCES,
  type alertRuleSaveSchema,
} from '@loupe/contracts';
import type { Executor } from '../../db/executor.js';
import { badRequest } from '../../errors.js';

/*
 * What the body schema cannot judge alone (docs/alerts.md, "Rules and evaluation"): each condition's operator
 * suits its kind and its value has the operator's shape, and every id the rule names is the tenant's (a
 * condition's question belongs to one of the rule's surveys; topic ids come from the tenant's topic models,
 * emotion ids from its emotion models). Every problem is answered at once: 400 3333 with each field's path.
 */

export type AlertRuleBody = z.output<typeof alertRuleSaveSchema>;
type Issue = { Path: string; Message: string };

const isNumber = (value: unknown): value is number => typeof value === 'number';
const isWholeNumber = (value: unknown): value is number => Number.isInteger(value);
const listOf = (value: unknown, item: (v: unknown) => boolean) =>
  Array.isArray(value) && value.length > 0 && value.every(item);
const word =
  (words: readonly string[]) =>
  (value: unknown): boolean =>
    typeof value === 'string' && words.includes(value);

/** Why a condition's Value does not fit its kind and operator; undefined when it does. */
function valueProblem(condition: AlertRuleBody['Conditions'][number]): string | undefined {
  const { Kind: kind, Operator: operator, Value: value } = condition;
  const one = (fits: (v: unknown) => boolean, what: string) => {
    if (operator === 'in') return listOf(value, fits) ? undefined : `Must be a list of ${what}`;
    return fits(value) ? undefined : `Must be ${what}`;
  };
  switch (kind) {
    case 'score':
      if (operator === 'between') {
        const fits = Array.isArray(value) && value.length === 2 && value.every(isNumber);
        return fits && value[0]! <= value[1]! ? undefined : 'Must be [min, max] with min <= max';
      }
      return one(isNumber, 'a number');
    case 'choice':
    case 'topic':
    case 'emotion':
      return one(isWholeNumber, 'a whole number');
    case 'npsAudience':
      return one(word(NPS_AUDIENCES), `one of ${NPS_AUDIENCES.join(', ')}`);
    case 'sentiment':
      return one(word(ALERT_SENTIMENTS), `one of ${ALERT_SENTIMENTS.join(', ')}`);
    case 'text':
    case 'customData':
      return typeof value === 'string' && value.trim() !== '' ? undefined : 'Must be a text';
  }
}

/** The shape checks of the conditions: operator per kind, value per operator, the custom data field. */
function conditionIssues(body: AlertRuleBody): Issue[] {
  const issues: Issue[] = [];
  body.Conditions.forEach((condition, index) => {
    const path = `body/Conditions/${index}`;
    if (!ALERT_KIND_OPERATORS[condition.Kind].includes(condition.Operator)) {
      issues.push({
        Path: `${path}/Operator`,
        Message: `Must be one of ${ALERT_KIND_OPERATORS[condition.Kind].join(', ')} for ${condition.Kind}`,
      });
      return;
    }
    const problem = valueProblem(condition);
    if (problem) issues.push({ Path: `${path}/Value`, Message: problem });
    if (condition.Kind === 'customData' && condition.CustomDataNo === null)
      issues.push({ Path: `${path}/CustomDataNo`, Message: 'Required' });
  });
  return issues;
}

type Found = {
  surveys: number[];
  products: number[];
  channels: number[];
  owner: boolean;
  questions: { id: number; scale: number | null }[];
  topics: number[];
  emotions: number[];
};

const ids = (values: number[]) => sql.param(values);

/** The ids the body names that are the tenant's, in one round trip. */
async function foundIds(db: Executor, tenantId: number, body: AlertRuleBody): Promise<Found> {
  const questionIds = body.Conditions.flatMap((c) => (c.QuestionId === null ? [] : [c.QuestionId]));
  const labelIds = body.Conditions.flatMap((c) =>
    c.Kind === 'topic' || c.Kind === 'emotion' ? (Array.isArray(c.Value) ? c.Value : [c.Value]) : [],
  ).filter(isWholeNumber);
  const owner =
    body.OwnerType === 'user'
      ? sql`EXISTS (SELECT 1 FROM users WHERE id = ${body.OwnerId}::integer AND tenant_id = ${tenantId}::integer)`
      : sql`EXISTS (SELECT 1 FROM roles WHERE id = ${body.OwnerId}::integer AND tenant_id = ${tenantId}::integer)`;
  const within = (table: string, values: number[]) =>
    sql`(SELECT coalesce(array_agg(id), '{}') FROM ${sql.raw(
      table,
    )} WHERE tenant_id = ${tenantId}::integer AND id = ANY(${ids(values)}::integer[]))`;
  const labels = (emotion: boolean) => sql`(SELECT coalesce(array_agg(t.id), '{}') FROM topics t
    JOIN topic_models m ON m.id = t.model_id
    WHERE m.tenant_id = ${tenantId}::integer AND m.is_emotion_model = ${emotion}
      AND t.id = ANY(${ids(labelIds)}::integer[]))`;
  const result: unknown = await db.execute(sql`
    SELECT ${within('surveys', body.SurveyIds)} AS surveys, ${within('products', body.ProductIds)} AS products,
      ${within('transaction_channels', body.TransactionChannelIds)} AS channels, ${owner} AS owner,
      (SELECT coalesce(json_agg(json_build_object('id', q.id, 'scale', coalesce(q.scale, g.scale))), '[]')
       FROM questions q LEFT JOIN questions g ON g.id = q.parent_id
       WHERE q.tenant_id = ${tenantId}::integer AND NOT q.is_deleted
         AND q.survey_id = ANY(${ids(body.SurveyIds)}::integer[]) AND q.id = ANY(${ids(questionIds)}::integer[])
      ) AS questions,
      ${labels(false)} AS topics, ${labels(true)} AS emotions`);
  return (result as { rows: Found[] }).rows[0]!;
}

/** Refuses (400 3333 with every path) a body whose conditions do not fit or that names another tenant's ids. */
export async function checkAlertRule(db: Executor, tenantId: number, body: AlertRuleBody): Promise<void> {
  const issues = conditionIssues(body);
  const found = await foundIds(db, tenantId, body);
  const missing = (path: string, wanted: number[], got: number[]) => {
    const known = new Set(got.map(Number));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0) issues.push({ Path: path, Message: `Not found: ${unknown.join(', ')}` });
  };
  missing('body/SurveyIds', body.SurveyIds, found.surveys);
  missing('body/ProductIds', body.ProductIds, found.products);
  missing('body/TransactionChannelIds', body.TransactionChannelIds, found.channels);
  if (!found.owner) issues.push({ Path: 'body/OwnerId', Message: `No such ${body.OwnerType}` });
  const questions = new Map(found.questions.map((q) => [Number(q.id), q.scale]));
  body.Conditions.forEach((condition, index) => {
    const path = `body/Conditions/${index}`;
    if (condition.QuestionId !== null) {
      if (!questions.has(condition.QuestionId))
        issues.push({ Path: `${path}/QuestionId`, Message: "Not a question of the rule's surveys" });
      else if (
        (condition.Kind === 'score' || condition.Kind === 'npsAudience') &&
        questions.get(condition.QuestionId) === null
      )
        issues.push({ Path: `${path}/QuestionId`, Message: 'Not a scored question' });
    }
    if (condition.Kind === 'topic' || condition.Kind === 'emotion') {
      const known = new Set((condition.Kind === 'topic' ? found.topics : found.emotions).map(Number));
      const values = Array.isArray(condition.Value) ? condition.Value : [condition.Value];
      if (values.some((value) => !known.has(Number(value))))
        issues.push({ Path: `${path}/Value`, Message: `Not a ${condition.Kind} of the tenant's models` });
    }
  });
  if (issues.length > 0) {
    // One issue per path, the first found: a form shows one message per field.
    const byPath = new Map<string, Issue>();
    for (const issue of issues) if (!byPath.has(issue.Path)) byPath.set(issue.Path, issue);
    throw badRequest(ErrorCode.ModelNotValid, [...byPath.values()]);
  }
}
