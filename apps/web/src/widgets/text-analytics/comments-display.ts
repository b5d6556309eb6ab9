import {
  COMMENTS_DEFAULT_PAGE_SIZE,
  hasAnyScope,
  sentimentChip,
  TABLE_PAGE_SIZES,
  type CommentsData,
  type Scope,
} from '@loupe/contracts';
import dayjs from 'dayjs';

/*
 * How the comment highlights widget shows its comments (reports spec §2 "comment highlights", §6, §9;
 * docs/widgets-text-analytics.md "Comments"). Pure, so the view only renders and the rules are unit-tested.
 */

export type CommentItem = CommentsData['Items'][number];

/** Reports spec §9: a comment widget counts as small when its width is 3 or less. */
const COMMENTS_SMALL_MAX_WIDTH = 3;

export function isSmallCommentsLayout(width: number): boolean {
  return width <= COMMENTS_SMALL_MAX_WIDTH;
}

/** A page size the widget offers (5, 10, 20, 25, 50); anything else is the comments' default 10. */
export function commentsPageSize(size: number | undefined): number {
  return TABLE_PAGE_SIZES.some((offered) => offered === size) ? (size as number) : COMMENTS_DEFAULT_PAGE_SIZE;
}

/** The query string of a page (1-based): `$top` and `$skip`. */
export function commentsPageParams(page: number, pageSize: number): URLSearchParams {
  const top = commentsPageSize(pageSize);
  const skip = (Math.max(1, Math.floor(page)) - 1) * top;
  return new URLSearchParams({ $top: String(top), $skip: String(skip) });
}

/** Reports spec §6: who may open a comment's response in the responses analyzer. */
const RESPONSE_LINK_SCOPES: readonly Scope[] = [
  'survey:read',
  'survey:manage',
  'response:readall',
  'response:readlimited',
  'externalSurvey:manage',
  'topicExplorer',
];

export function canOpenResponses(scopes: readonly string[]): boolean {
  return hasAnyScope(scopes, RESPONSE_LINK_SCOPES);
}

/** The responses analyzer page of a comment's respondent (opened in a new tab). */
export function responsesAnalyzerPath(inviteeId: number): string {
  return `/responses-analyzer/${inviteeId}`;
}

/**
 * A comment's two texts: the original as written (TextOrig, or Text when the original is missing) and its
 * translation (Text), which exists only when it is there and says something else than the original.
 */
export function commentTexts(item: Pick<CommentItem, 'Text' | 'TextOrig' | 'Language' | 'LanguageOrig'>): {
  original: { text: string; language: string | null };
  translation: { text: string; language: string | null } | null;
} {
  const original = item.TextOrig.trim() === '' ? item.Text : item.TextOrig;
  const originalLanguage = item.LanguageOrig ?? item.Language;
  const translated = item.Text.trim() !== '' && item.Text.trim() !== original.trim();
  return {
    original: { text: original, language: originalLanguage },
    translation: translated ? { text: item.Text, language: item.Language } : null,
  };
}

/** The antd tag colour of a sentiment (reports spec §2: 4 positive, 2 neutral, otherwise negative). */
export function sentimentTagColor(score: number | null): 'success' | 'warning' | 'error' {
  const chip = sentimentChip(score);
  if (chip === 'positive') return 'success';
  if (chip === 'neutral') return 'warning';
  return 'error';
}

/** A comment's date as DD/MM/YYYY HH:mm in local time; empty when it does not read as a date. */
export function commentDate(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('DD/MM/YYYY HH:mm') : '';
}

/** A language's name in the interface language ('en' → "English" / "İngilizce"); the code when unknown. */
export function languageName(code: string | null, locale: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A stable key for a comment in its page (the API gives no comment id). */
export function commentKey(item: CommentItem, index: number): string {
  return `${item.InviteeId}-${item.CreatedDate}-${index}`;
}
