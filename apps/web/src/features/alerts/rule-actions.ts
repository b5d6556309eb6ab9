import { type ALERT_ACTION_KINDS, ALERT_STATUSES } from '@loupe/contracts';

/*
 * The alert-rule-action/{id} form's state and the body it saves (docs/alerts.md "Rule actions"): per status, the
 * two mail checkboxes and the integration sources to deliver to (each chosen source is one `integration` action).
 */

/** The statuses an alert reaches (None 0 is only before its first mail). */
export const ACTION_STATUSES = ALERT_STATUSES.filter((status) => status !== 0);
export const MAIL_ACTIONS = ['emailOwner', 'emailBranchManager'] as const;
export type MailAction = (typeof MAIL_ACTIONS)[number];
/** Sources one status may name: 7 statuses × (2 mails + 5) stays within the 50 actions the server takes. */
export const MAX_SOURCES_PER_STATUS = 5;

export type RuleActionsState = {
  /** `status:action` of each ticked mail. */
  mails: ReadonlySet<string>;
  /** The integration source ids per status, in the order chosen. */
  sources: ReadonlyMap<number, readonly number[]>;
};

type SavedAction = {
  Status: number;
  Action: (typeof ALERT_ACTION_KINDS)[number];
  IntegrationId: number | null;
};
/** The body of `PUT /api/alert-rules/{id}/actions`. */
export type RuleActionsBody = { Actions: SavedAction[] };

export const mailKey = (status: number, action: MailAction) => `${status}:${action}`;

/** The form's state from the saved actions (an integration action without a source is left out: it does nothing). */
export function stateOfActions(actions: readonly SavedAction[]): RuleActionsState {
  const mails = new Set<string>();
  const sources = new Map<number, number[]>();
  for (const action of actions) {
    if (action.Action === 'integration') {
      if (action.IntegrationId === null) continue;
      const list = sources.get(action.Status) ?? [];
      if (!list.includes(action.IntegrationId)) list.push(action.IntegrationId);
      sources.set(action.Status, list);
    } else {
      mails.add(mailKey(action.Status, action.Action));
    }
  }
  return { mails, sources };
}

/** The `PUT /api/alert-rules/{id}/actions` body: by status, the mails then each source once. */
export function actionsOfState(state: RuleActionsState): RuleActionsBody {
  return {
    Actions: ACTION_STATUSES.flatMap((status) => [
      ...MAIL_ACTIONS.filter((action) => state.mails.has(mailKey(status, action))).map((action) => ({
        Status: status,
        Action: action,
        IntegrationId: null,
      })),
      ...[...new Set(state.sources.get(status) ?? [])].map((id) => ({
        Status: status,
        Action: 'integration' as const,
        IntegrationId: id,
      })),
    ]),
  };
}

export function withMail(state: RuleActionsState, key: string, on: boolean): RuleActionsState {
  const mails = new Set(state.mails);
  if (on) mails.add(key);
  else mails.delete(key);
  return { ...state, mails };
}

export function withSources(
  state: RuleActionsState,
  status: number,
  ids: readonly number[],
): RuleActionsState {
  const sources = new Map(state.sources);
  if (ids.length === 0) sources.delete(status);
  else sources.set(status, [...new Set(ids)].slice(0, MAX_SOURCES_PER_STATUS));
  return { ...state, sources };
}
