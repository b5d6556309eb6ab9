import {
  FILTER_FIELDS,
  POOL_FILTER_GROUPS as GROUPS,
  POOL_FILTER_KEYS as REGISTRY_KEYS,
  inviteePoolFilterSchema,
  type FilterKind,
  type InviteePoolFilter,
  type PoolFilterGroup,
  type PoolFilterKey,
} from '@loupe/contracts';

/*
 * The invitee pool's filter (surveys spec §3 Invitee pool): the filter registry's `inviteePool` rows
 * (contracts reports/filter-fields.ts) — which properties the panel offers, in which group, how a value reads as a
 * list of values (chips) and what Apply sends. The wire shape is contracts `inviteePoolFilterSchema`.
 */

export type { PoolFilterKey };

/** How a property's value is chosen and held. */
export type PoolFilterKind = 'choices' | 'ids' | 'tree' | 'segments' | 'text';

/** The registry's kinds the pool's rows use, as the panel renders them. */
const KIND_OF: Partial<Record<FilterKind, PoolFilterKind>> = {
  choices: 'choices',
  ids: 'ids',
  treeSet: 'tree',
  segments: 'segments',
  text: 'text',
};

/** The panel's collapsible groups and their properties, in the panel's order. */
export const POOL_FILTER_GROUPS: readonly { id: PoolFilterGroup; keys: readonly PoolFilterKey[] }[] =
  GROUPS.map((id) => ({ id, keys: REGISTRY_KEYS.filter((key) => FILTER_FIELDS[key].poolGroup === id) }));

export const POOL_FILTER_KEYS: readonly PoolFilterKey[] = POOL_FILTER_GROUPS.flatMap((group) => group.keys);

export function poolFilterKind(key: PoolFilterKey): PoolFilterKind {
  const kind = KIND_OF[FILTER_FIELDS[key].kind];
  if (!kind) throw new Error(`the invitee pool cannot show ${key}`);
  return kind;
}

/** A property's value as a list: tree sets by their node ids, a text as itself. */
export function poolFilterValues(filter: InviteePoolFilter, key: PoolFilterKey): (number | string)[] {
  const value = (filter as Record<string, unknown>)[key];
  if (value === null || value === undefined) return [];
  if (poolFilterKind(key) === 'tree') return (value as { Ids: number[] }).Ids;
  if (poolFilterKind(key) === 'text') {
    const text = typeof value === 'string' ? value.trim() : '';
    return text === '' ? [] : [text];
  }
  return value as (number | string)[];
}

/** The filter with empty values dropped, texts trimmed and tree sets as `{ Ids }`. */
export function normalisePoolFilter(filter: InviteePoolFilter): InviteePoolFilter {
  const next: Record<string, unknown> = {};
  for (const key of POOL_FILTER_KEYS) {
    const values = poolFilterValues(filter, key);
    if (values.length === 0) continue;
    const kind = poolFilterKind(key);
    if (kind === 'tree') next[key] = { Ids: values };
    else if (kind === 'text') next[key] = values[0];
    else next[key] = values;
  }
  return next;
}

/** How many properties hold a value (the "N" of the panel's "N of M"). */
export function countSetPoolFilters(filter: InviteePoolFilter): number {
  return POOL_FILTER_KEYS.filter((key) => poolFilterValues(filter, key).length > 0).length;
}

/** The filter without one property (a chip's remove). */
export function withoutPoolFilter(filter: InviteePoolFilter, key: PoolFilterKey): InviteePoolFilter {
  const next: Record<string, unknown> = { ...filter };
  delete next[key];
  return normalisePoolFilter(next);
}

/** Apply: the normalised filter, or the properties the contract refuses (e.g. a text over 500 characters). */
export function applyPoolFilter(
  draft: InviteePoolFilter,
): { ok: true; filter: InviteePoolFilter } | { ok: false; invalid: PoolFilterKey[] } {
  const filter = normalisePoolFilter(draft);
  const parsed = inviteePoolFilterSchema.safeParse(filter);
  if (parsed.success) return { ok: true, filter };
  const invalid = new Set<PoolFilterKey>();
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (POOL_FILTER_KEYS as readonly string[]).includes(key))
      invalid.add(key as PoolFilterKey);
  }
  return { ok: false, invalid: [...invalid] };
}
