import type { GridQuery } from '@loupe/contracts';

/*
 * The grid's half of the list contract (shell spec §7): the OData-style query string of a page and of an
 * export, built from the grid's state. Pure, so the component stays about rendering.
 */

/** The query key prefix of an endpoint's pages: invalidate it after a create, update or delete. */
export function gridQueryKey(endpoint: string): readonly unknown[] {
  return ['grid', endpoint] as const;
}

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Grid endpoints are paths of this app's API; an absolute or protocol-relative URL would send the bearer
 * token elsewhere, so it is a programming mistake and throws.
 */
export function assertRelativeEndpoint(endpoint: string): void {
  const trimmed = endpoint.trim();
  if (ABSOLUTE_URL.test(trimmed) || trimmed.startsWith('//') || trimmed.startsWith('\\')) {
    throw new Error(`DataGrid: the endpoint must be a relative path of the API, not "${endpoint}"`);
  }
  if (!trimmed.startsWith('/')) {
    throw new Error(`DataGrid: the endpoint must start with "/" (got "${endpoint}")`);
  }
}

/** An OData string literal: single quotes doubled, the whole wrapped in single quotes. */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** `contains(tolower(Field),'term')` for the search box, or undefined for a blank search. */
export function searchFilter(field: string, term: string): string | undefined {
  const trimmed = term.trim();
  if (!trimmed) return undefined;
  // The field is lowercased on the server, so the term is too; otherwise capitals would never match. JavaScript
  // lowercases the Turkish capital İ to i plus a combining dot above (U+0307), which PostgreSQL's lower() of a
  // stored "İlker" never gives (it gives a plain i): the dot is dropped so "İlker" finds İlker.
  return `contains(tolower(${field}),${odataString(trimmed.toLowerCase().replaceAll('i\u0307', 'i'))})`;
}

/** ANDs the filters that are present, each in parentheses so an `or` inside one stays inside it. */
export function combineFilters(...filters: (string | undefined)[]): string | undefined {
  const present = filters.map((filter) => filter?.trim()).filter((filter): filter is string => !!filter);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return present.map((filter) => `(${filter})`).join(' and ');
}

type SortDirection = 'asc' | 'desc';
export type GridSort = { field: string; direction: SortDirection };

/** The `$orderby` of the user's sort, else the list's default order (the server adds its tie-breaker). */
export function orderBy(sort: GridSort | undefined, defaultOrder: string | undefined): string | undefined {
  if (sort) return `${sort.field} ${sort.direction}`;
  const fallback = defaultOrder?.trim();
  return fallback || undefined;
}

export type GridState = {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort?: GridSort | undefined;
  search?: string | undefined;
  searchField?: string | undefined;
  /** The caller's extra `$filter`. */
  filter?: string | undefined;
  defaultOrder?: string | undefined;
};

/** The `$filter` the grid sends: the caller's filter AND the search. */
function gridFilter(state: Pick<GridState, 'filter' | 'search' | 'searchField'>): string | undefined {
  const search = state.searchField ? searchFilter(state.searchField, state.search ?? '') : undefined;
  return combineFilters(state.filter, search);
}

// The names and value types of contracts' gridQuerySchema, which the server parses the query string with.
function toSearchParams(query: Partial<GridQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params;
}

/** The query string of one page: `$top`, `$skip`, `$count=true`, and `$orderby`/`$filter` when set. */
export function buildGridParams(state: GridState): URLSearchParams {
  const page = Math.max(1, Math.trunc(state.page));
  const query: Partial<GridQuery> = {
    $top: state.pageSize,
    $skip: (page - 1) * state.pageSize,
    $count: true,
    $orderby: orderBy(state.sort, state.defaultOrder),
    $filter: gridFilter(state),
  };
  return toSearchParams(query);
}

/** The query string of an export: the same filter and order as the grid, every page. */
export function buildExportParams(state: Omit<GridState, 'page' | 'pageSize'>): URLSearchParams {
  return toSearchParams({ $orderby: orderBy(state.sort, state.defaultOrder), $filter: gridFilter(state) });
}

/** `path?query`, without a dangling `?` when the query is empty. */
export function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
