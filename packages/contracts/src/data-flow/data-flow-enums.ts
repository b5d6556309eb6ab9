/*
 * The invitee data flow's states and reasons (surveys spec §4, §8; docs/data-flow.md): the numbers are stored, the
 * names are the wire's and the translation keys'.
 */

/** An import log's status. Transitions: docs/data-flow.md "Import statuses". */
export const IMPORT_LOG_STATUS = {
  Initial: 0,
  New: 1,
  Processing: 2,
  WaitingForApproval: 3,
  Approved: 4,
  Rejected: 5,
  Failed: 6,
  Processed: 7,
} as const;
export type ImportLogStatusName = keyof typeof IMPORT_LOG_STATUS;
export type ImportLogStatus = (typeof IMPORT_LOG_STATUS)[ImportLogStatusName];

/** A staged record's status: 0 new, 1 processed (passed, waiting), 2 moved (an invitee now), 3 removed. */
export const STAGED_RECORD_STATUS = { New: 0, Processed: 1, Moved: 2, Removed: 3 } as const;
export type StagedRecordStatusName = keyof typeof STAGED_RECORD_STATUS;
export type StagedRecordStatus = (typeof STAGED_RECORD_STATUS)[StagedRecordStatusName];

/**
 * Why a staged invitee was not invited (surveys spec §8), each with a translated label. The rules run in the order
 * docs/data-flow.md "Elimination" gives; the first that matches names the reason.
 */
export const ELIMINATION_REASON = {
  Duplicate: 1,
  NoEmailAndMobile: 2,
  LocationNotAcceptable: 3,
  ChannelNotAcceptable: 4,
  ProductNotAcceptable: 5,
  TransactionTypeNotAcceptable: 6,
  SegmentNotAcceptable: 7,
  OptOut: 8,
  SurveyCommunicationFrequency: 9,
  GlobalInvitationRule: 10,
  CustomConfigNameNotAcceptable: 11,
  EmployeeNotAcceptable: 12,
  InviteeChannelNotAcceptable: 13,
  RecurringSurveyCommunicationFrequency: 14,
  RecurringGlobalInvitationRule: 15,
  OneInvitePerFiveHours: 16,
  TargetedSurveyRecurringFrequency: 17,
  TargetedSurveyRecurringGlobalRule: 18,
} as const;
export type EliminationReasonName = keyof typeof ELIMINATION_REASON;
export type EliminationReason = (typeof ELIMINATION_REASON)[EliminationReasonName];

export const ELIMINATION_REASON_NAMES = Object.fromEntries(
  Object.entries(ELIMINATION_REASON).map(([name, value]) => [value, name]),
) as Record<EliminationReason, EliminationReasonName>;
