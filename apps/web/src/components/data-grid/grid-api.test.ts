import { gridPageSchema } from '@loupe/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { memoryStorage } from '@/lib/test-storage';

// The calls run in the browser; these tests give them the storage the session lives in.
vi.stubGlobal('sessionStorage', memoryStorage());
vi.stubGlobal('localStorage', memoryStorage());
const { ApiError } = await import('@/lib/api-client');
const { getSession, lastSessionEnd, saveSession } = await import('@/lib/auth');
const { exportGrid, fetchGridPage } = await import('./grid-api');

const itemSchema = z.object({ Id: z.string(), UserName: z.string() });
const pageSchema = gridPageSchema(itemSchema);
const page = { Items: [{ Id: 'u1', UserName: 'ali' }], Count: 31 };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function tokens(suffix: string) {
  return {
    access_token: `access-${suffix}`,
    refresh_token: `refresh-${suffix}`,
    token_type: 'Bearer' as const,
    expires_in: 900,
  };
}

const forbidden = { Code: 403, Message: 'Forbidden', SupportId: 'req-3' };
const params = new URLSearchParams({ $top: '10', $skip: '0', $count: 'true' });

describe('grid calls', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    saveSession(tokens('1'));
  });

  afterEach(() => {
    fetchMock.mockReset();
    sessionStorage.clear();
  });

  describe('fetchGridPage', () => {
    it('GETs the endpoint with the query string and validates the page', async () => {
      fetchMock.mockResolvedValueOnce(json(200, page));

      await expect(fetchGridPage({ endpoint: '/api/users', params, schema: pageSchema })).resolves.toEqual(
        page,
      );

      const [path, init] = fetchMock.mock.calls[0]!;
      expect(path).toBe('/api/users?%24top=10&%24skip=0&%24count=true');
      expect(init?.method).toBe('GET');
      expect(init?.headers).toMatchObject({ Authorization: 'Bearer access-1' });
    });

    it('POSTs {endpoint}/query with the filter body when there is one', async () => {
      fetchMock.mockResolvedValueOnce(json(200, page));

      await fetchGridPage({
        endpoint: '/api/users',
        params,
        schema: pageSchema,
        filterBody: { IsTestUser: true },
      });

      const [path, init] = fetchMock.mock.calls[0]!;
      expect(path).toBe('/api/users/query?%24top=10&%24skip=0&%24count=true');
      expect(init?.method).toBe('POST');
      expect(JSON.parse(init?.body as string)).toEqual({ IsTestUser: true });
    });

    it('refuses an answer that is not a page of the item', async () => {
      fetchMock.mockResolvedValueOnce(json(200, { Items: [{ Id: 1 }], Count: 1 }));

      await expect(fetchGridPage({ endpoint: '/api/users', params, schema: pageSchema })).rejects.toThrow();
    });

    it('refreshes the tokens on a 403 and loads again', async () => {
      fetchMock
        .mockResolvedValueOnce(json(403, forbidden))
        .mockResolvedValueOnce(json(200, tokens('2')))
        .mockResolvedValueOnce(json(200, page));

      await expect(fetchGridPage({ endpoint: '/api/users', params, schema: pageSchema })).resolves.toEqual(
        page,
      );

      expect(fetchMock.mock.calls[1]![0]).toBe('/token');
      expect(fetchMock.mock.calls[2]![1]?.headers).toMatchObject({ Authorization: 'Bearer access-2' });
      expect(getSession()?.accessToken).toBe('access-2');
    });

    it('refreshes only once: a second 403 is the answer', async () => {
      fetchMock
        .mockResolvedValueOnce(json(403, forbidden))
        .mockResolvedValueOnce(json(200, tokens('2')))
        .mockResolvedValueOnce(json(403, forbidden));

      const failure = fetchGridPage({ endpoint: '/api/users', params, schema: pageSchema });

      await expect(failure).rejects.toBeInstanceOf(ApiError);
      await expect(failure).rejects.toMatchObject({ status: 403, forErrorDialog: false });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });

    it('ends the session when the refresh after a 403 is refused (invalid_grant)', async () => {
      fetchMock
        .mockResolvedValueOnce(json(403, forbidden))
        .mockResolvedValueOnce(json(400, { error: 'invalid_grant', error_description: 'expired' }));

      await expect(
        fetchGridPage({ endpoint: '/api/users', params, schema: pageSchema }),
      ).rejects.toMatchObject({
        status: 403,
      });
      expect(getSession()).toBeNull();
      expect(lastSessionEnd()).toBe('expired');
    });

    it('leaves other failures marked for the global error dialog', async () => {
      fetchMock.mockResolvedValueOnce(json(400, { Code: 3333, Message: 'Unknown field', SupportId: 's-1' }));

      await expect(
        fetchGridPage({ endpoint: '/api/users', params, schema: pageSchema }),
      ).rejects.toMatchObject({
        status: 400,
        code: 3333,
        forErrorDialog: true,
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });

  describe('exportGrid', () => {
    const request = {
      endpoint: '/api/users',
      params: new URLSearchParams({ $orderby: 'UserName asc', $filter: "contains(tolower(UserName),'a')" }),
      filterBody: { IsTestUser: false },
      totalCount: 31,
      fileName: 'Kullanıcılar',
      columns: [
        { Field: 'UserName', Title: 'Kullanıcı adı' },
        { Field: 'Email', Title: 'E-posta' },
      ],
    };

    function xlsx(disposition?: string): Response {
      const headers = new Headers({
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
      if (disposition) headers.set('Content-Disposition', disposition);
      return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers });
    }

    it('POSTs the filter, count, file name and visible columns, and names the file as the server does', async () => {
      fetchMock.mockResolvedValueOnce(
        xlsx('attachment; filename="Kullanicilar.xlsx"; filename*=UTF-8\'\'Kullan%C4%B1c%C4%B1lar.xlsx'),
      );

      const { blob, fileName } = await exportGrid(request);

      expect(fileName).toBe('Kullanıcılar.xlsx');
      expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
      const [path, init] = fetchMock.mock.calls[0]!;
      expect(path).toBe(`/api/users/export?${request.params.toString()}`);
      expect(init?.method).toBe('POST');
      expect(JSON.parse(init?.body as string)).toEqual({
        Filter: { IsTestUser: false },
        TotalCountForExport: 31,
        FileName: 'Kullanıcılar',
        Columns: request.columns,
      });
    });

    it('sends an empty filter without a filter body, and names the file itself without a header', async () => {
      fetchMock.mockResolvedValueOnce(xlsx());

      const { fileName } = await exportGrid({ ...request, filterBody: undefined });

      expect(fileName).toBe('Kullanıcılar.xlsx');
      expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toMatchObject({ Filter: {} });
    });

    it('refuses a file name with the extension before calling', async () => {
      await expect(exportGrid({ ...request, fileName: 'users.xlsx' })).rejects.toThrow();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("carries the server's refusal, for the error dialog to show", async () => {
      fetchMock.mockResolvedValueOnce(json(400, { Code: 11001, Message: 'Too many', SupportId: 's-2' }));

      await expect(exportGrid(request)).rejects.toMatchObject({ status: 400, code: 11001, supportId: 's-2' });
    });

    it('refreshes the tokens on a 403 and exports again', async () => {
      fetchMock
        .mockResolvedValueOnce(json(403, forbidden))
        .mockResolvedValueOnce(json(200, tokens('2')))
        .mockResolvedValueOnce(xlsx('attachment; filename=users.xlsx'));

      await expect(exportGrid(request)).resolves.toMatchObject({ fileName: 'users.xlsx' });
      expect(fetchMock.mock.calls[2]![1]?.headers).toMatchObject({ Authorization: 'Bearer access-2' });
    });
  });
});
