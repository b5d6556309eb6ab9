import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AnalyticsReplica } from './analytics/replica.js';
import { fastifyTrustProxy, loadConfig, type Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createJobQueue } from './jobs/job-queue.js';
import { createScheduler, type Scheduler } from './jobs/scheduler.js';
import { createAccountServices } from './modules/account/account-services.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { alertRoutes } from './modules/alerts/alert.routes.js';
import { auditRoutes } from './modules/audits/audit.routes.js';
import { createAuditService } from './modules/audits/audit.service.js';
import { auditTrailPlugin } from './modules/audits/audit-trail.plugin.js';
import type { AccessTokenSigner } from './modules/auth/access-token.js';
import { captchaRoutes } from './modules/auth/captcha.routes.js';
import { createIdentityRepository } from './modules/auth/identity.repository.js';
import { tokenRoutes } from './modules/auth/token.routes.js';
import { createSignInGuard } from './modules/auth/sign-in-guard.service.js';
import { createSessionStateReader } from './modules/auth/session-state.js';
import { createTokenService } from './modules/auth/token.service.js';
import { createTwoFactorCodes } from './modules/auth/two-factor.js';
import { bootstrapRoutes } from './modules/bootstrap/bootstrap.routes.js';
import { createBootstrapService } from './modules/bootstrap/bootstrap.service.js';
import { createReplicaSessionCounter } from './modules/bootstrap/session-counter.js';
import { feedbackSurveyRoutes } from './modules/feedback/feedback-survey.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { healthCheckRoutes } from './modules/health/health-check.routes.js';
import { logsModule, tagRequestLogsWithTenant, type ServerLogSink } from './modules/logs/index.js';
import { lookupRoutes } from './modules/lookups/lookup.routes.js';
import { createMailer, type Mailer } from './core/mailer.js';
import { restDataRoutes } from './modules/rest-data/rest-data.routes.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { userRoutes } from './modules/users/user.routes.js';
import { roleRoutes } from './modules/roles/role.routes.js';
import { clientRoutes } from './modules/clients/client.routes.js';
import { tenantRoutes } from './modules/tenants/tenant.routes.js';
import { licenseRoutes } from './modules/license/license.routes.js';
import { auditLogRoutes } from './modules/audits/audit-log.routes.js';
import { configurationRoutes } from './modules/configurations/configuration.routes.js';
import { experienceRoutes } from './modules/experiences/experience.routes.js';
import { questionRoutes } from './modules/questions/question.routes.js';
import { messageTemplateRoutes } from './modules/message-templates/message-template.routes.js';
import { surveyRoutes } from './modules/surveys/survey.routes.js';
import { surveyLinkRoutes } from './modules/survey-links/survey-link.routes.js';
import { reportRoutes } from './modules/reports/report.routes.js';
import { widgetCatalogueRoutes } from './modules/widgets/widget-catalogue.routes.js';
import { widgetDataRoutes } from './modules/widget-data/widget-data.routes.js';
import { surveyStatisticsRoutes } from './modules/survey-statistics/survey-statistics.routes.js';
import { overviewRoutes } from './modules/overview/index.js';
import { responsesAnalyzerRoutes } from './modules/responses-analyzer/index.js';
import { insightProfilerRoutes } from './modules/insight-profiler/index.js';
import { topicInsightRoutes } from './modules/insight-topics/index.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { rateLimitsPlugin } from './plugins/rate-limits.js';
import { respondentRoutes } from './modules/respondent/respondent.routes.js';
import { invitationRoutes } from './modules/invitations/invitation.routes.js';
import { importRoutes } from './modules/imports/index.js';
import { translationRoutes } from './modules/translations/index.js';
import { optoutRoutes } from './modules/optouts/index.js';
import { catiRoutes } from './modules/cati/index.js';
import { alertRuleRoutes } from './modules/alert-rules/index.js';
import { customDataRoutes } from './modules/custom-data/index.js';
import { scheduledJobsModule } from './modules/scheduled-jobs/index.js';
import { integrationsModule } from './modules/integrations/index.js';
import { reviewSourcesModule } from './modules/review-sources/index.js';
import { ftpExportsModule } from './modules/ftp-exports/index.js';
import { emailReportsModule } from './modules/email-reports/index.js';
import { annotatorRoutes, datasetRoutes } from './modules/text-analytics-data/index.js';
import { annotationWorkRoutes } from './modules/ai-annotation-works/index.js';
import { aiTopicModelsModule } from './modules/ai-topic-models/index.js';
import { aiScheduledJobsModule } from './modules/ai-scheduled-jobs/index.js';
import { sentimentModelRoutes } from './modules/ai-sentiment-models/index.js';
import { createInvitationsModule, type InvitationsModule } from './modules/invitations/invitations-module.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { inputBoundsPlugin } from './plugins/input-bounds.js';
import { webPlugin } from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The invitations module: tests run its reminder tick (`invitations.jobs.tick()`) without waiting. */
    invitations: InvitationsModule;
    /** The scheduled jobs: tests run one with `scheduler.runNow(name)`. */
    scheduler: Scheduler;
  }
}

export type AppOptions = {
  database: DatabaseHandle;
  /** The DuckDB replica every widget and count reads (ARCHITECTURE §2). */
  replica: AnalyticsReplica;
  signer: AccessTokenSigner;
  logger: FastifyBaseLogger;
  /** Folder of the built web app; the console is served from it when it exists. */
  webRoot?: string;
  /** Folder of the built respondent page (`/s/{guid}`); served when it exists. */
  respondentRoot?: string;
  /** Sends the account mails; default: nodemailer over SMTP_URL (tests pass one bound to their SMTP catcher). */
  mailer?: Mailer;
  /** Settings from the environment; read with loadConfig() when absent. */
  config?: Config;
  /** Where the logger's lines go into `server_logs` (modules/logs); attached once the app is ready. */
  logSink?: ServerLogSink;
};

/** SMTP connections the invitation sender keeps open. */
const INVITATION_SMTP_CONNECTIONS = 4;

/** Builds the HTTP application: plugins first (external, then ours), then each module's routes. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: 20 * 1024 * 1024,
    // The spec's client writes some paths with a trailing slash (`/rolereports/`, `/reporteditor/{id}/`): one route
    // answers both spellings.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl });
  await app.register(formbody);
  await app.register(cookie);
  await app.register(errorsPlugin);
  await app.register(authPlugin, {
    signer: options.signer,
    sessions: createSessionStateReader(options.database.db),
  });
  tagRequestLogsWithTenant(app);
  await app.register(rateLimitsPlugin, { limits: config.rateLimits, redis: config.redis });
  await app.register(inputBoundsPlugin);

  const { database, replica } = options;
  const { db } = database;
  // Background jobs (pg-boss): started when the app is ready, stopped when it closes (after its requests); the
  // caller closes the database after `app.close()` resolves.
  const jobs = createJobQueue({ database, logger: options.logger });
  // Invitations go out in bulk: a pool of SMTP connections kept open (tests pass their own mailer). Closed after
  // the job queue has stopped (Fastify runs onClose hooks last added first), so no send is cut short.
  const { smtpUrl, mailFrom, publicUrl } = config;
  const invitationMailer =
    options.mailer ??
    createMailer({ smtpUrl, from: mailFrom, logger: options.logger, pool: INVITATION_SMTP_CONNECTIONS });
  if (!options.mailer) app.addHook('onClose', async () => invitationMailer.close());
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  // Clock-driven jobs: registered by the modules below, their timers started once the queue has.
  const scheduler = createScheduler({ jobs, logger: options.logger, timers: config.jobSchedules });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
  app.decorate('scheduler', scheduler);
  const identity = createIdentityRepository(db);
  // Before any route: it marks the audited routes as they are added (modules/audits/audited-routes.ts).
  const audit = createAuditService({ db });
  await app.register(auditTrailPlugin, { db, audit, signer: options.signer });
  const signInGuard = createSignInGuard({ db });
  const twoFactorCodes = createTwoFactorCodes({ db });
  const tokens = createTokenService({
    db,
    identity,
    signer: options.signer,
    guard: signInGuard,
    twoFactor: twoFactorCodes,
  });
  tokenRoutes(app, tokens);
  captchaRoutes(app, signInGuard);
  const mailer = options.mailer ?? createMailer({ smtpUrl, from: mailFrom, logger: options.logger });
  // Invitations: sending and reminders on pg-boss; the reminder timer starts once the queue has.
  const invitations = createInvitationsModule({
    db,
    jobs,
    mailer: invitationMailer,
    logger: options.logger,
    settings: { publicUrl, ...config.invitations },
  });
  app.addHook('onReady', async () => invitations.jobs.start());
  app.addHook('onClose', async () => invitations.jobs.stop());
  app.decorate('invitations', invitations);
  accountRoutes(
    app,
    createAccountServices({
      db,
      identity,
      guard: signInGuard,
      twoFactor: twoFactorCodes,
      mailer,
      jobs,
      publicUrl,
    }),
  );
  bootstrapRoutes(
    app,
    createBootstrapService({ db, identity, countSessions: createReplicaSessionCounter({ db, replica }) }),
  );
  auditRoutes(app, audit);
  restDataRoutes(app, { db });
  lookupRoutes(app, { db });
  ssoRoutes(app, { db, tokens, signer: options.signer, settings: config });
  alertRoutes(app, { db, jobs, scheduler, mailer, publicUrl });
  feedbackSurveyRoutes(app, { db, publicUrl });
  respondentRoutes(app, { db, publicUrl });
  const administration = { db, replica };
  userRoutes(app, administration);
  roleRoutes(app, administration);
  clientRoutes(app, administration);
  tenantRoutes(app, administration);
  licenseRoutes(app, administration);
  auditLogRoutes(app, administration);
  configurationRoutes(app, administration);
  experienceRoutes(app, administration);
  questionRoutes(app, administration);
  surveyRoutes(app, { ...administration, testInvitations: invitations.service });
  invitationRoutes(app, invitations.service);
  importRoutes(app, { db, jobs, invitations: invitations.service, logger: options.logger });
  optoutRoutes(app, { db });
  catiRoutes(app, { db, publicUrl });
  alertRuleRoutes(app, { db });
  customDataRoutes(app, { db });
  scheduledJobsModule(app, { db, jobs, scheduler, logger: options.logger, retention: config.retention });
  const passwordKey = options.signer.deriveKey('ftp-password');
  ftpExportsModule(app, { db, replica, jobs, scheduler, mailer, passwordKey, logger: options.logger });
  datasetRoutes(app, { db, jobs, logger: options.logger });
  annotatorRoutes(app, { db });
  annotationWorkRoutes(app, { db, jobs, logger: options.logger });
  aiTopicModelsModule(app, { db, jobs, logger: options.logger });
  aiScheduledJobsModule(app, { db, jobs, scheduler, logger: options.logger });
  sentimentModelRoutes(app, { db, jobs, logger: options.logger });
  integrationsModule(app, {
    db,
    jobs,
    scheduler,
    mailer,
    publicUrl,
    secretKey: options.signer.deriveKey('integration-secret'),
    settings: config.integrations,
    logger: options.logger,
  });
  reviewSourcesModule(app, {
    db,
    jobs,
    scheduler,
    settings: config.reviews,
    logger: options.logger,
  });
  reportRoutes(app, administration);
  translationRoutes(app, { db });
  emailReportsModule(app, {
    db,
    jobs,
    scheduler,
    mailer,
    signer: options.signer,
    browserPath: config.reportPdfBrowser ?? '/usr/bin/chromium',
    logger: options.logger,
  });
  widgetCatalogueRoutes(app, administration);
  widgetDataRoutes(app, administration, { resultCache: config.widgetResultCache ?? true });
  surveyStatisticsRoutes(app, administration);
  overviewRoutes(app, administration);
  responsesAnalyzerRoutes(app, administration);
  insightProfilerRoutes(app, administration);
  topicInsightRoutes(app, administration);
  messageTemplateRoutes(app, { db, publicUrl });
  surveyLinkRoutes(app, { db, publicUrl });
  healthRoutes(app, database, replica);
  healthCheckRoutes(app, { database, replica, config });
  logsModule(app, { db, scheduler, logger: options.logger, sink: options.logSink });
  await app.register(webPlugin, {
    root: options.webRoot ?? '',
    respondentRoot: options.respondentRoot ?? '',
  });

  return app;
}
