import { ErrorCode } from '@loupe/contracts';
import { ApiError } from '@/lib/api-client';

/** Why a mailed link (reset, confirmation) cannot be used: past its 12 hours, or unknown / already used. */
export type LinkProblem = 'expired' | 'invalid';

/** Reads the link answers of the account calls: 410 (20002) expired, 404 (20001) invalid or used. */
export function linkProblem(error: unknown): LinkProblem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === ErrorCode.LinkExpired || error.status === 410) return 'expired';
  if (error.code === ErrorCode.LinkInvalid || error.status === 404) return 'invalid';
  return null;
}
