/**
 * Server error codes (spec: shell §8, surveys §8). Errors travel as `{ Code, Message, SupportId }`; the web
 * translates `Code` through `errorCodes.{Code}` and falls back to `Message`.
 */
export const ErrorCode = {
  /** A request body, query or parameter did not match its schema ("model not valid"). */
  ModelNotValid: 3333,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  PayloadTooLarge: 413,
  TooManyRequests: 429,
  Internal: 500,
  QuestionIntegrationCodeUsed: 2035,
  SameTenantRequired: 2100,
  AlertRuleNameExists: 2400,
  /** A rule that has raised alerts is kept with them (their history names it): deactivate it instead. */
  AlertRuleHasAlerts: 2401,
  ReportNameExists: 2500,
  /** A report holds at most 10 widgets (reports spec §9); the 11th is refused. */
  ReportWidgetLimit: 2501,
  /** A tenant's widget titles are unique regardless of case (docs/widgets-catalogue.md). */
  WidgetTitleExists: 2502,
  /** A tenant's widget type names are unique regardless of case. */
  WidgetTypeNameExists: 2503,
  /** System catalogue entries (no tenant) are kept by the server and cannot be changed. */
  WidgetSystemEntry: 2504,
  /**
   * A catalogue widget's Config must be a JSON object with a `dataEndpoint` starting with `api/` and the `type`
   * of its widget type.
   */
  WidgetConfigInvalid: 2505,
  /** The WidgetId of a report widget is not in the caller's catalogue (system entries and the tenant's own). */
  WidgetNotInCatalogue: 2506,
  /** A locked widget (disabled, or an AI widget while the AI module is off) cannot be added to a report. */
  WidgetLocked: 2507,
  /** The kind of a widget type that widgets use cannot change. */
  WidgetTypeInUse: 2508,
  RestInvalidSegments: 3100,
  RestInvalidTransactionChannels: 3101,
  RestInvalidTransactionTypes: 3102,
  RestInvalidProducts: 3103,
  RestInvalidEmployees: 3104,
  RestInvalidInviteeChannels: 3105,
  RestInvalidInviteeLocations: 3106,
  RestInviteeWithoutAnswers: 3107,
  RestInvalidQuestion: 3108,
  RestInvalidChannelParents: 3109,
  RestInvalidProductParents: 3110,
  RestInvalidLocationParents: 3111,
  RestUndefinedInteractionChannels: 3112,
  RestValidRoleRequired: 3113,
  /** An `Idempotency-Key` already used (within 24 hours) for a REST data call with a different body. */
  RestIdempotencyKeyReused: 3114,
  QuestionInUse: 4007,
  /** Surveys (issue 16; docs/surveys.md): each rule of the surveys spec §5 the wizard and library enforce. */
  SurveyIntegrationCodeUsed: 2036,
  QuestionChangeAltersAnswers: 4008,
  MatrixSubQuestionCount: 4009,
  MatrixChoiceCount: 4010,
  ChoiceRequired: 4011,
  ChoiceValueDuplicate: 4012,
  MeasurementQuestionDuplicate: 4013,
  QuestionLimitReached: 4014,
  DisplayLogicInvalid: 4015,
  SurveyWithoutFlow: 4016,
  SurveyHasInvitees: 4017,
  TestInvitationSurveyInactive: 4018,
  TestUserUnknown: 4019,
  ChannelRequired: 4020,
  PrimaryChannelNotChosen: 4021,
  QuotaCronOutsideSchedule: 4022,
  AudienceConditionInvalid: 4023,
  PrioritisationNotEditable: 4024,
  QuestionPlacedTwice: 4025,
  CloneMeasurementOn: 4026,
  InvitationTemplateMissing: 4027,
  ChoiceImageInvalid: 4028,
  /** Respondent pages and invitations (issue 17, docs/invitations.md). */
  InvitationExpired: 4030,
  InvitationCompleted: 4031,
  InvitationOptedOut: 4032,
  /** The survey is inactive or its link is switched off: nobody can answer it now. */
  SurveyClosed: 4033,
  /** A required question of the answered page (or of the whole survey on completion) has no answer. */
  RequiredAnswerMissing: 4034,
  /** An answer names a question not shown to the respondent, or a value that is not one of its choices. */
  AnswerNotValid: 4035,
  MessageTemplateNameExists: 4036,
  /** A template or survey link is used by a survey and cannot be deleted. */
  MessageTemplateInUse: 4037,
  /** Sending on a channel whose gateway (SMTP, SMS) is not configured for the tenant. */
  ChannelNotConfigured: 4038,
  /** The survey does not offer the channel asked for. */
  SurveyChannelNotOffered: 4039,
  /** An invitation asked for someone who is not an invitee of the survey (`InviteeIds.<index>`). */
  InviteeUnknown: 4044,
  /** A survey holds SURVEY_LINK_LIMITS links already (docs/survey-links.md). */
  SurveyLinkLimitReached: 4049,
  PowerUserLimitOnCreate: 10001,
  PowerUserLimitOnUpdate: 10002,
  RolePowerUserLimit: 10003,
  UserActivationPowerUserLimit: 10004,
  AlternaRoleDelete: 10005,
  AlternaRoleScopes: 10006,
  /** A role that users hold cannot be removed (shell spec §5). */
  RoleInUse: 10007,
  /** Records of the Alterna security level are managed by Alterna users only. */
  AlternaLevelRequired: 10008,
  UserNameExists: 10009,
  RoleNameExists: 10010,
  ClientIdExists: 10011,
  /** The console's own client (loupe-console) cannot be deleted, deactivated or made confidential. */
  ConsoleClientProtected: 10012,
  /** Nobody grants a role, or edits a role to hold, a scope they do not hold themselves (Details name them). */
  ScopeNotHeld: 10013,
  /** Nobody changes their own roles. */
  OwnRolesUnchangeable: 10014,
  ExportTooLarge: 11001,
  ExportEmpty: 11002,
  FilterNameExists: 12001,
  ExperienceNameExists: 13001,
  ExperienceNotFound: 13002,
  /** A preserved system experience (101, 102, 201, 601, 1601, 1602, 1610) cannot be changed or removed. */
  ExperiencePreserved: 13003,
  /** An experience used by questions or weighted groups cannot be removed or change its measurement type. */
  ExperienceInUse: 13004,
  /** A journey stage used by surveys cannot be removed or changed. */
  JourneyStageInUse: 13005,
  JourneyStageNameExists: 13006,
  TenantNameExists: 14001,
  TenantLimitReached: 14002,
  TenantNotFound: 14003,
  TenantHasUsers: 14004,
  TenantChangeNotAllowed: 14005,
  /** A tenant that still holds data (surveys, responses, catalogue, audit records …) cannot be deleted. */
  TenantHasData: 14006,
  FileMultipleExtensions: 15001,
  FileNotUtf8: 15002,
  FileWrongExtension: 15003,
  FileWrongMimeType: 15004,
  ImportSourceInUse: 16001,
  ImportTypeFieldInUse: 16002,
  ImportSourceInUseUpdate: 16003,
  ImportSourceContentInUse: 16004,
  /** The user who uploaded an import cannot approve or reject it; a second user decides (docs/data-flow.md). */
  ImportApproverIsUploader: 16005,
  /** Only an import waiting for approval can be approved or rejected. */
  ImportNotWaitingForApproval: 16006,
  ConfigurationNotJson: 17001,
  /** A tenant already has a configuration of this section (and, for service configurations, config type). */
  ConfigurationSectionExists: 17002,
  WeightedGroupNameExists: 18001,
  WeightedGroupMissing: 18002,
  ModelLabelMappingExists: 19001,
  ModelLabelDuplicateTopics: 19002,
  ModelLabelMappingNotFound: 19003,
  ModelLabelModelMismatch: 19004,
  /** A text-analytics dataset of the same name (case-insensitive) exists in the tenant. */
  DatasetNameExists: 19101,
  /** A dataset is being built (status Processing) and cannot be deleted (surveys spec §4). */
  DatasetProcessing: 19102,
  /** An annotator linked to a user (the user lock) cannot be deleted (surveys spec §5). */
  AnnotatorLocked: 19103,
  /** An annotator with the same email (case-insensitive), or linked to the same user, exists in the tenant. */
  AnnotatorExists: 19104,
  /** An annotation work of the same name (case-insensitive) exists in the tenant. */
  AnnotationWorkNameExists: 19111,
  /** The annotation work is still being built (Processing) or failed: uploads and labels wait until it is Ready. */
  AnnotationWorkNotReady: 19112,
  /** A locked annotator (linked to a user) cannot be removed from an annotation task (surveys spec §5). */
  AnnotationTaskAnnotatorLocked: 19113,
  /** The caller is not an annotator of the annotation task (no annotator linked to the user, or not in the task). */
  NotTaskAnnotator: 19114,
  /** An uploaded labelled file has bad rows (each named in Details); nothing was written. */
  AnnotationUploadInvalid: 19115,
  /** An annotation work's type, dataset and topic model are fixed once it is created. */
  AnnotationWorkFixedFields: 19116,
  /** The annotation task is past its expiry date. */
  AnnotationTaskExpired: 19117,
  /** The annotator has labelled the annotation task's target count of comments. */
  AnnotationTaskTargetReached: 19118,
  /** The annotation work trains or tests a sentiment model and cannot be deleted. */
  AnnotationWorkInUse: 19119,
  /** A topic model is an emotion model or an intent model, not both (surveys spec §5). */
  TopicModelEmotionAndIntent: 19131,
  /** A topic model group cannot mix emotion and non-emotion models (surveys spec §5). */
  TopicModelGroupMixed: 19132,
  /** A topic model of the same name (case-insensitive) exists in the tenant. */
  TopicModelNameExists: 19133,
  /** A topic model group of the same name (case-insensitive) exists in the tenant. */
  TopicModelGroupNameExists: 19134,
  /** Training needs model type 1 (rules blended with a classifier) and an annotation work. */
  TopicModelNotTrainable: 19135,
  /** The annotation work has no gold label yet: nothing to train the classifier on. */
  TopicModelNoGoldLabels: 19136,
  /** An annotation work labels with this topic model's topics: the model cannot be deleted. */
  TopicModelInUse: 19137,
  /** A main topic with sub-topics cannot be deleted (delete or move its sub-topics first). */
  TopicHasSubTopics: 19138,
  /** A one-time scheduled job (or one resumed) whose cron names no future time. */
  AiJobNoNextRun: 19141,
  /** A scheduled job without the model or dataset its type needs (training: one model; scoring: one or both). */
  AiJobTargetRequired: 19142,
  /** A scheduled job's IsEmotionModel does not say what its topic model is. */
  AiJobEmotionMismatch: 19143,
  /** A scheduled job with a run in progress cannot be run again, changed or deleted until the run ends. */
  AiJobRunning: 19144,
  /** Pause needs an Active job, resume a Paused one. */
  AiJobCommandNotAllowed: 19145,
  /** An AI system configuration value that its key's rule refuses. */
  AiSystemConfigurationInvalid: 19146,
  /** A sentiment model of the same name (case-insensitive) exists in the tenant. */
  SentimentModelNameExists: 19121,
  /** Try, export or scoring asked of a sentiment model that has no accepted (current) version. */
  SentimentModelNotTrained: 19122,
  /** A sentiment model is being trained: it cannot be trained again or deleted until the job ends. */
  SentimentModelTraining: 19123,
  /** A sentiment model is the base model of another of the tenant's models and cannot be deleted. */
  SentimentModelIsBase: 19124,
  /** The random data count of a sentiment model export must be greater than 0 (and at most 100,000). */
  SentimentExportCount: 19125,
  /** The try text's language is not the model's. */
  SentimentLanguageMismatch: 19126,
  /** An integration source of the same name (case-insensitive) exists in the tenant. */
  IntegrationSourceNameExists: 19201,
  /** An integration source needs exactly one of Type "webhook" and ConfigurationType, and the fields its kind takes. */
  IntegrationSourceConfigurationMissing: 19202,
  /** An integration source is used by workflows or alert rule actions and cannot be deleted. */
  IntegrationSourceInUse: 19203,
  /** An integration workflow of the same name (case-insensitive) exists in the tenant. */
  IntegrationWorkflowNameExists: 19204,
  /** A workflow's source is a listener: actions do not run on it. */
  IntegrationSourceNotAction: 19205,
  /** A workflow's action does not run on its source's kind. */
  IntegrationActionNotForSource: 19206,
  /** A mapping row gives neither an event field nor a constant. */
  IntegrationMappingValueMissing: 19207,
  /** A mapping row's event field is not a field of the workflow's event. */
  IntegrationMappingEventFieldUnknown: 19208,
  /** A mapping row's action field is not a field of the workflow's action. */
  IntegrationMappingActionFieldUnknown: 19209,
  /** A required field of the workflow's action is not mapped. */
  IntegrationMappingRequiredFieldMissing: 19210,
  /** An action field is mapped twice. */
  IntegrationMappingDuplicateField: 19211,
  /** A replay range must start before it ends and span at most 31 days. */
  IntegrationReplayRangeInvalid: 19212,
  /** A replay range holds more than 1000 deliveries. */
  IntegrationReplayTooMany: 19213,
  /** A pending delivery is being sent and cannot be replayed now. */
  IntegrationDeliveryPending: 19214,
  /** The kind of an integration source that workflows use cannot change. */
  IntegrationSourceKindInUse: 19215,
  /** The review URL is already used by another review source of the tenant. */
  ReviewSourceUrlExists: 19216,
  /** The place id is already used by another review source of the tenant. */
  ReviewSourcePlaceIdExists: 19217,
  /** The name is already used by another review source of the tenant. */
  ReviewSourceNameExists: 19218,
  /** A review source needs a review URL or a place id, and an external survey. */
  ReviewSourceTargetInvalid: 19219,
  /** The result limit must be greater than zero (and at most 1000). */
  ReviewSourceResultLimitInvalid: 19220,
  /** No invitation waits in the CATI queue (or the one asked for is not waiting). */
  CatiQueueEmpty: 19301,
  /** Another agent is on a call with this invitee. */
  CatiInvitationTaken: 19302,
  /** The agent is already on a call: end it before taking another. */
  CatiCallOpen: 19303,
  /** The call has already ended. */
  CatiCallEnded: 19304,
  /** A call ends as completed only once the survey has been answered to its end. */
  CatiNotCompleted: 19305,
  /** A callback needs a time in the future, at most 60 days ahead (and only a callback takes one). */
  CatiCallbackTime: 19306,
  /** A refusal needs a reason: one of the system rules' CATI opt-out reasons when the tenant has any. */
  CatiRefusalReason: 19307,
  /** The statistics period must start before it ends and span at most 366 days. */
  CatiStatisticsRange: 19308,
  /** A translation key is not in the console's shipped catalogue. */
  TranslationKeyUnknown: 19401,
  /** An imported translation file is not an object of texts (or holds too many, or too long a text). */
  TranslationImportInvalid: 19402,
  /** An email report names a report that is not the tenant's. */
  EmailReportReportUnknown: 19501,
  /** An email report names exactly one recipient: a user or a role, not both and not neither. */
  EmailReportRecipient: 19502,
  /** An email report's user, role, experience or survey is not the tenant's. */
  EmailReportReferenceUnknown: 19503,
  /** A mailed link (password reset, email confirmation) is unknown or was already used. */
  LinkInvalid: 20001,
  /** A mailed link is past its 12 hours; the page offers to send a new one. */
  LinkExpired: 20002,
  EmailAlreadyConfirmed: 20003,
  CurrentPasswordWrong: 20004,
  NewPasswordSameAsCurrent: 20005,
  /** A two-factor code given on the profile page (enable, disable, regenerate) is wrong. */
  TwoFactorCodeInvalid: 20006,
  SsoNotConfigured: 20007,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Sign-in failures, as OAuth `error` names (shell spec §8). */
export const LOGIN_ERRORS = [
  'invalid_captcha',
  'invalid_grant',
  'invalid_grant_email_confirm',
  'invalid_grant_trial_expired',
  'invalid_grant_2fa',
  'invalid_sso_login',
  'expired_password',
  'invalid_client',
  'unsupported_grant_type',
  'invalid_request',
] as const;
export type LoginError = (typeof LOGIN_ERRORS)[number];
