import type { AuditEntityName } from './audit-entities.js';

/**
 * What one route's success writes to the audit log. A route may declare it itself (`config: { audit }`); the
 * routes below get theirs from AUDITED_ROUTES, so the whole trail is one table, reviewed in one place.
 */
export type AuditRouteConfig =
  | {
      entity: AuditEntityName;
      action: 'create' | 'update' | 'delete';
      /** Added to the row's data, e.g. which kind of update ('activate', 'new secret'). */
      note?: string;
    }
  | { event: 'signIn' | 'signOut' | 'export' };

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditRouteConfig;
  }
}

const create = (entity: AuditEntityName, note?: string): AuditRouteConfig =>
  note ? { entity, action: 'create', note } : { entity, action: 'create' };
const update = (entity: AuditEntityName, note?: string): AuditRouteConfig =>
  note ? { entity, action: 'update', note } : { entity, action: 'update' };
const remove = (entity: AuditEntityName): AuditRouteConfig => ({ entity, action: 'delete' });

/** `METHOD /url` of every audited route but the exports (every POST `…/export` is one). */
export const AUDITED_ROUTES: Record<string, AuditRouteConfig> = {
  'POST /token': { event: 'signIn' },
  'POST /api/sso/token': { event: 'signIn' },
  'POST /token/revoke': { event: 'signOut' },

  'POST /api/users': create('user'),
  'PUT /api/users/:id': update('user'),
  'PUT /api/users/:id/activate': update('user', 'activate'),
  'PUT /api/users/:id/deactivate': update('user', 'deactivate'),
  'POST /api/test-users': create('testUser'),
  'PUT /api/test-users/:id': update('testUser'),
  'PUT /api/test-users/:id/activate': update('testUser', 'activate'),
  'PUT /api/test-users/:id/deactivate': update('testUser', 'deactivate'),

  'POST /api/identity/roles': create('role'),
  'PUT /api/identity/roles/:id': update('role'),
  'DELETE /api/identity/roles/:id': remove('role'),

  'POST /api/clients': create('client'),
  'PUT /api/clients/:id': update('client'),
  'POST /api/clients/:id/secret': update('client', 'new secret'),
  'DELETE /api/clients/:id': remove('client'),

  'POST /api/tenants': create('tenant'),
  'PUT /api/tenants/:id': update('tenant'),
  'DELETE /api/tenants/:id': remove('tenant'),

  'POST /api/system-configurations': create('systemConfiguration'),
  'PUT /api/system-configurations/:id': update('systemConfiguration'),
  'DELETE /api/system-configurations/:id': remove('systemConfiguration'),
  'POST /api/service-configurations': create('serviceConfiguration'),
  'PUT /api/service-configurations/:id': update('serviceConfiguration'),
  'DELETE /api/service-configurations/:id': remove('serviceConfiguration'),
  'PUT /api/system-rules': update('systemRules'),

  'POST /api/experiences': create('experience'),
  'PUT /api/experiences/:id': update('experience'),
  'DELETE /api/experiences/:id': remove('experience'),
  'POST /api/weighted-experience-groups': create('weightedExperienceGroup'),
  'PUT /api/weighted-experience-groups/:id': update('weightedExperienceGroup'),
  'DELETE /api/weighted-experience-groups/:id': remove('weightedExperienceGroup'),
  'POST /api/journey-stages': create('journeyStage'),
  'PUT /api/journey-stages/:id': update('journeyStage'),
  'DELETE /api/journey-stages/:id': remove('journeyStage'),

  'POST /api/questions': create('question'),
  'PUT /api/questions/:id': update('question'),
  'DELETE /api/questions/:id': remove('question'),
  'POST /api/questions/:id/clone': create('question', 'clone'),

  'POST /api/surveys': create('survey'),
  'PUT /api/surveys/:id': update('survey'),
  'DELETE /api/surveys/:id': remove('survey'),
  'PUT /api/surveys/:id/status': update('survey', 'status'),
  'POST /api/surveys/:id/clone': create('survey', 'clone'),
  'POST /api/surveys/:id/test-invitations': create('surveyTestInvitation'),
  'POST /api/surveys/:id/invitations': create('invitation'),
  'POST /api/surveys/:id/links': create('surveyLink'),
  'PUT /api/surveys/:id/links/:linkId': update('surveyLink'),
  'DELETE /api/surveys/:id/links/:linkId': remove('surveyLink'),
  'PUT /api/survey-prioritization': update('surveyPrioritisation'),

  'POST /api/reporteditor': create('report'),
  'PUT /api/reporteditor/:id': update('report'),
  'DELETE /api/reporteditor/:id': remove('report'),
  'PUT /api/reporteditor/changeReportOrders': update('reportOrder'),
  'POST /api/reportWidgets': create('reportWidget'),
  'PUT /api/reportWidgets/:id': update('reportWidget'),
  'DELETE /api/reportWidgets/:id': remove('reportWidget'),
  'POST /api/rolereports': create('roleReport'),
  'DELETE /api/rolereports/:roleId/:reportId': remove('roleReport'),
  'POST /api/users/filter': create('userFilter'),
  'PUT /api/users/filter/:id': update('userFilter'),
  'DELETE /api/users/filter/:id': remove('userFilter'),

  // The caller's own account: the password and the second factor (never their values).
  'POST /api/account/change-password': update('ownAccount', 'change password'),
  'POST /api/account/two-factor/setup': update('ownAccount', 'two-factor setup'),
  'POST /api/account/two-factor/enable': update('ownAccount', 'two-factor on'),
  'POST /api/account/two-factor/disable': update('ownAccount', 'two-factor off'),
  'POST /api/account/two-factor/recovery-codes': update('ownAccount', 'new recovery codes'),
  'POST /api/account/sign-out-everywhere': update('ownAccount', 'sign out everywhere'),

  'POST /api/widgetTypes': create('widgetType'),
  'PUT /api/widgetTypes/:id': update('widgetType'),
  'POST /api/widgets': create('widget'),
  'PUT /api/widgets/:id': update('widget'),

  // Invitation and message templates (issue 17, docs/invitations-templates.md).
  'POST /api/invitation-templates': create('invitationTemplate'),
  'PUT /api/invitation-templates/:id': update('invitationTemplate'),
  'DELETE /api/invitation-templates/:id': remove('invitationTemplate'),
  'POST /api/message-templates': create('messageTemplate'),
  'PUT /api/message-templates/:id': update('messageTemplate'),
  'DELETE /api/message-templates/:id': remove('messageTemplate'),

  // The invitee data flow's imports (issue 18, docs/data-flow.md).
  'POST /api/import-data-sources': create('importDataSource'),
  'PUT /api/import-data-sources/:id': update('importDataSource'),
  'DELETE /api/import-data-sources/:id': remove('importDataSource'),
  'POST /api/optouts': create('optout'),
  'PUT /api/optouts/:id': update('optout'),
  'DELETE /api/optouts/:id': remove('optout'),

  'POST /api/alert-rules': create('alertRule'),
  'PUT /api/alert-rules/:id': update('alertRule'),
  'PUT /api/alert-rules/:id/actions': update('alertRule', 'actions'),
  'DELETE /api/alert-rules/:id': remove('alertRule'),
  // FTP exports of answers (issue 18 item 8, docs/ftp-export.md): the sealed password is redacted by its name.
  'POST /api/export-ftp-surveys-answer': create('ftpExport'),
  'PUT /api/export-ftp-surveys-answer/:id': update('ftpExport'),
  'DELETE /api/export-ftp-surveys-answer/:id': remove('ftpExport'),
  'POST /api/export-ftp-surveys-answer/:id/run': update('ftpExport', 'run now'),
  'POST /api/import-data-logs': create('importDataLog'),
  'PUT /api/import-data-logs/:id/approve': update('importDataLog', 'approve'),
  'PUT /api/import-data-logs/:id/reject': update('importDataLog', 'reject'),
  'POST /api/invitees': create('invitee'),
  'PUT /api/custom-data-mappings': update('customDataMappings'),

  // Alerts (issue 19, docs/alerts.md): assignment and read status, status moves, comments.
  'PUT /api/alerts/:id': update('alert'),
  'PUT /api/alerts/:id/status': update('alert', 'status'),
  'POST /api/alerts/:id/comments': update('alert', 'comment'),

  // Scheduled jobs (issue 18 item 10, docs/jobs-and-retention.md): run-now queues one run of a schedule.
  'POST /api/scheduled-jobs/:name/run': update('scheduledJob', 'run now'),

  // Text analytics (issue 21, docs/text-analytics-data.md): datasets (a save may queue a build) and annotators.
  'POST /api/ai-datasets': create('aiDataset'),
  'PUT /api/ai-datasets/:id': update('aiDataset'),
  'DELETE /api/ai-datasets/:id': remove('aiDataset'),
  'POST /api/ai-annotators': create('aiAnnotator'),
  'PUT /api/ai-annotators/:id': update('aiAnnotator'),
  'DELETE /api/ai-annotators/:id': remove('aiAnnotator'),
  // Annotation works and tasks (issue 21 item 2, docs/ai-annotation.md); an upload writes labels to a work.
  'POST /api/ai-annotation-works': create('aiAnnotationWork'),
  'PUT /api/ai-annotation-works/:id': update('aiAnnotationWork'),
  'DELETE /api/ai-annotation-works/:id': remove('aiAnnotationWork'),
  'POST /api/ai-annotation-works/:workId/annotation-tasks': create('aiAnnotationTask'),
  'PUT /api/ai-annotation-works/:workId/annotation-tasks/:id': update('aiAnnotationTask'),
  'DELETE /api/ai-annotation-works/:workId/annotation-tasks/:id': remove('aiAnnotationTask'),
  'POST /api/ai-annotation-works/:workId/annotation-tasks/:id/upload': update('aiAnnotationWork', 'upload'),

  // Topic models, their topics and groups, model label mappings (issue 21 items 4 and 6, docs/ai-topic-models.md).
  'POST /api/ai-topic-models': create('aiTopicModel'),
  'PUT /api/ai-topic-models/:id': update('aiTopicModel'),
  'DELETE /api/ai-topic-models/:id': remove('aiTopicModel'),
  'POST /api/ai-topic-models/:id/train': update('aiTopicModel', 'train'),
  'POST /api/ai-topic-models/:id/topics': create('aiTopic'),
  'PUT /api/ai-topic-models/:topicModelId/topics/:id': update('aiTopic'),
  'DELETE /api/ai-topic-models/:topicModelId/topics/:id': remove('aiTopic'),
  'POST /api/ai-topic-model-groups': create('aiTopicModelGroup'),
  'PUT /api/ai-topic-model-groups/:id': update('aiTopicModelGroup'),
  'DELETE /api/ai-topic-model-groups/:id': remove('aiTopicModelGroup'),
  'POST /api/model-label-mappings': create('modelLabelMapping'),
  'PUT /api/model-label-mappings/:id': update('modelLabelMapping'),
  'DELETE /api/model-label-mappings/:id': remove('modelLabelMapping'),
  // Scheduled text-analytics jobs and AI system configurations (issue 21, docs/ai-scheduled-jobs.md).
  'POST /api/ai-scheduled-jobs': create('aiScheduledJob'),
  'PUT /api/ai-scheduled-jobs/:id': update('aiScheduledJob'),
  'DELETE /api/ai-scheduled-jobs/:id': remove('aiScheduledJob'),
  'POST /api/ai-scheduled-jobs/:id/run': update('aiScheduledJob', 'run now'),
  'POST /api/ai-scheduled-jobs/:id/pause': update('aiScheduledJob', 'pause'),
  'POST /api/ai-scheduled-jobs/:id/resume': update('aiScheduledJob', 'resume'),
  'PUT /api/ai-system-configurations/:id': update('aiSystemConfiguration'),
  // Sentiment models (issue 21 item 3, docs/ai-sentiment-models.md): train queues a training job.
  'POST /api/ai-sentiment-models': create('aiSentimentModel'),
  'PUT /api/ai-sentiment-models/:id': update('aiSentimentModel'),
  'DELETE /api/ai-sentiment-models/:id': remove('aiSentimentModel'),
  'POST /api/ai-sentiment-models/:id/train': update('aiSentimentModel', 'train'),
  // Integrations (issue 22, docs/integrations.md): sources, workflows, replays of deliveries.
  'POST /api/integration-sources': create('integrationSource'),
  'PUT /api/integration-sources/:id': update('integrationSource'),
  'DELETE /api/integration-sources/:id': remove('integrationSource'),
  'POST /api/integration-workflows': create('integrationWorkflow'),
  'PUT /api/integration-workflows/:id': update('integrationWorkflow'),
  'DELETE /api/integration-workflows/:id': remove('integrationWorkflow'),
  'POST /api/integration-deliveries/:id/replay': update('integrationDelivery', 'replay'),
  'POST /api/integration-deliveries/replay': update('integrationDelivery', 'replay range'),
  'POST /api/review-sources': create('reviewSource'),
  'PUT /api/review-sources/:id': update('reviewSource'),
  'DELETE /api/review-sources/:id': remove('reviewSource'),
  'POST /api/review-sources/:id/run': update('reviewSource', 'run'),
  // Translations (issue 23 item 1, docs/translations.md): the row keeps the request.
  'PUT /api/translations': update('translation'),
  'DELETE /api/translations/:language/:namespace/:key': remove('translation'),
  'POST /api/translations/import': update('translation', 'import'),
  // Email report notifications (issue 23 item 2, docs/email-reports.md).
  'POST /api/email-report-notifications': create('emailReport'),
  'PUT /api/email-report-notifications/:id': update('emailReport'),
  'DELETE /api/email-report-notifications/:id': remove('emailReport'),
  'POST /api/email-report-notifications/:id/send': update('emailReport', 'send now'),
  // CATI (issue 22, docs/cati.md): a call taken, its outcome, a survey's campaign settings.
  'POST /api/cati/calls': create('catiCall'),
  'POST /api/cati/calls/:id/outcome': update('catiCall', 'outcome'),
  'PUT /api/cati/campaigns/:surveyId': update('catiCampaign'),
};

/**
 * Writing routes that leave no audit row, each for a reason. The completeness test fails on any POST, PUT, PATCH
 * or DELETE route that is in neither list, so a new writing route needs a decision here.
 */
export const UNAUDITED_WRITE_ROUTES: Record<string, string> = {
  'POST /api/audits': 'writes the audit row itself',
  'POST /api/rest-data/responses': 'survey data ingestion; kept in its own REST data log',
  'POST /api/account/change-expired-password':
    'before sign-in (no caller); the sign-in that follows is recorded',
  'POST /api/account/forgot-password': 'anonymous mail request',
  'POST /api/account/reset-password': 'anonymous mailed-link flow',
  'POST /api/account/resend-reset': 'anonymous mail request',
  'POST /api/account/send-confirmation': 'anonymous mail request',
  'POST /api/account/confirm-email': 'anonymous mailed-link flow',
  'POST /api/account/resend-confirmation': 'anonymous mail request',
  'POST /api/invitation-templates/preview': 'fills a text for a sample invitee; stores nothing',
  'POST /api/message-templates/preview': 'fills a text for a sample invitee; stores nothing',
  'POST /api/public/surveys/:guid/answers':
    "a respondent's answers (no caller); the session and the invitation's timestamps are their record",
  'POST /api/public/surveys/:guid/optout':
    'a respondent unsubscribing (no caller); the optouts row keeps its time, source and invitation',
  'POST /s/:guid/optout': "a mail client's one-click unsubscribe (no caller); the optouts row is its record",
  'POST /api/import-data-logs/preview': 'reads the heading and first rows of a file; stores nothing',
  'POST /api/alerts':
    "the alert grid's page with its filter body (as POST /api/alerts/query); stores nothing",
  'POST /api/insight/satisfaction-profiler': 'figures of a report filter (as a widget); stores nothing',
  'POST /api/insight/simulation': 'figures of a report filter (as a widget); stores nothing',
  'POST /api/insight/topic-discovery': 'comments of a report filter (as a widget); stores nothing',
  'POST /api/insight/topic-explorer': 'figures of a report filter (as a widget); stores nothing',
  'POST /api/responses-analyzer':
    "the analyzer grid's page with its report filter body (as POST …/query); stores nothing",
  'POST /api/logs': "the log grid's page with its filter body (as POST /api/logs/query); stores nothing",
  'POST /api/ai-annotation-works/:workId/annotation-tasks/:id/annotations':
    "an annotator's labels of one comment; the ai_annotations row keeps who labelled what and when",
  'POST /api/ai-topic-models/:id/try': 'scores a typed sentence with the model; stores nothing',
  'POST /api/ai-sentiment-models/:id/try':
    "scores the caller's text with the model's current version; stores nothing",
};

/** Routes that only read although they are POSTs: grid pages and widget figures. */
export function isReadingPost(url: string): boolean {
  return (
    url.endsWith('/query') || url.startsWith('/api/widget-data/') || url.startsWith('/api/text-analytics/')
  );
}

/** The audit of a route: its own declaration, else the table's, else every POST `…/export` is an export. */
export function auditOf(method: string, url: string): AuditRouteConfig | undefined {
  const listed = AUDITED_ROUTES[`${method} ${url}`];
  if (listed) return listed;
  if (method === 'POST' && url.endsWith('/export')) return { event: 'export' };
  return undefined;
}
