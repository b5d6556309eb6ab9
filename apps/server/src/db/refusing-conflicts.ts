import { isForeignKeyViolation, isUniqueViolation } from './pg-errors.js';

/** The refusals a write gives when the database, not the service's own checks, catches a conflict. */
export type ConflictRefusals = {
  /** A unique index refused the row: the same name or key was saved meanwhile. */
  onDuplicate?: () => Error;
  /** A foreign key refused the change: a row started using the record meanwhile. */
  onInUse?: () => Error;
};

/**
 * Runs `write`, turning what a concurrent save can still trip over after the service's checks into the refusal
 * those checks give: a unique violation into `onDuplicate()`, a foreign-key violation into `onInUse()`. Any
 * other failure (an AppError of the checks included) passes through unchanged.
 */
export async function refusingConflicts<T>(write: () => Promise<T>, refusals: ConflictRefusals): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (refusals.onDuplicate && isUniqueViolation(error)) throw refusals.onDuplicate();
    if (refusals.onInUse && isForeignKeyViolation(error)) throw refusals.onInUse();
    throw error;
  }
}
