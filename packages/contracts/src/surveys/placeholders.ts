/*
 * The placeholders a message text may carry (shell spec §3 "Placeholders offered in text fields"): the picker of
 * a rich-text or template field inserts `{{Name}}` at the cursor, and the sender replaces it per invitee. A link
 * comes in two forms: `Html` an anchor, the bare name the plain URL (for SMS and push).
 */

/** What a placeholder stands for, which decides where it is offered: alert texts add the alert's own. */
type PlaceholderGroup = 'link' | 'invitee' | 'transaction' | 'alert' | 'other';

type MessagePlaceholder = { name: string; group: PlaceholderGroup };

const LINKS = ['ExecutionLink', 'ShortExecutionLink', 'UnsubscribeLink', 'ShortUnsubscribeLink'];
const CUSTOM_DATA = Array.from({ length: 10 }, (_, index) => `CustomData${index + 1}`);

const of = (group: PlaceholderGroup, names: readonly string[]): MessagePlaceholder[] =>
  names.map((name) => ({ name, group }));

/** Every placeholder, in the order the picker lists them. */
const MESSAGE_PLACEHOLDERS: readonly MessagePlaceholder[] = [
  ...of(
    'link',
    LINKS.flatMap((link) => [link, `${link}Html`]),
  ),
  ...of('invitee', [
    'FullName',
    'Email',
    'MSISDN',
    'Language',
    ...CUSTOM_DATA,
    'CallbackData',
    'InviteeId',
    'InviteeSegments',
  ]),
  ...of('transaction', [
    'TransactionDate',
    'TransactionType',
    'ProductName',
    'TransactionChannelName',
    'EmployeeFullName',
    'EmployeeEmail',
  ]),
  ...of('alert', [
    'AlertExperience',
    'AlertAnswer',
    'AlertTitle',
    'AlertCreatedDate',
    'AlertDetailLink',
    'QuestionsAndAnswers',
  ]),
  ...of('other', ['LoggedInUserName']),
];

/** The placeholders of survey texts (opening and closing messages, invitation templates): all but the alert's. */
export const SURVEY_MESSAGE_PLACEHOLDERS = MESSAGE_PLACEHOLDERS.filter(
  (placeholder) => placeholder.group !== 'alert',
);

/** The token a placeholder is written as in a text. */
export function placeholderToken(name: string): string {
  return `{{${name}}}`;
}

const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

/**
 * Fills every `{{Name}}` of a text for one recipient. In an HTML text a value is escaped, except the `…Html` link
 * forms, which the caller passes as ready anchors. A placeholder without a value becomes empty: a customer never
 * sees braces.
 */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string | null | undefined>>,
  { html }: { html: boolean },
): string {
  return text.replace(TOKEN, (_token, name: string) => {
    const value = values[name] ?? '';
    return html && !name.endsWith('Html') ? escapeHtml(value) : value;
  });
}
