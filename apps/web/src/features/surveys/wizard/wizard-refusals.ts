import { ErrorCode, type WizardStep } from '@loupe/contracts';
import { ApiError } from '@/lib/api-client';

/** Where a refusal of the server shows: its step, and the field of that step when it names one. */
type RefusalPlace = { step: WizardStep; field?: string };

/** Each survey rule's place in the wizard (surveys spec §5; error codes 2036, 4013-4027). */
const PLACES: Partial<Record<number, RefusalPlace>> = {
  [ErrorCode.SurveyIntegrationCodeUsed]: { step: 'General', field: 'IntegrationCode' },
  [ErrorCode.MeasurementQuestionDuplicate]: { step: 'Flow' },
  [ErrorCode.QuestionLimitReached]: { step: 'Flow' },
  [ErrorCode.DisplayLogicInvalid]: { step: 'Flow' },
  [ErrorCode.QuestionPlacedTwice]: { step: 'Flow' },
  [ErrorCode.CloneMeasurementOn]: { step: 'Flow' },
  [ErrorCode.AudienceConditionInvalid]: { step: 'Audience' },
  [ErrorCode.ChannelRequired]: { step: 'Channel', field: 'Channels' },
  [ErrorCode.PrimaryChannelNotChosen]: { step: 'Channel', field: 'PrimaryChannel' },
  [ErrorCode.InvitationTemplateMissing]: { step: 'Channel', field: 'Templates' },
  [ErrorCode.QuotaCronOutsideSchedule]: { step: 'Quota' },
  [ErrorCode.SurveyWithoutFlow]: { step: 'Activate', field: 'IsActive' },
  [ErrorCode.TestInvitationSurveyInactive]: { step: 'Activate' },
  [ErrorCode.TestUserUnknown]: { step: 'Activate', field: 'TestUserIds' },
};

/** The place of a refusal, or undefined for any other failure (shown above the step). */
function refusalPlace(error: unknown): RefusalPlace | undefined {
  return error instanceof ApiError ? PLACES[error.code] : undefined;
}

/** The field of `step` a refusal belongs to, if it is this step's. */
export function refusalField(error: unknown, step: WizardStep): string | undefined {
  const place = refusalPlace(error);
  return place?.step === step ? place.field : undefined;
}
