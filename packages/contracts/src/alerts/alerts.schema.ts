import { z } from 'zod';
import { idList, int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { VALIDATION_MESSAGES } from '../validators.js';

/*
 * Alerts (issue 19; surveys spec §3 "Alert", §4, §5, §6; docs/alerts.md). alert:read sees the caller's and the
 * caller's roles' alerts, alert:readall every alert of the tenant, alert:manage changes them.
 */

export const ALERT_READ_SCOPES = ['alert:read', 'alert:readall', 'alert:manage'] as const;

/** Alert status (surveys spec §4). */
export const AlertStatus = {
  None: 0,
  Send: 1,
  Acknowledged: 2,
  Open: 3,
  InProgress: 4,
  Pending: 5,
  Completed: 6,
  Assign: 7,
} as const;
export type AlertStatusValue = (typeof AlertStatus)[keyof typeof AlertStatus];
export const ALERT_STATUSES = [0, 1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The state machine (docs/alerts.md): where each status may go by `PUT /api/alerts/{id}/status`. An alert is
 * created Send (1) (None 0 only before its mail is queued); Assign (7) is reached by assigning, not by this call.
 * Completed (6) may be reopened to Open (3). A refused move answers 409 with code 3333 and the allowed targets.
 */
export const ALERT_TRANSITIONS: Record<AlertStatusValue, readonly AlertStatusValue[]> = {
  0: [1, 2, 3],
  1: [2, 3, 4, 6],
  2: [3, 4, 5, 6],
  3: [4, 5, 6],
  4: [5, 6],
  5: [4, 6],
  6: [3],
  7: [2, 3, 4, 5, 6],
};

/** Statuses that count as closed for statistics and the overdue check. */
export const ALERT_CLOSED_STATUSES: readonly AlertStatusValue[] = [6];

/** `AssignedTo` filter and assignment values: 'unassigned', 'U:{userId}' or 'R:{roleId}'. */
export const ASSIGNED_TO_PATTERN = /^(unassigned|U:[1-9][0-9]{0,9}|R:[1-9][0-9]{0,9})$/;

/** Letters (any script), digits and spaces: the InviteeFullName filter (surveys spec §5). */
export const INVITEE_NAME_FILTER_PATTERN = /^[\p{L}\p{N} ]*$/u;

/**
 * The alert list's filter (`POST /api/alerts` or `POST /api/alerts/query` body, beside the grid's OData query).
 * InviteeFullName is refused (403) for callers with mask:invitee.
 */
export const alertFilterSchema = z
  .strictObject({
    AlertRuleId: idList().optional(),
    AlertReadStatus: z.union([z.literal(0), z.literal(1)]).optional(),
    Status: z.array(z.number().int().min(0).max(7)).max(8).optional(),
    AssignedTo: z.string().regex(ASSIGNED_TO_PATTERN).optional(),
    InviteeFullName: safeText(100)
      .trim()
      .regex(INVITEE_NAME_FILTER_PATTERN, { message: VALIDATION_MESSAGES.alphaNum })
      .optional(),
    AssignedUserId: int32Id.optional(),
    AssignedRoleId: int32Id.optional(),
    /** Creation date range, ISO dates (tenant-local days, inclusive). */
    StartDate: z.iso.date().optional(),
    EndDate: z.iso.date().optional(),
    /** Channel and product tree nodes: a region covers its branches. */
    TransactionChannels: idList().optional(),
    Products: idList().optional(),
  })
  .optional()
  .default({});
export type AlertFilter = z.input<typeof alertFilterSchema>;

/** One alert as the grid lists it. Invitee fields are masked ('***') for mask:invitee. */
export const alertListItemSchema = z.object({
  Id: z.number().int(),
  RuleId: z.number().int().nullable(),
  RuleTitle: z.string().nullable(),
  Status: z.number().int(),
  ReadStatus: z.number().int(),
  AssignedUserId: z.number().int().nullable(),
  AssignedUserName: z.string().nullable(),
  AssignedRoleId: z.number().int().nullable(),
  AssignedRoleName: z.string().nullable(),
  InviteeFullName: z.string().nullable(),
  Score: z.number().nullable(),
  SurveyId: z.number().int().nullable(),
  SurveyName: z.string().nullable(),
  ChannelId: z.number().int().nullable(),
  ChannelName: z.string().nullable(),
  ProductId: z.number().int().nullable(),
  ProductName: z.string().nullable(),
  EmployeeId: z.number().int().nullable(),
  EmployeeName: z.string().nullable(),
  CreatedAt: z.string(),
  DueAt: z.string().nullable(),
  IsOverdue: z.boolean(),
  ClosedAt: z.string().nullable(),
});
export type AlertListItem = z.infer<typeof alertListItemSchema>;

export const alertParamsSchema = z.object({ id: int32IdParam });

/** `GET /api/alerts/{id}`: the list's fields plus the respondent's answers, the thread and the history. */
export const alertDetailSchema = alertListItemSchema.extend({
  InviteeEmail: z.string().nullable(),
  InviteeMsisdn: z.string().nullable(),
  SessionId: z.number().int().nullable(),
  /** The transitions the caller may make now (empty without alert:manage). */
  AllowedStatuses: z.array(z.number().int()),
  Answers: z.array(
    z.object({
      QuestionId: z.number().int(),
      Question: z.string(),
      Answer: z.string().nullable(),
      Score: z.number().nullable(),
    }),
  ),
  Comments: z.array(
    z.object({
      Id: z.number().int(),
      UserId: z.number().int().nullable(),
      UserName: z.string().nullable(),
      Text: z.string(),
      CreatedAt: z.string(),
    }),
  ),
  History: z.array(
    z.object({
      Id: z.number().int(),
      Kind: z.string(),
      UserName: z.string().nullable(),
      FromStatus: z.number().int().nullable(),
      ToStatus: z.number().int().nullable(),
      AssignedUserName: z.string().nullable(),
      AssignedRoleName: z.string().nullable(),
      Note: z.string().nullable(),
      CreatedAt: z.string(),
    }),
  ),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;

/**
 * `PUT /api/alerts/{id}`: assign (AssignedTo 'unassigned', 'U:{id}' or 'R:{id}': the user or role of the tenant,
 * which moves the alert to Assign 7 and mails the new owner) and/or mark read (ReadStatus).
 */
export const alertUpdateSchema = z
  .strictObject({
    AssignedTo: z.string().regex(ASSIGNED_TO_PATTERN).optional(),
    ReadStatus: z.union([z.literal(0), z.literal(1)]).optional(),
  })
  .refine((body) => body.AssignedTo !== undefined || body.ReadStatus !== undefined, {
    message: VALIDATION_MESSAGES.required,
  });

/** `PUT /api/alerts/{id}/status`: a move along ALERT_TRANSITIONS, with an optional note kept in the history. */
export const alertStatusSchema = z.strictObject({
  Status: z.number().int().min(0).max(7),
  Note: safeText(1000, { multiline: true }).trim().optional(),
});

/** `POST /api/alerts/{id}/comments`. */
export const alertCommentSchema = z.strictObject({
  Text: safeText(4000, { multiline: true }).trim().min(1, { message: VALIDATION_MESSAGES.required }),
});
