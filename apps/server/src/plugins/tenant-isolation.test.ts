import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ALL_SCOPES, CUSTOM_DATA_KEYS } from '@loupe/contracts';
import {
  aiAnnotations,
  aiAnnotationTaskAnnotators,
  aiAnnotationTasks,
  aiAnnotationWorkInstances,
  aiAnnotationWorks,
  aiAnnotators,
  aiDatasetInstances,
  aiDatasets,
  aiModelLabels,
  aiTopicModelGroupMembers,
  aiTopicModelGroups,
  aiExperimentLogs,
  aiJobRuns,
  aiLogs,
  aiScheduledJobs,
  aiScoringLogs,
  aiSystemConfigurations,
  aiSentimentModels,
  aiSentimentModelVersions,
  alertComments,
  alertRules,
  alerts,
  audits,
  catiCalls,
  catiCampaigns,
  customDataMappings,
  dataValidationLogs,
  emailReports,
  experiences,
  ftpExportRuns,
  ftpExports,
  importDataLogs,
  importDataSources,
  integrationDeliveries,
  integrationDeliveryAttempts,
  integrationSources,
  integrationWorkflows,
  invitations,
  invitees,
  optouts,
  reviewSources,
  messageTemplates,
  oauthClients,
  questionChoices,
  questions,
  roles,
  serviceConfigurations,
  stagedInvitees,
  surveyLinks,
  surveys,
  systemConfigurations,
  topicModels,
  topics,
  translations,
  userFilters,
  userRoles,
  users,
  widgetCategories,
  widgetTypes,
  widgets,
} from '../db/schema/index.js';
import { loadDemoData } from '../demo/demo-data.js';
import { seedSecondDemoTenant } from '../demo/seed-identity.js';
import { trainSentimentModel } from '../text-models/sentiment-classifier.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { RegisteredRoute } from '../core/route-access.js';

/*
 * THE TWO-TENANT SUITE (issue 14 acceptance). Demo Bank (A) and Demo Bank Europe (B), each with demo data and one row
 * of every kind a route can name. As each tenant's administrator — with a token holding EVERY scope, since a
 * tenant's users are confined whatever their scopes — it walks every route of `app.routeRegistry`: every list,
 * grid and by-id read must answer no row of the other tenant, and every write naming the other tenant's ids must
 * change none of its rows. New routes are covered as they appear: a route whose path parameters the suite cannot
 * fill fails the test until it is taught here or listed with a reason.
 *
 * How a foreign row is recognised in any answer: each tenant's rows are created with ids in a window of their
 * own (every id sequence is moved before the tenant is loaded), so a number in the other tenant's window, or one
 * of its marker texts, anywhere in an answer is a leak.
 */

const WINDOW = { A: 10_000_000, B: 50_000_000 } as const;
const WINDOW_SIZE = 40_000_000;

type Tag = 'A' | 'B';
type Ids = Record<string, string>;

type Side = {
  tag: Tag;
  tenantId: number;
  /** An access token of the tenant's administrator holding every scope. */
  token: string;
  /** One id per kind of row a path parameter names. */
  ids: Ids;
  /** Texts only this tenant's rows hold. */
  markers: string[];
};

/** Routes that are not the suite's business, each with why. */
const NOT_TENANT_DATA: Record<string, string> = {
  'GET /*': 'the web app: static files',
  'GET /api/health': 'public health check, no tenant data',
  'GET /api/health/ready': 'public readiness: the replica\u2019s lag in changes, no tenant data',
  'GET /api/account/reset-password/:token':
    'public; its parameter is a mailed one-time token, not a record id',
  'GET /api/bootstrap/:locale': 'the caller’s own session; read below like every GET (the locale is no id)',
  'GET /bootstrap/:locale': 'encrypted bootstrap; the same payload as /api/bootstrap/:locale',
  'POST /api/scheduled-jobs/:name/run':
    'installation-wide schedules (docs/jobs-and-retention.md); the name is a schedule’s, not a record id',
  'GET /api/action-integration-configuration/:type':
    'the fields a configuration type takes (constants, docs/integrations.md); the type is no record id',
};

/** Path parameters the suite fills with the other tenant's ids: the record kind each route's parameter names. */
const KIND_OF_PATH: [RegExp, string][] = [
  [/^\/api\/users\/filter\/:id/, 'userFilter'],
  [/^\/api\/users\/:id/, 'user'],
  [/^\/api\/test-users\/:id/, 'testUser'],
  [/^\/api\/identity\/roles\/:id/, 'role'],
  [/^\/api\/clients\/:id/, 'client'],
  [/^\/api\/tenants\/:id/, 'tenant'],
  [/^\/api\/audit-logs\/:id/, 'audit'],
  [/^\/api\/system-configurations\/:id/, 'systemConfiguration'],
  [/^\/api\/service-configurations\/:id/, 'serviceConfiguration'],
  [/^\/api\/experiences\/:id/, 'experience'],
  [/^\/api\/weighted-experience-groups\/:id/, 'weightedGroup'],
  [/^\/api\/journey-stages\/:id/, 'journeyStage'],
  [/^\/api\/questions\/:id/, 'question'],
  [/^\/api\/reporteditor\/:id/, 'report'],
  [/^\/api\/reportWidgets\/:id/, 'reportWidget'],
  [/^\/api\/widgetTypes\/:id/, 'widgetType'],
  [/^\/api\/widgets\/:id/, 'widget'],
  [/^\/api\/data-validation-logs\/:id/, 'dataValidationLog'],
  [/^\/api\/surveys\/:id/, 'survey'],
  // Invitation and message templates (issue 17).
  [/^\/api\/invitation-templates\/:id/, 'invitationTemplate'],
  [/^\/api\/message-templates\/:id/, 'messageTemplate'],
  // Imports (issue 18, modules/imports).
  [/^\/api\/import-data-sources\/:id/, 'importDataSource'],
  [/^\/api\/import-data-logs\/:id/, 'importDataLog'],
  [/^\/api\/optouts\/:id/, 'optout'],
  [/^\/api\/export-ftp-surveys-answer\/:id/, 'ftpExport'],
  // Alerts (issue 19, modules/alerts and alert-rules).
  [/^\/api\/alerts\/:id/, 'alert'],
  [/^\/api\/alert-rules\/:id/, 'alertRule'],
  // Text analytics (issue 21, modules/text-analytics-data).
  [/^\/api\/ai-datasets\/:id/, 'aiDataset'],
  [/^\/api\/ai-annotators\/:id/, 'aiAnnotator'],
  // Annotation works (issue 21 item 2): a work by `:id` or `:workId` (its tasks' routes are filled below).
  [/^\/api\/ai-annotation-works\/:(id|workId)/, 'aiAnnotationWork'],
  // Topic models, groups and label mappings (issue 21 items 4 and 6, modules/ai-topic-models).
  [/^\/api\/ai-topic-models\/:id/, 'aiTopicModel'],
  [/^\/api\/ai-topic-model-groups\/:id/, 'aiTopicModelGroup'],
  [/^\/api\/model-label-mappings\/:id/, 'modelLabelMapping'],
  [/^\/api\/ai-scheduled-jobs\/:id/, 'aiScheduledJob'],
  [/^\/api\/ai-system-configurations\/:id/, 'aiSystemConfiguration'],
  [/^\/api\/ai-sentiment-models\/:id/, 'aiSentimentModel'],
  // Integrations (issue 22, modules/integrations): sources, workflows, deliveries (replay, attempts).
  [/^\/api\/integration-sources\/:id/, 'integrationSource'],
  [/^\/api\/integration-workflows\/:id/, 'integrationWorkflow'],
  [/^\/api\/integration-deliveries\/:id/, 'integrationDelivery'],
  // Review sources (issue 22 item 1, modules/review-sources): the record and its run-now.
  [/^\/api\/review-sources\/:id/, 'reviewSource'],
  // Email report notifications (issue 23 item 2, modules/email-reports): the record and its send-now.
  [/^\/api\/email-report-notifications\/:id/, 'emailReport'],
  // CATI (issue 22 items 7–8, modules/cati): a call (its outcome), a CATI survey's campaign settings.
  [/^\/api\/cati\/calls\/:id/, 'catiCall'],
  [/^\/api\/cati\/campaigns\/:surveyId/, 'catiSurvey'],
  // The responses analyzer (issue 20): a response by its invitee's id.
  [/^\/api\/responses-analyzer\/:id/, 'invitee'],
];

/** The URL of `route` with its parameters filled from `ids`, or undefined when the suite cannot fill them. */
function fillPath(url: string, ids: Ids): string | undefined {
  if (url === '/api/rolereports/:roleId/:reportId') return `/api/rolereports/${ids.role}/${ids.report}`;
  if (url === '/api/surveys/:id/links/:linkId') return `/api/surveys/${ids.survey}/links/${ids.surveyLink}`;
  if (url === '/api/ai-topic-models/:topicModelId/topics/:id') {
    return `/api/ai-topic-models/${ids.aiTopicModel}/topics/${ids.aiTopic}`;
  }
  if (url.startsWith('/api/ai-scheduled-jobs/:id/logs/:logId/')) {
    return url.replace(':id', ids.aiScheduledJob!).replace(':logId', ids.aiJobRun!);
  }
  if (url === '/api/questions/:id/choices/:choiceId/image') {
    return `/api/questions/${ids.question}/choices/${ids.choice}/image`;
  }
  if (url.startsWith('/api/ai-annotation-works/:workId/annotation-tasks/:id')) {
    return url.replace(':workId', ids.aiAnnotationWork!).replace(':id', ids.aiAnnotationTask!);
  }
  // Translations (issue 23 item 1): the key only this tenant overrides (no id: the other tenant has no such override).
  if (url === '/api/translations/:language/:namespace/:key')
    return `/api/translations/en/shell/${ids.translationKey}`;
  if (!url.includes(':')) return url;
  if (url.endsWith('/:locale')) return url.replace(':locale', 'en');
  const match = KIND_OF_PATH.find(([pattern]) => pattern.test(url));
  if (!match) return undefined;
  const id = ids[match[1]];
  if (id === undefined) throw new Error(`no ${match[1]} id for ${url}`);
  return url.replace(/:\w+/, encodeURIComponent(id));
}

/** Every place in `value` where a row of `foreign` shows: an id in its window or one of its marker texts. */
function leaks(value: unknown, foreign: Side, path = '$'): string[] {
  if (typeof value === 'number') {
    const start = WINDOW[foreign.tag];
    return value >= start && value < start + WINDOW_SIZE ? [`${path} = ${value}`] : [];
  }
  if (typeof value === 'string') {
    const marker = foreign.markers.find((text) => value.includes(text));
    return marker ? [`${path} contains ${marker}`] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => leaks(item, foreign, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leaks(item, foreign, `${path}.${key}`));
  return [];
}

let t: TestApp;
const sides = {} as Record<Tag, Side>;

/** Every id sequence of the schema, with its current position. */
async function sequences(): Promise<{ name: string; last: number | null }[]> {
  const rows = await t.database.raw<{ name: string; last: string | number | null }>(
    `SELECT schemaname || '.' || sequencename AS name, last_value AS last FROM pg_sequences WHERE schemaname = 'public'`,
  );
  return rows.map((row) => ({ name: row.name, last: row.last === null ? null : Number(row.last) }));
}

async function moveSequences(to: number): Promise<void> {
  for (const { name } of await sequences()) await t.database.raw(`SELECT setval('${name}', ${to})`);
}

/** The tenant's custom data names: texts only its answers may hold ('Slot A …' is a marker of A). */
const slotNames = (tag: Tag) => CUSTOM_DATA_KEYS.map((_, index) => `Slot ${tag} ${index + 1}`);

/** The rows of every kind a route names that demo data does not hold, made for tenant `tag`. */
async function addRowsOfEveryKind(tag: Tag, tenantId: number, adminId: number): Promise<void> {
  const db = t.database.db;
  const [systemType] = await db
    .select()
    .from(widgetTypes)
    .where(sql`${widgetTypes.tenantId} is null`)
    .limit(1);
  const [category] = await db.select().from(widgetCategories).limit(1);
  await db.insert(oauthClients).values({ id: `client-${tag}`, tenantId, name: `Client ${tag}` });
  const [role] = await db.select().from(roles).where(eq(roles.tenantId, tenantId)).limit(1);
  // A user, a role and a configuration section in the window (the tenant's seeded ones may predate it).
  const [member] = await db
    .insert(users)
    .values({ tenantId, userName: `member.${tag}`, fullName: `Member ${tag}`, passwordHash: 'x' })
    .returning({ id: users.id });
  const [memberRole] = await db
    .insert(roles)
    .values({ tenantId, name: `Role ${tag}`, scopes: ['report:read'] })
    .returning({ id: roles.id });
  await db.insert(userRoles).values({ tenantId, userId: member!.id, roleId: memberRole!.id });
  await db.insert(systemConfigurations).values({ tenantId, section: `Custom${tag}`, jsonConfig: '{}' });
  const [tester] = await db
    .insert(users)
    .values({
      tenantId,
      userName: `tester.${tag}`,
      fullName: `Tester ${tag}`,
      passwordHash: 'x',
      isTestUser: true,
    })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ tenantId, userId: tester!.id, roleId: role!.id });
  await db.insert(userFilters).values({ tenantId, userId: adminId, page: 'report', name: `Filter ${tag}` });
  const [type] = await db
    .insert(widgetTypes)
    .values({ tenantId, name: `Type ${tag}`, kind: systemType!.kind })
    .returning({ id: widgetTypes.id });
  await db.insert(widgets).values({
    tenantId,
    title: `Widget ${tag}`,
    widgetTypeId: type!.id,
    widgetCategoryId: category!.id,
    config: JSON.stringify({ type: systemType!.kind, dataEndpoint: 'api/widget-data/nps' }),
  });
  await db.insert(serviceConfigurations).values({ tenantId, section: `Service${tag}`, jsonConfig: '{}' });
  await db.insert(experiences).values({ tenantId, name: `Experience ${tag}`, measurementType: 0 });
  // CATI (issue 22), before the tenant's newest survey below: a CATI survey with its campaign notes, a waiting
  // CATI invitation and an ended call on it.
  const [catiSurvey] = await db
    .insert(surveys)
    .values({ tenantId, title: `CATI survey ${tag}`, channels: [9] })
    .returning({ id: surveys.id });
  await db
    .insert(catiCampaigns)
    .values({ surveyId: catiSurvey!.id, tenantId, scriptNotes: `Script notes ${tag}` });
  const [catiInvitee] = await db
    .insert(invitees)
    .values({ tenantId, surveyId: catiSurvey!.id, fullName: `Callee ${tag}`, transactionDate: new Date() })
    .returning({ id: invitees.id });
  const [catiInvitation] = await db
    .insert(invitations)
    .values({
      tenantId,
      inviteeId: catiInvitee!.id,
      surveyId: catiSurvey!.id,
      channel: 9,
      token: randomUUID(),
      invitedAt: new Date(),
    })
    .returning({ id: invitations.id });
  await db.insert(catiCalls).values({
    tenantId,
    invitationId: catiInvitation!.id,
    surveyId: catiSurvey!.id,
    agentUserId: adminId,
    endedAt: new Date(),
    outcome: 3,
    note: `CATI call ${tag}`,
  });
  const [survey] = await db
    .insert(surveys)
    .values({ tenantId, title: `Survey ${tag}`, isActive: false })
    .returning({ id: surveys.id });
  // A review source (issue 22 item 1) on that survey, named so a leak shows; inactive, so no sweep runs it.
  await db.insert(reviewSources).values({
    tenantId,
    name: `Review source ${tag}`,
    resourceName: 'Google',
    reviewUrl: `https://reviews.example.test/${tag}`,
    resultLimit: 5,
    frequency: 1,
    surveyId: survey!.id,
    isActive: false,
  });
  // An email report notification (issue 23 item 2) of one of the tenant's reports to its admin; inactive.
  const [packReport] = await t.database.raw<{ id: number }>(
    'SELECT id FROM reports WHERE tenant_id = $1 ORDER BY id LIMIT 1',
    [tenantId],
  );
  await db.insert(emailReports).values({
    tenantId,
    reportId: packReport!.id,
    userId: adminId,
    subject: `Email pack ${tag}`,
    isActive: false,
  });
  // A touchpoint link of that survey (issue 17, modules/survey-links).
  await db.insert(surveyLinks).values({
    tenantId,
    surveyId: survey!.id,
    guid: randomUUID(),
    name: `Kiosk ${tag}`,
    transactionChannelId: null,
  });
  // Imports (issue 18): a source, an import waiting for approval and its staged row.
  const [source] = await db
    .insert(importDataSources)
    .values({ tenantId, name: `Source ${tag}`, typeField: `type-${tag}`, surveyId: survey!.id })
    .returning({ id: importDataSources.id });
  const [log] = await db
    .insert(importDataLogs)
    .values({
      tenantId,
      surveyId: survey!.id,
      importDataSourceId: source!.id,
      fileName: `import-${tag}.csv`,
      fileType: 'csv',
      status: 3,
      requiresApproval: true,
    })
    .returning({ id: importDataLogs.id });
  await db.insert(stagedInvitees).values({
    tenantId,
    surveyId: survey!.id,
    importDataLogId: log!.id,
    rowNumber: 1,
    fullName: `Staged ${tag}`,
    email: `staged.${tag}@example.test`,
    status: 1,
  });
  // Opt-outs (issue 18, modules/optouts).
  await db.insert(optouts).values({ tenantId, email: `optout.${tag}@example.test`, source: 'manual' });
  // Translation overrides (issue 23 item 1, modules/translations): a key of the tenant's own, A and B apart.
  const translationKey = tag === 'A' ? 'overview' : 'surveys';
  await db.insert(translations).values({
    tenantId,
    language: 'en',
    value: JSON.stringify({ shell: { screens: { [translationKey]: `Override words ${tag}` } } }),
  });
  // FTP exports of answers (issue 18 item 8, modules/ftp-exports), with one run.
  const [ftpExport] = await db
    .insert(ftpExports)
    .values({
      tenantId,
      name: `FTP export ${tag}`,
      ftpUrl: 'ftp://files.example.test',
      ftpUsername: `ftp-${tag}`,
      ftpPasswordSealed: 'v1.sealed',
      surveyIds: [survey!.id],
    })
    .returning({ id: ftpExports.id });
  await db.insert(ftpExportRuns).values({ tenantId, ftpExportId: ftpExport!.id, status: 'failed' });
  await db.insert(audits).values({ tenantId, operationType: 7, operationScope: `/page-${tag}` });
  // Alerts (issue 19): a rule (named so a leak shows) and one alert of it with a comment.
  const [alertRule] = await db
    .insert(alertRules)
    .values({
      tenantId,
      title: `Alert rule ${tag}`,
      surveyIds: [survey!.id],
      conditions: [{ Kind: 'score', QuestionId: null, Operator: 'lte', Value: 6 }],
    })
    .returning({ id: alertRules.id });
  const [alert] = await db
    .insert(alerts)
    .values({ tenantId, ruleId: alertRule!.id, surveyId: survey!.id, status: 1 })
    .returning({ id: alerts.id });
  await db.insert(alertComments).values({ tenantId, alertId: alert!.id, text: `Alert comment ${tag}` });
  // Text analytics (issue 21): a Ready dataset with the tenant's newest comment, and an annotator (named so a leak
  // shows).
  const [dataset] = await db
    .insert(aiDatasets)
    .values({
      tenantId,
      name: `Dataset ${tag}`,
      language: 'tr',
      surveyIds: [survey!.id],
      questionIds: [],
      sources: [],
      status: 'Ready',
      instanceCount: 1,
    })
    .returning({ id: aiDatasets.id });
  const [comment] = await t.database.raw<{ id: number; session_id: number }>(
    `SELECT id, session_id FROM answers WHERE tenant_id = $1 AND text IS NOT NULL ORDER BY id DESC LIMIT 1`,
    [tenantId],
  );
  await db.insert(aiDatasetInstances).values({
    datasetId: dataset!.id,
    tenantId,
    answerId: Number(comment!.id),
    sessionId: Number(comment!.session_id),
    text: `Instance ${tag}`,
    language: 'tr',
  });
  await db.insert(aiAnnotators).values({
    tenantId,
    firstName: `Annotator ${tag}`,
    lastName: tag,
    email: `annotator.${tag}@example.test`,
  });
  // Annotation works (issue 21 item 2): a Ready sentiment work of the dataset with its instance, a task of the
  // annotator and a label.
  const [work] = await db
    .insert(aiAnnotationWorks)
    .values({
      tenantId,
      name: `Work ${tag}`,
      annotationType: 0,
      datasetId: dataset!.id,
      targetCount: 1,
      agreementLevel: 1,
      status: 'Ready',
      instanceCount: 1,
    })
    .returning({ id: aiAnnotationWorks.id });
  await db.insert(aiAnnotationWorkInstances).values({
    workId: work!.id,
    tenantId,
    answerId: Number(comment!.id),
    position: 1,
    text: `Instance ${tag}`,
    language: 'tr',
    goldLabels: ['positive'],
  });
  const [annotationTask] = await db
    .insert(aiAnnotationTasks)
    .values({ tenantId, workId: work!.id, name: `Task ${tag}`, targetCount: 1 })
    .returning({ id: aiAnnotationTasks.id });
  const [annotator] = await db
    .select({ id: aiAnnotators.id })
    .from(aiAnnotators)
    .where(eq(aiAnnotators.email, `annotator.${tag}@example.test`));
  await db
    .insert(aiAnnotationTaskAnnotators)
    .values({ taskId: annotationTask!.id, annotatorId: annotator!.id });
  await db.insert(aiAnnotations).values({
    tenantId,
    workId: work!.id,
    taskId: annotationTask!.id,
    annotatorId: annotator!.id,
    answerId: Number(comment!.id),
    labels: ['positive'],
  });
  // Topic models (issue 21 item 4): a model with a topic, a group holding it, a label mapping (named so a leak shows).
  const [topicModel] = await db
    .insert(topicModels)
    .values({ tenantId, name: `Topic model ${tag}`, language: 'en', datasetId: dataset!.id })
    .returning({ id: topicModels.id });
  await db
    .insert(topics)
    .values({ tenantId, modelId: topicModel!.id, name: `Topic ${tag}`, positiveSeedWords: ['x'] });
  const [topicGroup] = await db
    .insert(aiTopicModelGroups)
    .values({ tenantId, name: `Topic group ${tag}` })
    .returning({ id: aiTopicModelGroups.id });
  await db.insert(aiTopicModelGroupMembers).values({ groupId: topicGroup!.id, modelId: topicModel!.id });
  await db
    .insert(aiModelLabels)
    .values({ tenantId, modelId: topicModel!.id, topicName: `Topic ${tag}`, label: `Label ${tag}` });
  // A dataset job with a run, its scoring and experiment logs, an AI log and the AI system configurations.
  const [aiJob] = await db
    .insert(aiScheduledJobs)
    .values({
      tenantId,
      name: `AI job ${tag}`,
      jobType: 'dataset',
      datasetId: dataset!.id,
      cronText: '0 3 * * *',
    })
    .returning({ id: aiScheduledJobs.id });
  const [aiRun] = await db
    .insert(aiJobRuns)
    .values({ tenantId, jobId: aiJob!.id, trigger: 'manual', status: 'Succeeded', message: `Run ${tag}` })
    .returning({ id: aiJobRuns.id });
  const logOf = { tenantId, runId: aiRun!.id, modelKind: 'topic', modelId: 1 };
  await db
    .insert(aiScoringLogs)
    .values({ ...logOf, scoredCount: 1, fromAnswerId: 1, toAnswerId: 1, durationMs: 1 });
  await db.insert(aiExperimentLogs).values({ ...logOf, accepted: false, message: `Experiment ${tag}` });
  await db
    .insert(aiLogs)
    .values({ tenantId, level: 'INFO', source: `AI log ${tag}`, message: `AI log ${tag}` });
  // Seeded for every tenant at start: written again here so its id falls in the tenant's id window.
  await db
    .delete(aiSystemConfigurations)
    .where(
      and(eq(aiSystemConfigurations.tenantId, tenantId), eq(aiSystemConfigurations.key, 'ScoringBatchSize')),
    );
  await db.insert(aiSystemConfigurations).values({ tenantId, key: 'ScoringBatchSize', value: '1000' });
  // A sentiment model with a current version (issue 21 item 3), so try, export and statistics have one to read.
  const [sentimentModel] = await db
    .insert(aiSentimentModels)
    .values({ tenantId, name: `Sentiment model ${tag}`, language: 'en', status: 'Ready' })
    .returning({ id: aiSentimentModels.id });
  const trainedModel = trainSentimentModel(
    [
      { text: 'great service', label: 'positive' },
      { text: 'awful service', label: 'negative' },
      { text: 'the service', label: 'neutral' },
    ],
    { language: 'en' },
  );
  const [sentimentVersion] = await db
    .insert(aiSentimentModelVersions)
    .values({
      tenantId,
      modelId: sentimentModel!.id,
      version: 1,
      model: JSON.stringify(trainedModel),
      report: { macroF1: 1, classes: [], confusion: [], evaluation: 'held-out' },
      labelCount: 3,
      accepted: true,
      trainingMs: 1,
    })
    .returning({ id: aiSentimentModelVersions.id });
  await db
    .update(aiSentimentModels)
    .set({ currentVersionId: sentimentVersion!.id })
    .where(eq(aiSentimentModels.id, sentimentModel!.id));
  // Integrations (issue 22): a webhook source (named so a leak shows), an inactive workflow on it, and a dead
  // delivery with its attempt (a replay of it is a write naming the tenant's id).
  const [integrationSource] = await db
    .insert(integrationSources)
    .values({
      tenantId,
      name: `Integration source ${tag}`,
      kind: 'webhook',
      url: 'https://hooks.example.test/loupe',
      secretSealed: 'v1.sealed',
    })
    .returning({ id: integrationSources.id });
  const [integrationWorkflow] = await db
    .insert(integrationWorkflows)
    .values({
      tenantId,
      sourceId: integrationSource!.id,
      name: `Integration workflow ${tag}`,
      isActive: false,
      event: 'alert.created',
      action: 'webhook.post',
    })
    .returning({ id: integrationWorkflows.id });
  const [integrationDelivery] = await db
    .insert(integrationDeliveries)
    .values({
      tenantId,
      outboxId: 1,
      workflowId: integrationWorkflow!.id,
      workflowName: `Integration workflow ${tag}`,
      sourceId: integrationSource!.id,
      sourceName: `Integration source ${tag}`,
      event: 'alert.created',
      action: 'webhook.post',
      status: 'dead',
      attempt: 1,
      idempotencyKey: `delivery-${tag}`,
      occurredAt: new Date(),
      requestBody: `{"Marker":"Integration source ${tag}"}`,
    })
    .returning({ id: integrationDeliveries.id });
  await db.insert(integrationDeliveryAttempts).values({
    deliveryId: integrationDelivery!.id,
    tenantId,
    attempt: 1,
    requestBody: `{"Marker":"Integration source ${tag}"}`,
    durationMs: 1,
    succeeded: false,
    error: 'HTTP 500',
  });
  // A library question (not placed) with a pictured choice: the question routes and the picture route.
  const [question] = await db
    .insert(questions)
    .values({ tenantId, text: `Question ${tag}`, type: 'MCSS', choiceType: 4 })
    .returning({ id: questions.id });
  await db.insert(questionChoices).values({
    tenantId,
    questionId: question!.id,
    label: `Choice ${tag}`,
    value: 1,
    image: Buffer.from('89504e470d0a1a0a', 'hex'),
    imageMime: 'image/png',
  });
  // Custom data names (issue 18 item 9): one row per tenant, replacing the demo's.
  const names = slotNames(tag);
  await db
    .insert(customDataMappings)
    .values({ tenantId, names })
    .onConflictDoUpdate({ target: customDataMappings.tenantId, set: { names } });
  await db.insert(dataValidationLogs).values({
    tenantId,
    request: '{}',
    result: {},
    isSuccessful: true,
    acceptedCount: 0,
    rejectedCount: 0,
  });
  // Invitation and message templates (issue 17): one of each kind.
  await db.insert(messageTemplates).values([
    {
      tenantId,
      kind: 1,
      name: `Invitation ${tag}`,
      channel: 1,
      language: 'en',
      subject: `Subject ${tag}`,
      body: `Body ${tag}`,
    },
    { tenantId, kind: 2, name: `Reminder ${tag}`, channel: 2, language: 'tr', body: `Reminder body ${tag}` },
  ]);
}

/** The one key the tenant's English translation overrides (addRowsOfEveryKind). */
async function translationKeyOf(tenantId: number): Promise<string> {
  const [row] = await t.database.raw<{ value: string }>(
    "SELECT value FROM translations WHERE tenant_id = $1 AND language = 'en'",
    [tenantId],
  );
  const document = JSON.parse(row!.value) as { shell: { screens: Record<string, string> } };
  return Object.keys(document.shell.screens)[0]!;
}

/** The newest id of each kind of row of the tenant (newest: made in the tenant's id window). */
async function idsOf(tenantId: number): Promise<Ids> {
  const newest = async (table: string, where = 'true') => {
    // Table names and conditions are the constants below, never input.
    const [row] = await t.database.raw<{ id: string | null }>(
      `SELECT max(id)::text AS id FROM ${table} WHERE tenant_id = $1 AND ${where}`,
      [tenantId],
    );
    if (!row?.id) throw new Error(`tenant ${tenantId} has no row in ${table}`);
    return row.id;
  };
  const [client] = await t.database.raw<{ id: string }>(
    'SELECT id FROM oauth_clients WHERE tenant_id = $1 ORDER BY id LIMIT 1',
    [tenantId],
  );
  return {
    tenant: String(tenantId),
    user: await newest('users', 'is_test_user = false'),
    testUser: await newest('users', 'is_test_user = true'),
    role: await newest('roles'),
    client: client!.id,
    audit: await newest('audits'),
    systemConfiguration: await newest('system_configurations'),
    serviceConfiguration: await newest('service_configurations'),
    experience: await newest('experiences'),
    weightedGroup: await newest('weighted_experience_groups'),
    journeyStage: await newest('journey_stages'),
    question: await newest('questions', 'parent_id is null'),
    choice: await newest('question_choices'),
    report: await newest('reports'),
    reportWidget: await newest('report_widgets'),
    widgetType: await newest('widget_types'),
    widget: await newest('widgets'),
    userFilter: await newest('user_filters'),
    dataValidationLog: await newest('data_validation_logs'),
    survey: await newest('surveys', 'type <> 7'),
    invitee: await newest('invitees'),
    // Invitation and message templates (issue 17).
    invitationTemplate: await newest('message_templates', 'kind = 1'),
    messageTemplate: await newest('message_templates', 'kind = 2'),
    // Survey links (issue 17): the newest survey's link, and a channel a link's body can name.
    surveyLink: await newest('survey_links'),
    channel: await newest('transaction_channels'),
    // Imports (issue 18).
    importDataSource: await newest('import_data_sources'),
    importDataLog: await newest('import_data_logs'),
    optout: await newest('optouts'),
    ftpExport: await newest('ftp_exports'),
    alert: await newest('alerts'),
    alertRule: await newest('alert_rules'),
    aiDataset: await newest('ai_datasets'),
    aiAnnotator: await newest('ai_annotators'),
    aiAnnotationWork: await newest('ai_annotation_works'),
    aiAnnotationTask: await newest('ai_annotation_tasks'),
    aiTopicModel: await newest('topic_models'),
    aiTopic: await newest('topics'),
    aiTopicModelGroup: await newest('ai_topic_model_groups'),
    modelLabelMapping: await newest('ai_model_labels'),
    aiScheduledJob: await newest('ai_scheduled_jobs'),
    aiJobRun: await newest('ai_job_runs'),
    aiSystemConfiguration: await newest('ai_system_configurations'),
    aiSentimentModel: await newest('ai_sentiment_models'),
    integrationSource: await newest('integration_sources'),
    integrationWorkflow: await newest('integration_workflows'),
    integrationDelivery: await newest('integration_deliveries'),
    reviewSource: await newest('review_sources'),
    emailReport: await newest('email_reports'),
    translationKey: `screens.${await translationKeyOf(tenantId)}`,
    catiCall: await newest('cati_calls'),
    catiSurvey: await newest('surveys', '9 = ANY(channels)'),
    catiInvitation: await newest('invitations', 'channel = 9'),
  };
}

/** Every row of every table with a tenant_id that belongs to the tenant, plus its tenant and licence rows. */
async function dumpTenant(tenantId: number): Promise<string> {
  const tables = await t.database.raw<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'tenant_id' ORDER BY table_name`,
  );
  const dump: Record<string, unknown> = {};
  for (const { table_name } of tables) {
    // Table names come from the catalogue, not from input.
    dump[table_name] = await t.database.raw(
      `SELECT to_jsonb(x) AS row FROM "${table_name}" x WHERE tenant_id = $1 ORDER BY to_jsonb(x)::text`,
      [tenantId],
    );
  }
  dump.tenants = await t.database.raw('SELECT to_jsonb(x) AS row FROM tenants x WHERE id = $1', [tenantId]);
  return JSON.stringify(dump);
}

async function everyScopeToken(userName: string): Promise<string> {
  const [user] = await t.database.db.select().from(users).where(eq(users.userName, userName));
  return t.tokenFor({ userId: user!.id, tenantId: user!.tenantId, scopes: ALL_SCOPES, name: userName });
}

/** The routes to walk: the registry without HEAD twins and the routes that hold no tenant data. */
function routesToWalk(): RegisteredRoute[] {
  const registered = t.app.routeRegistry;
  return registered.filter((route) => {
    if (route.method === 'HEAD') return false;
    const name = `${route.method} ${route.url}`;
    if (NOT_TENANT_DATA[name] && !name.includes('bootstrap')) return false;
    return route.options.config?.access !== 'public';
  });
}

/**
 * A body for a write of `route` on the record at `url`: the record as its own tenant reads it (`GET url`), cut to
 * the fields the route's body schema knows, when that parses; else `{}` (refused by validation before any work).
 */
async function bodyFor(route: RegisteredRoute, url: string, owner: Side): Promise<unknown> {
  const schema = route.options.schema?.body as z.ZodType | undefined;
  if (!schema) return undefined;
  const read = await t.app.inject({ method: 'GET', url, headers: t.authHeader(owner.token) });
  if (read.statusCode !== 200) return {};
  const record = read.json<Record<string, unknown>>();
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  const candidate = shape
    ? Object.fromEntries(
        Object.keys(shape)
          .filter((key) => key in record)
          .map((key) => [key, record[key]]),
      )
    : record;
  return schema.safeParse(candidate).success ? candidate : {};
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  const db = t.database.db;
  const before = await sequences();

  // A: Demo Bank, its data in the A window.
  await moveSequences(WINDOW.A);
  const [adminA] = await db.select().from(users).where(eq(users.userName, 'admin'));
  await loadDemoData(t.database, { tenantId: t.tenantId, responses: 60 });
  await addRowsOfEveryKind('A', t.tenantId, adminA!.id);

  // B: Demo Bank Europe, the second demo tenant, in the B window (identity included).
  await moveSequences(WINDOW.B);
  const second = await seedSecondDemoTenant(db);
  const [adminB] = await db.select().from(users).where(eq(users.userName, 'admin2'));
  await loadDemoData(t.database, { tenantId: second.tenantId, responses: 60 });
  await addRowsOfEveryKind('B', second.tenantId, adminB!.id);

  // Rows made while the suite runs get ids of neither window.
  for (const { name, last } of before)
    await t.database.raw(`SELECT setval('${name}', ${last ?? 1}, ${last !== null})`);

  sides.A = {
    tag: 'A',
    tenantId: t.tenantId,
    token: await everyScopeToken('admin'),
    ids: await idsOf(t.tenantId),
    markers: [
      'demo-bank.example',
      'client-A',
      'tester.A',
      'Filter A',
      'Widget A',
      'ServiceA',
      'Kiosk A',
      'staged.A@',
      'Alert rule A',
      'Slot A',
      'Dataset A',
      'annotator.A@',
      'Sentiment model A',
      'Integration source A',
      'Review source A',
      'Override words A',
      'Script notes A',
      'CATI call A',
      'Email pack A',
    ],
  };
  sides.B = {
    tag: 'B',
    tenantId: second.tenantId,
    token: await everyScopeToken('admin2'),
    ids: await idsOf(second.tenantId),
    markers: [
      'Demo Bank Europe',
      'demo-bank-europe.example',
      'client-B',
      'tester.B',
      'Filter B',
      'Widget B',
      'ServiceB',
      'Kiosk B',
      'staged.B@',
      'Alert rule B',
      'Slot B',
      'Dataset B',
      'annotator.B@',
      'Sentiment model B',
      'Integration source B',
      'Review source B',
      'Override words B',
      'Script notes B',
      'CATI call B',
      'Email pack B',
    ],
  };
  for (const side of Object.values(sides))
    for (const [kind, id] of Object.entries(side.ids))
      // The translation key is a key, not an id: its leak is its override's words (a marker).
      if (
        kind !== 'tenant' &&
        kind !== 'client' &&
        kind !== 'translationKey' &&
        !leaks(Number(id), side).length
      )
        throw new Error(
          `${side.tag}'s ${kind} ${id} is outside its id window: the suite could not see it leak`,
        );
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('the two-tenant suite', () => {
  it('can fill the path parameters of every route, or the route is listed with a reason', () => {
    const unfilled = routesToWalk()
      .filter((route) => !NOT_TENANT_DATA[`${route.method} ${route.url}`])
      .filter((route) => fillPath(route.url, sides.B.ids) === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(unfilled, 'teach KIND_OF_PATH these routes, or list them in NOT_TENANT_DATA with why').toEqual([]);
  });

  for (const [callerTag, ownerTag] of [
    ['A', 'B'],
    ['B', 'A'],
  ] as const) {
    it(`${callerTag}'s administrator reads no row of ${ownerTag} from any list, grid or by-id read`, async () => {
      const caller = sides[callerTag];
      const owner = sides[ownerTag];
      const problems: string[] = [];
      let walked = 0;
      for (const route of routesToWalk()) {
        const isRead =
          route.method === 'GET' ||
          /\/(query|roleChoices)$/.test(route.url) ||
          route.url.includes('/widget-data/') ||
          route.url.includes('/text-analytics/');
        if (!isRead || route.url.endsWith('/export')) continue;
        const url = fillPath(route.url, owner.ids);
        if (url === undefined) continue;
        const bodies: unknown[] =
          route.method === 'GET'
            ? [undefined]
            : route.url.includes('/query')
              ? [{}]
              : [{ ReportId: Number(owner.ids.report) }, {}];
        for (const body of bodies) {
          const response = await t.app.inject({
            method: route.method as 'GET' | 'POST',
            url,
            headers: t.authHeader(caller.token),
            ...(body === undefined ? {} : { payload: body as object }),
          });
          walked++;
          const name = `${route.method} ${url}${body ? ` ${JSON.stringify(body)}` : ''}`;
          if (response.statusCode >= 500) problems.push(`${name}: ${response.statusCode}`);
          const type = String(response.headers['content-type'] ?? '');
          if (!type.includes('json')) continue;
          const found = leaks(response.json(), owner);
          if (found.length > 0) problems.push(`${name}: ${found.slice(0, 3).join('; ')}`);
          if (url !== route.url && response.statusCode < 300 && route.url.includes(':id'))
            problems.push(`${name}: answered ${response.statusCode} for ${ownerTag}'s record`);
        }
      }
      // Reads that name the other tenant in their query.
      for (const url of [
        `/api/users/roleChoices?tenantId=${owner.tenantId}`,
        `/api/license-info?tenantId=${owner.tenantId}`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers: t.authHeader(caller.token) });
        if (
          response.statusCode < 400 ||
          response.statusCode >= 500 ||
          leaks(response.json(), owner).length > 0
        )
          problems.push(`GET ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      expect(problems).toEqual([]);
      expect(walked).toBeGreaterThan(100);
    }, 300_000);

    it(`${callerTag}'s administrator changes no row of ${ownerTag} with any write naming ${ownerTag}'s ids`, async () => {
      const caller = sides[callerTag];
      const owner = sides[ownerTag];
      const before = await dumpTenant(owner.tenantId);
      const problems: string[] = [];
      const writes = routesToWalk().filter(
        (route) => ['POST', 'PUT', 'DELETE'].includes(route.method) && route.url.includes(':'),
      );
      let withRealBody = 0;
      for (const route of writes) {
        const url = fillPath(route.url, owner.ids);
        if (url === undefined) continue;
        const body = await bodyFor(route, url, owner);
        if (body && Object.keys(body).length > 0) withRealBody++;
        const response = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: t.authHeader(caller.token),
          ...(body === undefined ? {} : { payload: body as object }),
        });
        if (response.statusCode < 400 || response.statusCode >= 500)
          problems.push(`${route.method} ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      // Creates that name the other tenant's records in their body.
      const creates: [string, unknown][] = [
        [
          '/api/users',
          { UserName: `x${callerTag}`, FullName: 'X', Roles: [Number(owner.ids.role)], Password: 'Start123' },
        ],
        [
          '/api/test-users',
          { UserName: `y${callerTag}`, FullName: 'Y', Roles: [Number(owner.ids.role)], Password: 'Start123' },
        ],
        ['/api/rolereports', { RoleId: Number(owner.ids.role), ReportId: Number(owner.ids.report) }],
        ['/api/reportWidgets', { ReportId: Number(owner.ids.report), WidgetId: Number(owner.ids.widget) }],
        // Respondent API (issue 17, modules/respondent): the on-site call names its survey in the body. The public
        // routes are token-free (their guid is the respondent's own link) and walked in respondent.test.ts.
        [
          '/api/v11/surveys/on-site',
          { SurveyId: Number(owner.ids.survey), Invitee: { InviteeId: `site-${callerTag}` } },
        ],
        // Invitations (issue 17, modules/invitations): the caller's own survey naming the other's invitee.
        [`/api/surveys/${caller.ids.survey}/invitations`, { InviteeIds: [Number(owner.ids.invitee)] }],
        // Survey links (issue 17): a link on the other tenant's survey, and one of the caller's own on its channel.
        [
          '/api/surveys/' + owner.ids.survey + '/links',
          { Name: `Kiosk ${callerTag}`, TransactionChannelId: null },
        ],
        [
          '/api/surveys/' + caller.ids.survey + '/links',
          { Name: `Kiosk ${callerTag}`, TransactionChannelId: Number(owner.ids.channel) },
        ],
        // CATI (issue 22): a call on the other tenant's waiting invitation.
        ['/api/cati/calls', { InvitationId: Number(owner.ids.catiInvitation) }],
        // Imports (issue 18): one invitee on the other tenant's survey.
        [
          '/api/invitees',
          { SurveyId: Number(owner.ids.survey), InviteeEmail: `x.${callerTag}@example.test` },
        ],
        [
          '/api/users',
          {
            UserName: `z${callerTag}`,
            FullName: 'Z',
            Roles: [Number(owner.ids.role)],
            Password: 'Start123',
            TenantId: owner.tenantId,
          },
        ],
      ];
      for (const [url, body] of creates) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: t.authHeader(caller.token),
          payload: body as object,
        });
        if (response.statusCode < 400 || response.statusCode >= 500)
          problems.push(
            `POST ${url} ${JSON.stringify(body)}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
      }
      // A tenant's one-row settings name no id: the caller's PUT replaces the caller's row, never the owner's.
      const names = Object.fromEntries(
        slotNames(callerTag).map((name, index) => [CUSTOM_DATA_KEYS[index], `${name} renamed`]),
      );
      const renamed = await t.app.inject({
        method: 'PUT',
        url: '/api/custom-data-mappings',
        headers: t.authHeader(caller.token),
        payload: names,
      });
      if (renamed.statusCode !== 200)
        problems.push(`PUT /api/custom-data-mappings: ${renamed.statusCode} ${renamed.body.slice(0, 200)}`);
      expect(problems).toEqual([]);
      expect(await dumpTenant(owner.tenantId)).toBe(before);
      // Most writes carried the record's own valid body, so they were refused by the tenant check, not by validation.
      expect(withRealBody).toBeGreaterThanOrEqual(8);
    }, 300_000);
  }
});
