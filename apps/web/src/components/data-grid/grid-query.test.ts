import { gridQuerySchema } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  assertRelativeEndpoint,
  buildExportParams,
  buildGridParams,
  combineFilters,
  gridQueryKey,
  odataString,
  orderBy,
  searchFilter,
  withQuery,
} from './grid-query';

describe('assertRelativeEndpoint', () => {
  it.each(['/api/users', '/api/identity/roles', '/api/users?kind=test'])(
    'accepts the API path %s',
    (path) => {
      expect(() => assertRelativeEndpoint(path)).not.toThrow();
    },
  );

  it.each([
    'https://evil.example/api/users',
    'http://localhost:3000/api/users',
    'HTTPS://EVIL.EXAMPLE/api',
    '//evil.example/api/users',
    '  https://evil.example/api',
    'javascript:alert(1)',
    '\\\\evil.example\\api',
  ])('refuses the absolute address %s', (path) => {
    expect(() => assertRelativeEndpoint(path)).toThrow(Error);
  });

  it('refuses a path relative to the current page', () => {
    expect(() => assertRelativeEndpoint('api/users')).toThrow(/must start with "\/"/);
  });
});

describe('odataString', () => {
  it('doubles single quotes so a value cannot close the literal', () => {
    expect(odataString("x' or 1=1 --")).toBe("'x'' or 1=1 --'");
    expect(odataString("O'Brien's")).toBe("'O''Brien''s'");
  });
});

describe('searchFilter', () => {
  it('matches the lowercased field with the lowercased, trimmed term', () => {
    expect(searchFilter('UserName', '  Ali Veli ')).toBe("contains(tolower(UserName),'ali veli')");
  });

  it('lowercases the Turkish capital İ to a plain i, as PostgreSQL lowercases a stored name', () => {
    expect(searchFilter('InviteeFullName', 'İlker IŞIK')).toBe(
      "contains(tolower(InviteeFullName),'ilker işik')",
    );
  });

  it('escapes quotes in the term', () => {
    expect(searchFilter('UserName', "d'Arc")).toBe("contains(tolower(UserName),'d''arc')");
  });

  it('adds nothing for a blank search', () => {
    expect(searchFilter('UserName', '   ')).toBeUndefined();
  });
});

describe('combineFilters', () => {
  it('ANDs the filters present, each in parentheses', () => {
    expect(combineFilters("IsActive eq true or Kind eq 'x'", undefined, "contains(tolower(A),'b')")).toBe(
      "(IsActive eq true or Kind eq 'x') and (contains(tolower(A),'b'))",
    );
  });

  it('leaves a single filter as it is and drops blanks', () => {
    expect(combineFilters(' ', 'IsActive eq true', undefined)).toBe('IsActive eq true');
    expect(combineFilters(undefined, '')).toBeUndefined();
  });
});

describe('orderBy', () => {
  it("prefers the user's sort over the default order", () => {
    expect(orderBy({ field: 'Email', direction: 'desc' }, 'UserName asc')).toBe('Email desc');
    expect(orderBy(undefined, 'UserName asc')).toBe('UserName asc');
    expect(orderBy(undefined, undefined)).toBeUndefined();
  });
});

describe('buildGridParams', () => {
  it('asks for one page with the count', () => {
    const params = buildGridParams({ page: 3, pageSize: 25 });
    expect(Object.fromEntries(params)).toEqual({ $top: '25', $skip: '50', $count: 'true' });
  });

  it('sends the sort and the caller filter ANDed with the search', () => {
    const params = buildGridParams({
      page: 1,
      pageSize: 10,
      sort: { field: 'Email', direction: 'asc' },
      search: "O'Neil",
      searchField: 'UserName',
      filter: 'IsActive eq true',
      defaultOrder: 'UserName asc',
    });
    expect(params.get('$skip')).toBe('0');
    expect(params.get('$orderby')).toBe('Email asc');
    expect(params.get('$filter')).toBe("(IsActive eq true) and (contains(tolower(UserName),'o''neil'))");
  });

  it('ignores the search text when the grid has no search field', () => {
    expect(buildGridParams({ page: 1, pageSize: 10, search: 'x' }).has('$filter')).toBe(false);
  });

  it('never asks for a page before the first', () => {
    expect(buildGridParams({ page: 0, pageSize: 10 }).get('$skip')).toBe('0');
  });

  it('reads back through the contracts query schema as the server parses it', () => {
    const params = buildGridParams({
      page: 2,
      pageSize: 50,
      search: 'ali',
      searchField: 'UserName',
      defaultOrder: 'UserName asc',
    });
    expect(gridQuerySchema.parse(Object.fromEntries(params))).toEqual({
      $top: 50,
      $skip: 50,
      $count: true,
      $orderby: 'UserName asc',
      $filter: "contains(tolower(UserName),'ali')",
    });
  });

  it('encodes the filter in the query string', () => {
    const path = withQuery(
      '/api/users',
      buildGridParams({ page: 1, pageSize: 10, search: 'a&b=c', searchField: 'N' }),
    );
    expect(path).toBe(
      '/api/users?%24top=10&%24skip=0&%24count=true&%24filter=contains%28tolower%28N%29%2C%27a%26b%3Dc%27%29',
    );
    expect(new URL(path, 'http://x').searchParams.get('$filter')).toBe("contains(tolower(N),'a&b=c')");
  });
});

describe('buildExportParams', () => {
  it('sends the filter and order of the grid but no paging', () => {
    const params = buildExportParams({
      sort: { field: 'UserName', direction: 'desc' },
      search: 'ali',
      searchField: 'UserName',
      filter: "Kind eq 'test'",
    });
    expect(Object.fromEntries(params)).toEqual({
      $orderby: 'UserName desc',
      $filter: "(Kind eq 'test') and (contains(tolower(UserName),'ali'))",
    });
  });

  it('is empty for an unfiltered, unsorted grid', () => {
    expect(withQuery('/api/users/export', buildExportParams({}))).toBe('/api/users/export');
  });
});

describe('gridQueryKey', () => {
  it('is a prefix per endpoint, so invalidating it reaches every page of that list only', () => {
    expect(gridQueryKey('/api/users')).toEqual(['grid', '/api/users']);
    expect(gridQueryKey('/api/users')).not.toEqual(gridQueryKey('/api/roles'));
  });
});
