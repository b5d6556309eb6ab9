/**
 * How the page is shown: to the respondent (the default), or to a call-centre agent who fills the survey in with
 * the customer on the phone (`?mode=agent`, the console's CATI screen frames it; docs/cati-screens.md). Agent mode
 * is compact, marked as such, never redirects after the closing message and offers no opt-out link or decline
 * buttons: the agent records a refusal as the call's outcome instead.
 */
export type PageMode = 'respondent' | 'agent';

/** The page's mode from its query string (`location.search`); anything but `mode=agent` is the respondent's page. */
export function pageModeOf(search: string): PageMode {
  return new URLSearchParams(search).get('mode') === 'agent' ? 'agent' : 'respondent';
}
