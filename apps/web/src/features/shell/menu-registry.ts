import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  BranchesOutlined,
  BugOutlined,
  CalendarOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  CodeOutlined,
  CompassOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  ExperimentOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FilterOutlined,
  FundOutlined,
  GlobalOutlined,
  HeartOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LineChartOutlined,
  MailOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  OrderedListOutlined,
  PartitionOutlined,
  PieChartOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  RadarChartOutlined,
  ReadOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  SlidersOutlined,
  SmileOutlined,
  SolutionOutlined,
  StarOutlined,
  StopOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UploadOutlined,
  UserAddOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { ALERT_COUNT_SCOPES, hasAnyScope, type Scope } from '@loupe/contracts';
import type { ComponentType } from 'react';

/** The side menu's sections, in the spec's order (shell spec §2, layout and menu). */
export const MENU_SECTIONS = [
  'overview',
  'insight',
  'dashboard',
  'surveys',
  'actions',
  'cati',
  'data',
  'reports',
  'system',
  'integrations',
  'ai',
] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

/**
 * One screen of the console: a menu item (or, with `section: null`, a screen reached otherwise) with the
 * routes that belong to it. Its `name` is the i18n key `shell:screens.{name}`, the page title, and the route
 * name recorded by the page-visit audit.
 */
export type Screen = {
  name: string;
  /** The menu item's path, without the leading slash ('' is the overview). */
  path: string;
  /** Further routes of the same screen (create, detail, statistics pages…), full paths as the spec lists them. */
  subPaths?: readonly string[];
  section: MenuSection | null;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  /** Any one of these opens the screen (the spec's any-of rule); 'signed-in' opens it to everyone signed in. */
  scopes: readonly Scope[] | 'signed-in';
  /** Part of the text-analytics module: shown only while bootstrap's IsAIModuleActive is true. */
  ai?: boolean;
  /** The screen exists in this build; otherwise its menu item is shown disabled. */
  built: boolean;
  /** Marks the menu item with a "new" badge. */
  isNew?: boolean;
};

const REPORT_SCOPES = ['report:read', 'report:manage'] as const satisfies readonly Scope[];
const SURVEY_SCOPES = ['survey:read', 'survey:manage'] as const satisfies readonly Scope[];
const ALERT_SCOPES = ['alert:read', 'alert:manage', 'alert:readall'] as const satisfies readonly Scope[];
const CONFIG_SCOPES = ['config:read', 'config:manage'] as const satisfies readonly Scope[];
// The same scopes the server's REST data log routes require.
const DATA_LOG_SCOPES = [
  'survey:manage',
  'externalSurvey:manage',
  'log:monitor',
] as const satisfies readonly Scope[];

/** The bell shows for the scopes the server's unread-count call accepts. */
export const ALERT_BELL_SCOPES: readonly Scope[] = ALERT_COUNT_SCOPES;

/** The route of a report page; the dashboard section's items open it. */
export const REPORT_SCREEN: Screen = {
  name: 'report',
  path: 'reports/:slug',
  // The report whose category is Dashboard.
  subPaths: ['dashboard'],
  section: null,
  icon: DashboardOutlined,
  scopes: REPORT_SCOPES,
  built: true,
};

/**
 * Every route of the console under the root layout (shell spec §2), in menu order. The scope choices are
 * recorded in docs/menu-scopes.md, because the spec does not list them.
 */
export const SCREENS: readonly Screen[] = [
  // Overview: the landing page after sign-in, so every signed-in user may open it.
  { name: 'overview', path: '', section: 'overview', icon: HomeOutlined, scopes: 'signed-in', built: true },

  // Insight center
  {
    name: 'responsesAnalyzer',
    path: 'responses-analyzer',
    subPaths: ['responses-analyzer/:id'],
    section: 'insight',
    icon: FileSearchOutlined,
    scopes: ['feedbackAnalysis', 'response:readall', 'response:readlimited'],
    built: true,
  },
  {
    name: 'topicDiscovery',
    path: 'topic-discovery',
    section: 'insight',
    icon: CompassOutlined,
    scopes: ['topicDiscovery'],
    ai: true,
    built: true,
    isNew: true,
  },
  {
    name: 'simulation',
    path: 'simulation',
    section: 'insight',
    icon: SlidersOutlined,
    scopes: ['driverSimulation'],
    // Reports spec §1: the AI module adds the driver simulation (its API answers 2507 without it).
    ai: true,
    built: true,
  },
  {
    name: 'topicExplorer',
    path: 'topic-explorer',
    section: 'insight',
    icon: RadarChartOutlined,
    scopes: ['topicExplorer'],
    ai: true,
    built: true,
  },
  {
    name: 'satisfactionProfiler',
    path: 'satisfaction-profiler',
    section: 'insight',
    icon: SmileOutlined,
    scopes: ['satisfactionProfiler'],
    built: true,
  },

  // Dashboard: its items are the reports (GET /api/reports); the report page itself is REPORT_SCREEN.

  // Survey management
  {
    name: 'inviteePool',
    path: 'invitee-pool',
    section: 'surveys',
    icon: TeamOutlined,
    scopes: ['invitation:read', 'invitation:manage'],
    built: true,
  },
  {
    name: 'surveys',
    path: 'surveys',
    subPaths: ['surveys/create', 'surveys/:id', 'surveys/:id/stats'],
    section: 'surveys',
    icon: FileTextOutlined,
    scopes: SURVEY_SCOPES,
    built: true,
  },
  {
    name: 'surveyStatistics',
    path: 'surveys/statistics',
    section: 'surveys',
    icon: BarChartOutlined,
    scopes: SURVEY_SCOPES,
    built: true,
  },
  {
    name: 'questions',
    path: 'questions',
    subPaths: ['questions/create', 'questions/:id'],
    section: 'surveys',
    icon: QuestionCircleOutlined,
    scopes: SURVEY_SCOPES,
    built: true,
  },
  {
    name: 'surveyPrioritization',
    path: 'survey-prioritization',
    section: 'surveys',
    icon: OrderedListOutlined,
    scopes: ['survey:manage'],
    built: true,
  },

  // Action management
  {
    name: 'alerts',
    path: 'alerts',
    subPaths: ['alerts/:id'],
    section: 'actions',
    icon: BellOutlined,
    scopes: ALERT_SCOPES,
    built: true,
  },
  {
    name: 'alertRules',
    path: 'alert-rules',
    subPaths: ['alert-rules/create', 'alert-rules/:id', 'alert-rule-action/:id'],
    section: 'actions',
    icon: ThunderboltOutlined,
    scopes: ['alert:manage'],
    built: true,
  },
  {
    name: 'alertRuleStatistics',
    path: 'alert-rule-statistics',
    section: 'actions',
    icon: LineChartOutlined,
    scopes: ['alert:manage', 'alert:readall'],
    built: true,
  },

  // CATI
  {
    name: 'cati',
    path: 'cati',
    section: 'cati',
    icon: CustomerServiceOutlined,
    scopes: ['catiagent'],
    built: true,
  },
  {
    name: 'catiStatistics',
    path: 'cati-statistics',
    section: 'cati',
    icon: PieChartOutlined,
    scopes: ['cati:stats'],
    built: true,
  },

  // Data management
  {
    name: 'importDataLogs',
    path: 'import-data-logs',
    subPaths: ['import-data-logs/create', 'import-data-logs/:id'],
    section: 'data',
    icon: CloudUploadOutlined,
    scopes: ['invitation:manage'],
    built: true,
  },
  {
    name: 'inviteeCreate',
    path: 'invitee/create',
    section: 'data',
    icon: UserAddOutlined,
    scopes: ['invitation:manage'],
    built: true,
  },
  {
    name: 'dataValidationLogs',
    path: 'data-validation-logs',
    subPaths: ['data-validation-logs/:id'],
    section: 'data',
    icon: BugOutlined,
    scopes: DATA_LOG_SCOPES,
    built: true,
  },

  // Report management
  {
    name: 'widgetTypes',
    path: 'widget-types',
    subPaths: ['widget-types/create', 'widget-types/:id'],
    section: 'reports',
    icon: AppstoreOutlined,
    scopes: ['report:manage'],
    built: true,
  },
  {
    name: 'widgets',
    path: 'widgets',
    subPaths: ['widgets/create', 'widgets/:id'],
    section: 'reports',
    icon: FundOutlined,
    scopes: ['report:manage'],
    built: true,
  },
  {
    name: 'reportList',
    path: 'report-list',
    section: 'reports',
    icon: ProfileOutlined,
    scopes: ['report:manage'],
    built: true,
  },

  // System management
  {
    name: 'systemRules',
    path: 'system-rules',
    section: 'system',
    icon: ControlOutlined,
    scopes: CONFIG_SCOPES,
    built: true,
  },
  {
    name: 'licenseInfo',
    path: 'license-info',
    section: 'system',
    icon: SafetyCertificateOutlined,
    scopes: ['license'],
    built: true,
  },
  {
    name: 'scheduledJobs',
    path: 'scheduled-jobs',
    section: 'system',
    icon: ScheduleOutlined,
    scopes: ['job:read', 'job:manage'],
    built: true,
  },
  {
    name: 'systemConfigurations',
    path: 'system-configurations',
    subPaths: ['system-configurations/create', 'system-configurations/:id'],
    section: 'system',
    icon: SettingOutlined,
    scopes: CONFIG_SCOPES,
    built: true,
  },
  {
    name: 'serviceConfigurations',
    path: 'service-configurations',
    subPaths: ['service-configurations/create', 'service-configurations/:id'],
    section: 'system',
    icon: ToolOutlined,
    scopes: CONFIG_SCOPES,
    built: true,
  },
  {
    name: 'tenants',
    path: 'tenants',
    subPaths: ['tenants/create', 'tenants/:id'],
    section: 'system',
    icon: ApartmentOutlined,
    scopes: ['alterna:manage'],
    built: true,
  },
  {
    name: 'users',
    path: 'users',
    subPaths: ['users/create', 'users/:id'],
    section: 'system',
    icon: UserOutlined,
    scopes: ['user:read', 'user:manage'],
    built: true,
  },
  {
    name: 'testUsers',
    path: 'test-users',
    subPaths: ['test-users/create', 'test-users/:id'],
    section: 'system',
    icon: UserSwitchOutlined,
    scopes: ['user:test'],
    built: true,
  },
  {
    name: 'roles',
    path: 'roles',
    subPaths: ['roles/create', 'roles/:id'],
    section: 'system',
    icon: IdcardOutlined,
    scopes: ['role:read', 'role:manage'],
    built: true,
  },
  {
    name: 'clients',
    path: 'clients',
    subPaths: ['clients/create', 'clients/:id'],
    section: 'system',
    icon: KeyOutlined,
    scopes: ['client:read', 'client:manage'],
    built: true,
  },
  {
    name: 'invitationTemplates',
    path: 'invitation-templates',
    subPaths: ['invitation-templates/create', 'invitation-templates/:id'],
    section: 'system',
    icon: SendOutlined,
    scopes: ['invitation:read', 'invitation:manage'],
    built: true,
  },
  {
    name: 'messageTemplates',
    path: 'message-templates',
    subPaths: ['message-templates/create', 'message-templates/:id'],
    section: 'system',
    icon: MessageOutlined,
    scopes: CONFIG_SCOPES,
    built: true,
  },
  {
    name: 'translations',
    path: 'translations',
    section: 'system',
    icon: GlobalOutlined,
    scopes: ['config:manage'],
    built: true,
  },
  {
    name: 'emailReportNotifications',
    path: 'email-report-notifications',
    subPaths: ['email-report-notifications/create', 'email-report-notifications/:id'],
    section: 'system',
    icon: MailOutlined,
    scopes: ['report:manage', 'config:manage'],
    built: true,
  },
  {
    name: 'optouts',
    path: 'optouts',
    subPaths: ['optouts/create', 'optouts/:id/edit'],
    section: 'system',
    icon: StopOutlined,
    scopes: ['optout'],
    built: true,
  },
  {
    name: 'experiences',
    path: 'experiences',
    subPaths: ['experiences/create', 'experiences/:id'],
    section: 'system',
    icon: HeartOutlined,
    scopes: ['metadata:manage'],
    built: true,
  },
  {
    name: 'weightedExperienceGroups',
    path: 'weighted-experience-groups',
    subPaths: ['weighted-experience-groups/create', 'weighted-experience-groups/:id'],
    section: 'system',
    icon: ClusterOutlined,
    scopes: ['metadata:manage', 'customKpi'],
    built: true,
  },
  {
    name: 'journeyStages',
    path: 'journey-stages',
    subPaths: ['journey-stages/create', 'journey-stages/:id'],
    section: 'system',
    icon: NodeIndexOutlined,
    scopes: ['metadata:manage'],
    built: true,
  },
  {
    name: 'customDataManagement',
    path: 'custom-data-management',
    section: 'system',
    icon: DatabaseOutlined,
    scopes: ['metadata:manage'],
    built: true,
  },
  {
    name: 'modelLabelManagement',
    path: 'model-label-management',
    section: 'system',
    icon: TagsOutlined,
    scopes: ['modelLabelMappings:manage'],
    ai: true,
    built: true,
  },
  {
    name: 'exportFtpSurveysAnswer',
    path: 'export-ftp-surveys-answer',
    subPaths: ['export-ftp-surveys-answer/create', 'export-ftp-surveys-answer/:id'],
    section: 'system',
    icon: UploadOutlined,
    scopes: ['surveyanswers'],
    built: true,
  },
  {
    name: 'importDataSources',
    path: 'import-data-sources',
    subPaths: ['import-data-sources/create', 'import-data-sources/:id'],
    section: 'system',
    icon: PartitionOutlined,
    scopes: ['alterna:manage'],
    built: true,
  },
  {
    name: 'logs',
    path: 'logs',
    section: 'system',
    icon: CodeOutlined,
    scopes: ['log:monitor'],
    built: true,
  },
  {
    name: 'healthCheck',
    path: 'health-check',
    section: 'system',
    icon: DeploymentUnitOutlined,
    scopes: ['healthcheck'],
    built: true,
  },
  {
    name: 'auditLogs',
    path: 'audit-logs',
    subPaths: ['audit-logs/:id'],
    section: 'system',
    icon: AuditOutlined,
    scopes: ['alterna:manage'],
    built: true,
  },

  // Integrations
  {
    name: 'integrationSources',
    path: 'integration-sources',
    subPaths: ['integration-sources/:id'],
    section: 'integrations',
    icon: ApiOutlined,
    scopes: ['integration:read', 'integration:manage'],
    built: true,
  },
  {
    name: 'integrationWorkflows',
    path: 'integration-workflows',
    subPaths: ['integration-workflows/create', 'integration-workflows/:id'],
    section: 'integrations',
    icon: BranchesOutlined,
    scopes: ['integration:read', 'integration:manage'],
    built: true,
  },
  // Review sources (issue 22 item 1, docs/review-sources.md): reviews imported as an external survey's answers.
  {
    name: 'reviewSources',
    path: 'review-sources',
    subPaths: ['review-sources/:id'],
    section: 'integrations',
    icon: StarOutlined,
    scopes: ['integration:read', 'integration:manage'],
    built: true,
  },
  // The delivery log (issue 22): readers see it; replaying a delivery needs integration:manage.
  {
    name: 'integrationDeliveries',
    path: 'integration-deliveries',
    section: 'integrations',
    icon: SendOutlined,
    scopes: ['integration:read', 'integration:manage'],
    built: true,
  },

  // AI management
  {
    name: 'aiLogs',
    path: 'ai-logs',
    section: 'ai',
    icon: ReadOutlined,
    scopes: ['aisystem:manage', 'job:read', 'job:manage', 'log:monitor'],
    ai: true,
    built: true,
  },
  {
    name: 'aiSystemConfigurations',
    path: 'ai-system-configurations',
    subPaths: ['ai-system-configurations/:id'],
    section: 'ai',
    icon: RobotOutlined,
    scopes: ['aisystem:manage'],
    ai: true,
    built: true,
  },
  {
    name: 'aiScheduledJobs',
    path: 'ai-scheduled-jobs',
    subPaths: [
      'ai-scheduled-jobs/create',
      'ai-scheduled-jobs/:id',
      'ai-scheduled-jobs/:id/logs',
      'ai-scheduled-jobs/:id/logs/:logId/scoring-logs',
      'ai-scheduled-jobs/:id/logs/:logId/experiment-logs',
    ],
    section: 'ai',
    icon: CalendarOutlined,
    scopes: ['job:read', 'job:manage'],
    ai: true,
    built: true,
  },
  {
    name: 'aiDatasets',
    path: 'ai-datasets',
    subPaths: ['ai-datasets/create', 'ai-datasets/:id'],
    section: 'ai',
    icon: DatabaseOutlined,
    scopes: ['dataset:read', 'dataset:manage'],
    ai: true,
    built: true,
  },
  {
    name: 'aiSentimentModels',
    path: 'ai-sentiment-models',
    subPaths: [
      'ai-sentiment-models/create',
      'ai-sentiment-models/:id',
      'ai-sentiment-models/:id/export',
      'ai-sentiment-models/:id/try',
      'ai-sentiment-models/:id/statistics',
    ],
    section: 'ai',
    icon: ExperimentOutlined,
    scopes: ['sentiment:read', 'sentiment:manage'],
    ai: true,
    built: true,
  },
  {
    name: 'aiTopicModelGroups',
    path: 'ai-topic-model-groups',
    subPaths: ['ai-topic-model-groups/create', 'ai-topic-model-groups/:id'],
    section: 'ai',
    icon: FilterOutlined,
    scopes: ['topic:read', 'topic:manage'],
    ai: true,
    built: true,
  },
  {
    name: 'aiTopicModels',
    path: 'ai-topic-models',
    subPaths: [
      'ai-topic-models/create',
      'ai-topic-models/:id',
      'ai-topic-models/:id/topics',
      'ai-topic-models/:topicModelId/topics/create',
      'ai-topic-models/:topicModelId/topics/:id',
      'ai-topic-models/:id/export',
      'ai-topic-models/:id/try',
      'ai-topic-models/:id/statistics',
    ],
    section: 'ai',
    icon: TagsOutlined,
    scopes: ['topic:read', 'topic:manage'],
    ai: true,
    built: true,
  },
  {
    name: 'aiAnnotators',
    path: 'ai-annotators',
    subPaths: ['ai-annotators/create', 'ai-annotators/:id'],
    section: 'ai',
    icon: SolutionOutlined,
    scopes: ['annotation:read', 'annotation:manage'],
    ai: true,
    built: true,
  },
  {
    name: 'aiAnnotationWorks',
    path: 'ai-annotation-works',
    subPaths: [
      'ai-annotation-works/create',
      'ai-annotation-works/:id',
      'ai-annotation-works/:id/statistics',
      'ai-annotation-works/:id/annotation-tasks',
      'ai-annotation-works/:annotationWorkId/annotation-tasks/:id',
      'ai-annotation-works/:annotationWorkId/annotation-tasks/create',
      'ai-annotation-works/:annotationWorkId/annotation-tasks/upload',
      // The annotator's work screen (docs/ai-annotation.md): one comment at a time.
      'ai-annotation-works/:annotationWorkId/annotation-tasks/:id/annotate',
    ],
    section: 'ai',
    icon: ProfileOutlined,
    scopes: ['annotation:read', 'annotation:manage'],
    ai: true,
    built: true,
  },

  REPORT_SCREEN,
  // Reached from the user menu rather than the side menu.
  { name: 'profile', path: 'profile', section: null, icon: UserOutlined, scopes: 'signed-in', built: true },
];

/** What decides whether a screen opens for the signed-in user. */
export type ScreenAccess = { scopes: readonly string[]; aiModuleActive: boolean };

/** The spec's rule: any one of the screen's scopes, and for AI screens an active AI module. */
export function canOpen(screen: Pick<Screen, 'scopes' | 'ai'>, access: ScreenAccess): boolean {
  if (screen.ai && !access.aiModuleActive) return false;
  return screen.scopes === 'signed-in' || hasAnyScope(access.scopes, screen.scopes);
}

export type MenuGroup = { section: MenuSection; screens: Screen[] };

/** The side menu for this user: sections in spec order, each with the items the user may open, empty ones left out. */
export function visibleMenu(access: ScreenAccess, screens: readonly Screen[] = SCREENS): MenuGroup[] {
  return MENU_SECTIONS.map((section) => ({
    section,
    screens: screens.filter((screen) => screen.section === section && canOpen(screen, access)),
  })).filter((group) => group.screens.length > 0);
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  return (
    want.length === have.length && want.every((part, index) => part.startsWith(':') || part === have[index])
  );
}

/**
 * The screen a location belongs to. Literal paths win over parameters, so 'surveys/statistics' is the
 * statistics screen and not survey 'statistics'.
 */
export function screenOfPath(pathname: string, screens: readonly Screen[] = SCREENS): Screen | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  const candidates = screens.flatMap((screen) =>
    [screen.path, ...(screen.subPaths ?? [])].map((pattern) => ({ screen, pattern })),
  );
  const found = candidates
    .filter(({ pattern }) => matches(pattern, path))
    .sort((a, b) => a.pattern.split(':').length - b.pattern.split(':').length);
  return found[0]?.screen;
}

/** Every route path the spec lists under the root layout, for documentation and tests. */
export function allScreenPaths(screens: readonly Screen[] = SCREENS): string[] {
  return screens.flatMap((screen) => [screen.path, ...(screen.subPaths ?? [])]);
}

/**
 * Whether an address inside the console opens a screen of this build (its query string ignored). Links into
 * screens of a later release (topic discovery, driver simulation, the responses analyzer, alerts) are shown
 * disabled with a tooltip while this is false, and work once the screen's `built` turns true.
 */
export function isBuiltPath(path: string, screens: readonly Screen[] = SCREENS): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const screen = screenOfPath(pathname, [REPORT_SCREEN, ...screens]);
  return screen?.built === true;
}
