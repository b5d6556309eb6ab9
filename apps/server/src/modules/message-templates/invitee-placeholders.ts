import { sql } from 'drizzle-orm';

/*
 * An invitee's placeholder values (shell spec §3: FullName, Email … CustomData1-10, TransactionDate …), read the same
 * way wherever a text is filled for a real invitee: the invitation mails and SMS (modules/invitations) and the
 * respondent page's messages (modules/respondent). Both queries name the invitation `inv` and its invitee `i`.
 */

const CUSTOM_DATA = Array.from({ length: 10 }, (_, index) => `custom_data${index + 1}`);

/** The select-list part: the invitee's own fields and the names the placeholders show. */
export const INVITEE_PLACEHOLDER_COLUMNS = sql.raw(`
  i.full_name, i.email, i.msisdn, i.language, i.callback_data, i.transaction_date,
  ${CUSTOM_DATA.map((column) => `i.${column}`).join(', ')},
  ch.name AS channel_name, pr.name AS product_name, tt.name AS type_name,
  e.full_name AS employee_name, e.email AS employee_email,
  (SELECT string_agg(sg.name, ', ' ORDER BY sg.name) FROM segments sg
   WHERE sg.tenant_id = inv.tenant_id AND sg.id = ANY(i.segment_ids)) AS segment_names`);

/** The joins those names need. */
export const INVITEE_PLACEHOLDER_JOINS = sql.raw(`
  LEFT JOIN transaction_channels ch ON ch.id = i.transaction_channel_id
  LEFT JOIN products pr ON pr.id = i.product_id
  LEFT JOIN transaction_types tt ON tt.id = i.transaction_type_id
  LEFT JOIN employees e ON e.id = i.employee_id`);

/** A column's value as placeholder text: ids as digits, times as ISO, nothing as null. */
export function placeholderText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'bigint' ? String(value) : JSON.stringify(value);
}

/** The placeholders' values from a row selected with INVITEE_PLACEHOLDER_COLUMNS (and the invitee's id). */
export function inviteePlaceholderValues(row: Record<string, unknown>): Record<string, string | null> {
  const text = placeholderText;
  const values: Record<string, string | null> = {
    FullName: text(row.full_name),
    Email: text(row.email),
    MSISDN: text(row.msisdn),
    Language: text(row.language),
    CallbackData: text(row.callback_data),
    InviteeId: text(row.invitee_id),
    InviteeSegments: text(row.segment_names),
    TransactionDate: new Date(row.transaction_date as string).toISOString().slice(0, 10),
    TransactionType: text(row.type_name),
    ProductName: text(row.product_name),
    TransactionChannelName: text(row.channel_name),
    EmployeeFullName: text(row.employee_name),
    EmployeeEmail: text(row.employee_email),
  };
  CUSTOM_DATA.forEach((column, index) => (values[`CustomData${index + 1}`] = text(row[column])));
  return values;
}

/** The respondent page of an invitation, and its unsubscribe address (the page asks before it opts out). */
export type InvitationLinks = { execution: string; unsubscribe: string };

export function invitationLinks(publicUrl: string, token: string): InvitationLinks {
  const execution = `${publicUrl}/s/${token}`;
  return { execution, unsubscribe: `${execution}/optout` };
}

const anchor = (url: string) => `<a href="${url}">${url}</a>`;

/**
 * The link placeholders: ExecutionLink, UnsubscribeLink and their short forms (no shortener yet: the same URLs),
 * each also as `…Html`, an anchor in an HTML text and the bare URL in a plain one.
 */
export function linkPlaceholderValues(
  links: InvitationLinks,
  { html }: { html: boolean },
): Record<string, string> {
  const plain: Record<string, string> = {
    ExecutionLink: links.execution,
    ShortExecutionLink: links.execution,
    UnsubscribeLink: links.unsubscribe,
    ShortUnsubscribeLink: links.unsubscribe,
  };
  const values: Record<string, string> = { ...plain };
  for (const [name, url] of Object.entries(plain)) values[`${name}Html`] = html ? anchor(url) : url;
  return values;
}
