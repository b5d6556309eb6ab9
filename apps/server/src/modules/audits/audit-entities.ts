import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  aiAnnotationTasks,
  aiAnnotationWorks,
  aiAnnotators,
  aiDatasets,
  emailReports,
  aiModelLabels,
  aiTopicModelGroupMembers,
  aiTopicModelGroups,
  aiScheduledJobs,
  catiCalls,
  catiCampaigns,
  aiSystemConfigurations,
  aiSentimentModels,
  alertRules,
  alerts,
  customDataMappings,
  experiences,
  ftpExports,
  importDataLogs,
  importDataSources,
  integrationSources,
  integrationWorkflows,
  journeyStages,
  messageTemplates,
  oauthClients,
  optouts,
  questionChoices,
  questions,
  reportWidgets,
  reports,
  reviewSources,
  roles,
  surveyFlows,
  surveyLinks,
  surveyQuotas,
  surveys,
  serviceConfigurations,
  systemConfigurations,
  systemRules,
  tenants,
  topicModels,
  topics,
  userFilters,
  userRoles,
  users,
  weightedExperienceGroupItems,
  weightedExperienceGroups,
  widgetTypes,
  widgets,
} from '../../db/schema/index.js';
import { REDACTED } from './audit.service.js';

/*
 * How the audit trail reads a record before and after a change (docs/admin-tenants-license-audit.md). Each
 * loader answers the record as stored, with nothing secret in it: users by a whitelist of columns (so a column
 * added later stays out until named here), clients without the secret hash, credential configurations masked.
 */

export type AuditId = number | string;

/** A record's state for the audit row, and the tenant it belongs to. */
export type AuditState = { tenantId: number | null; state: Record<string, unknown> };

export type AuditEntity = {
  /** OperationScope of the rows: the record's kind. */
  scope: string;
  /** Reads the record; undefined when it does not exist. Without a loader, the row keeps the request instead. */
  load?: (db: Db, id: AuditId) => Promise<AuditState | undefined>;
  /** The record's id when it is not the `:id` path parameter (nor, on create, the answer's Id). */
  id?: (request: {
    actor: { userId: number; tenantId: number | null };
    params: unknown;
  }) => AuditId | undefined;
  /** False: rows go to the actor's tenant, not the record's (a tenant is not its own tenant's record). */
  recordTenant?: boolean;
  /** A second row (RestrictionChange) when this part of the state differs between before and after. */
  restrictions?: (state: Record<string, unknown>) => unknown;
};

type TableWithId = PgTable & { id: AnyPgColumn };

/** Every column of the row with this id. */
function rowLoader(
  table: TableWithId,
  mask: (row: Record<string, unknown>) => Record<string, unknown> = (r) => r,
) {
  return async (db: Db, id: AuditId): Promise<AuditState | undefined> => {
    const [row] = (await db.select(getTableColumns(table)).from(table).where(eq(table.id, id))) as Record<
      string,
      unknown
    >[];
    if (!row) return undefined;
    const tenantId = typeof row.tenantId === 'number' ? row.tenantId : null;
    return { tenantId, state: mask(row) };
  };
}

/** A credential configuration's JSON is a secret: the row keeps only that it is one. */
const maskCredential = (row: Record<string, unknown>) =>
  row.isCredential ? { ...row, jsonConfig: REDACTED } : row;

async function loadUser(db: Db, id: AuditId): Promise<AuditState | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      tenantId: users.tenantId,
      userName: users.userName,
      fullName: users.fullName,
      email: users.email,
      msisdn: users.msisdn,
      title: users.title,
      department: users.department,
      language: users.language,
      securityLevel: users.securityLevel,
      isActive: users.isActive,
      isTestUser: users.isTestUser,
      emailConfirmed: users.emailConfirmed,
      twoFactorEnabled: users.twoFactorEnabled,
      trialExpireDate: users.trialExpireDate,
      passwordExpireDate: users.passwordExpireDate,
      transactionChannelIds: users.transactionChannelIds,
      productIds: users.productIds,
      employeeIds: users.employeeIds,
    })
    .from(users)
    .where(eq(users.id, Number(id)));
  if (!row) return undefined;
  const held = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, row.id))
    .orderBy(asc(userRoles.position), asc(userRoles.roleId));
  return { tenantId: row.tenantId, state: { ...row, roleIds: held.map((role) => role.roleId) } };
}

async function loadClient(db: Db, id: AuditId): Promise<AuditState | undefined> {
  const { secretHash, ...columns } = getTableColumns(oauthClients);
  const [row] = await db
    .select({ ...columns, credentialSet: secretHash })
    .from(oauthClients)
    .where(eq(oauthClients.id, String(id)));
  if (!row) return undefined;
  return { tenantId: row.tenantId, state: { ...row, credentialSet: row.credentialSet !== null } };
}

/** A topic model without its trained classifier's JSON (large; the row keeps whether it has one). */
const maskClassifier = (row: Record<string, unknown>) => ({ ...row, classifier: row.classifier !== null });
const loadTopicModel = rowLoader(topicModels, maskClassifier);

/** A topic model group with its models. */
async function loadTopicModelGroup(db: Db, id: AuditId): Promise<AuditState | undefined> {
  const group = await rowLoader(aiTopicModelGroups)(db, id);
  if (!group) return undefined;
  const members = await db
    .select({ modelId: aiTopicModelGroupMembers.modelId })
    .from(aiTopicModelGroupMembers)
    .where(eq(aiTopicModelGroupMembers.groupId, Number(id)))
    .orderBy(asc(aiTopicModelGroupMembers.modelId));
  return { ...group, state: { ...group.state, modelIds: members.map((m) => m.modelId) } };
}

async function loadWeightedGroup(db: Db, id: AuditId): Promise<AuditState | undefined> {
  const group = await rowLoader(weightedExperienceGroups)(db, id);
  if (!group) return undefined;
  const items = await db
    .select()
    .from(weightedExperienceGroupItems)
    .where(eq(weightedExperienceGroupItems.groupId, Number(id)))
    .orderBy(asc(weightedExperienceGroupItems.id));
  return { ...group, state: { ...group.state, items } };
}

/** A question with its choices (a picture as its mime type, not its bytes) and its sub-questions. */
async function loadQuestion(db: Db, id: AuditId): Promise<AuditState | undefined> {
  const question = await rowLoader(questions)(db, id);
  if (!question) return undefined;
  const { image, ...choiceColumns } = getTableColumns(questionChoices);
  const choices = await db
    .select({ ...choiceColumns, hasImage: sql<boolean>`${image} is not null` })
    .from(questionChoices)
    .where(eq(questionChoices.questionId, Number(id)))
    .orderBy(asc(questionChoices.position), asc(questionChoices.id));
  const subQuestions = await db
    .select({ id: questions.id, text: questions.text, integrationCode: questions.integrationCode })
    .from(questions)
    .where(eq(questions.parentId, Number(id)))
    .orderBy(asc(questions.position), asc(questions.id));
  return { ...question, state: { ...question.state, choices, subQuestions } };
}

/** The one row a tenant has of a per-tenant table (system rules, custom data names); the id is the tenant's. */
function tenantRowLoader(table: PgTable & { tenantId: AnyPgColumn }) {
  return async (db: Db, tenantId: AuditId): Promise<AuditState | undefined> => {
    const [row] = (await db
      .select()
      .from(table)
      .where(eq(table.tenantId, Number(tenantId)))) as Record<string, unknown>[];
    return row ? { tenantId: Number(tenantId), state: row } : undefined;
  };
}

/** A survey with its flows and quotas (the wizard's steps); its questions are the question library's records. */
async function loadSurvey(db: Db, id: AuditId): Promise<AuditState | undefined> {
  const survey = await rowLoader(surveys)(db, id);
  if (!survey) return undefined;
  const flows = await db
    .select()
    .from(surveyFlows)
    .where(eq(surveyFlows.surveyId, Number(id)))
    .orderBy(asc(surveyFlows.id));
  const quotas = await db
    .select()
    .from(surveyQuotas)
    .where(eq(surveyQuotas.surveyId, Number(id)))
    .orderBy(asc(surveyQuotas.id));
  return { ...survey, state: { ...survey.state, flows, quotas } };
}

const userRestrictions = (state: Record<string, unknown>) => ({
  TransactionChannels: state.transactionChannelIds,
  Products: state.productIds,
  Employees: state.employeeIds,
});

export const AUDIT_ENTITIES = {
  user: { scope: 'User', load: loadUser, restrictions: userRestrictions },
  testUser: { scope: 'TestUser', load: loadUser, restrictions: userRestrictions },
  /** The caller's own account (profile: password, two-factor). */
  ownAccount: { scope: 'User', load: loadUser, id: (request) => request.actor.userId },
  role: { scope: 'Role', load: rowLoader(roles) },
  client: { scope: 'Client', load: loadClient },
  tenant: { scope: 'Tenant', load: rowLoader(tenants), recordTenant: false },
  systemConfiguration: {
    scope: 'SystemConfiguration',
    load: rowLoader(systemConfigurations, maskCredential),
  },
  serviceConfiguration: {
    scope: 'ServiceConfiguration',
    load: rowLoader(serviceConfigurations, maskCredential),
  },
  systemRules: {
    scope: 'SystemRules',
    load: tenantRowLoader(systemRules),
    id: (request) => request.actor.tenantId ?? undefined,
  },
  experience: { scope: 'Experience', load: rowLoader(experiences) },
  weightedExperienceGroup: { scope: 'WeightedExperienceGroup', load: loadWeightedGroup },
  journeyStage: { scope: 'JourneyStage', load: rowLoader(journeyStages) },
  question: { scope: 'Question', load: loadQuestion },
  report: { scope: 'Report', load: rowLoader(reports) },
  /** The dashboard order of many reports at once: the row keeps the request. */
  reportOrder: { scope: 'ReportOrder' },
  reportWidget: { scope: 'ReportWidget', load: rowLoader(reportWidgets) },
  /** A role's access to a report (a pair of ids): the row keeps the request. */
  roleReport: { scope: 'RoleReport' },
  userFilter: { scope: 'UserFilter', load: rowLoader(userFilters) },
  widgetType: { scope: 'WidgetType', load: rowLoader(widgetTypes) },
  widget: { scope: 'Widget', load: rowLoader(widgets) },
  survey: { scope: 'Survey', load: loadSurvey },
  /** A test invitation request (stored for the invitations module): the row keeps the request. */
  surveyTestInvitation: { scope: 'SurveyTestInvitation' },
  /** Invitation limits of many surveys at once: the row keeps the request. */
  surveyPrioritisation: { scope: 'SurveyPrioritisation' },
  /** Invitations made from a survey's invitees (issue 17): the row keeps the request. */
  invitation: { scope: 'Invitation' },
  /** An on-site call's invitation (issue 17): the row keeps the request. */
  onSiteInvitation: { scope: 'OnSiteInvitation' },
  invitationTemplate: { scope: 'InvitationTemplate', load: rowLoader(messageTemplates) },
  messageTemplate: { scope: 'MessageTemplate', load: rowLoader(messageTemplates) },
  importDataSource: { scope: 'ImportDataSource', load: rowLoader(importDataSources) },
  optout: { scope: 'Optout', load: rowLoader(optouts) },
  alertRule: { scope: 'AlertRule', load: rowLoader(alertRules) },
  alert: { scope: 'Alert', load: rowLoader(alerts) },
  ftpExport: { scope: 'ExportFtpSurveysAnswer', load: rowLoader(ftpExports) },
  aiDataset: { scope: 'AiDataset', load: rowLoader(aiDatasets) },
  aiAnnotator: { scope: 'AiAnnotator', load: rowLoader(aiAnnotators) },
  /** An annotation work: `:id`, or `:workId` on its tasks' upload route. */
  aiAnnotationWork: {
    scope: 'AiAnnotationWork',
    load: rowLoader(aiAnnotationWorks),
    id: (request) => workIdOf(request.params),
  },
  aiAnnotationTask: { scope: 'AiAnnotationTask', load: rowLoader(aiAnnotationTasks) },
  aiTopicModel: { scope: 'AiTopicModel', load: loadTopicModel },
  aiTopic: { scope: 'AiTopic', load: rowLoader(topics) },
  aiTopicModelGroup: { scope: 'AiTopicModelGroup', load: loadTopicModelGroup },
  modelLabelMapping: { scope: 'ModelLabelMapping', load: rowLoader(aiModelLabels) },
  aiScheduledJob: { scope: 'AiScheduledJob', load: rowLoader(aiScheduledJobs) },
  aiSystemConfiguration: { scope: 'AiSystemConfiguration', load: rowLoader(aiSystemConfigurations) },
  aiSentimentModel: { scope: 'AiSentimentModel', load: rowLoader(aiSentimentModels) },
  /** An integration source: its sealed secret and sealed URL never reach the trail. */
  integrationSource: {
    scope: 'IntegrationSource',
    load: rowLoader(integrationSources, (row) => ({
      ...row,
      urlSealed: row.urlSealed === null ? null : REDACTED,
      secretSealed: row.secretSealed === null ? null : REDACTED,
    })),
  },
  integrationWorkflow: { scope: 'IntegrationWorkflow', load: rowLoader(integrationWorkflows) },
  reviewSource: { scope: 'ReviewSource', load: rowLoader(reviewSources) },
  /** A tenant's translation overrides (a batch, one removal, an import): the row keeps the request. */
  translation: { scope: 'Translation' },
  emailReport: { scope: 'EmailReport', load: rowLoader(emailReports) },
  /** A replay of deliveries: the row keeps the request (the delivery ids or the range). */
  integrationDelivery: { scope: 'IntegrationDelivery' },
  /** An upload (its file's bytes are not kept in the audit row: the row keeps the log's columns but the file). */
  importDataLog: { scope: 'ImportDataLog', load: loadImportLog },
  /** The tenant's ten custom data names (one row per tenant, like its system rules). */
  customDataMappings: {
    scope: 'CustomDataMappings',
    load: tenantRowLoader(customDataMappings),
    id: (request) => request.actor.tenantId ?? undefined,
  },
  /** One invitee of the create-invitee form: the row keeps the request. */
  invitee: { scope: 'Invitee' },
  /** A survey's touchpoint link: `:linkId` names it (`:id` is its survey); a delete leaves it switched off. */
  surveyLink: {
    scope: 'SurveyLink',
    load: rowLoader(surveyLinks),
    id: (request) => linkIdOf(request.params),
  },
  /** A schedule of the scheduler (run-now): `:name` names it; installation-wide, the row keeps the request. */
  scheduledJob: {
    scope: 'ScheduledJob',
    id: (request) => nameOf(request.params),
    recordTenant: false,
  },
  /** A CATI call (taken, then ended with its outcome). */
  catiCall: { scope: 'CatiCall', load: rowLoader(catiCalls) },
  /** A survey's CATI campaign settings: `:surveyId` names them (one row per survey). */
  catiCampaign: {
    scope: 'CatiCampaign',
    load: loadCatiCampaign,
    id: (request) => surveyIdOf(request.params),
  },
} satisfies Record<string, AuditEntity>;

async function loadCatiCampaign(db: Db, surveyId: AuditId): Promise<AuditState | undefined> {
  const [row] = await db
    .select()
    .from(catiCampaigns)
    .where(eq(catiCampaigns.surveyId, Number(surveyId)));
  return row ? { tenantId: row.tenantId, state: row } : undefined;
}

/** The `:surveyId` path parameter of a CATI campaign's route. */
function surveyIdOf(params: unknown): AuditId | undefined {
  const surveyId = (params as { surveyId?: unknown } | undefined)?.surveyId;
  return typeof surveyId === 'number' || typeof surveyId === 'string' ? surveyId : undefined;
}

function nameOf(params: unknown): string | undefined {
  const name = (params as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

async function loadImportLog(db: Db, id: AuditId): Promise<AuditState | undefined> {
  const { fileContent: _file, ...columns } = getTableColumns(importDataLogs);
  const [row] = await db
    .select(columns)
    .from(importDataLogs)
    .where(eq(importDataLogs.id, Number(id)));
  return row ? { tenantId: row.tenantId, state: row } : undefined;
}

/** An annotation work's id: the `:workId` of its tasks' routes, else `:id`. */
function workIdOf(params: unknown): AuditId | undefined {
  const { workId, id } = (params ?? {}) as { workId?: unknown; id?: unknown };
  const value = workId ?? id;
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}

/** The `:linkId` path parameter of a survey link's route. */
function linkIdOf(params: unknown): AuditId | undefined {
  const linkId = (params as { linkId?: unknown } | undefined)?.linkId;
  return typeof linkId === 'number' || typeof linkId === 'string' ? linkId : undefined;
}

export type AuditEntityName = keyof typeof AUDIT_ENTITIES;
