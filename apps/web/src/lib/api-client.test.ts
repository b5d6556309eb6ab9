import { CONSOLE_CLIENT_ID } from '@loupe/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// The client runs in the browser; these tests give it the storage and document it touches.
vi.hoisted(() => {
  const memoryStorage = (): Storage => {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      clear: () => items.clear(),
      getItem: (key) => items.get(key) ?? null,
      key: (index) => [...items.keys()][index] ?? null,
      removeItem: (key) => void items.delete(key),
      setItem: (key, value) => void items.set(key, String(value)),
    };
  };
  Object.assign(globalThis, {
    sessionStorage: memoryStorage(),
    localStorage: memoryStorage(),
    document: { documentElement: {} },
  });
});

const { apiDownload, apiRequest, ApiError, fileNameFromContentDisposition, refreshAccessToken } =
  await import('./api-client');
const { getSession, saveSession, lastSessionEnd } = await import('./auth');

const okSchema = z.object({ Ok: z.boolean() });

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

const unauthorized = { Code: 401, Message: 'Unauthorized', SupportId: 'req-1' };

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    saveSession(tokens('1'));
  });

  afterEach(() => {
    fetchMock.mockReset();
    sessionStorage.clear();
  });

  it('sends the bearer token, language and time zone offset', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { Ok: true }));

    await expect(apiRequest({ path: '/api/thing', schema: okSchema })).resolves.toEqual({ Ok: true });

    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/thing');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer access-1',
      Language: 'tr',
      TimezoneOffset: String(new Date().getTimezoneOffset()),
    });
  });

  it('sends a FormData body as it is, leaving the multipart Content-Type to the browser', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { Ok: true }));
    const form = new FormData();
    form.append('SurveyId', '7');

    await apiRequest({ path: '/api/upload', method: 'POST', body: form, schema: okSchema });

    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, unauthorized))
      .mockResolvedValueOnce(json(200, tokens('2')))
      .mockResolvedValueOnce(json(200, { Ok: true }));

    await expect(apiRequest({ path: '/api/thing', schema: okSchema })).resolves.toEqual({ Ok: true });

    const [refreshPath, refreshInit] = fetchMock.mock.calls[1]!;
    expect(refreshPath).toBe('/token');
    expect(Object.fromEntries(refreshInit?.body as URLSearchParams)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: CONSOLE_CLIENT_ID,
    });
    expect(fetchMock.mock.calls[2]![1]?.headers).toMatchObject({ Authorization: 'Bearer access-2' });
    expect(getSession()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('ends the session when the refresh token is refused', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, unauthorized))
      .mockResolvedValueOnce(json(400, { error: 'invalid_grant', error_description: 'expired' }));

    const failure = apiRequest({ path: '/api/thing', schema: okSchema });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, code: 401, supportId: 'req-1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getSession()).toBeNull();
    expect(lastSessionEnd()).toBe('expired');
  });

  it('shares one refresh between calls that fail together', async () => {
    fetchMock.mockImplementation((input, init) => {
      if (input === '/token') return Promise.resolve(json(200, tokens('2')));
      const authorization = (init?.headers as Record<string, string>).Authorization;
      return Promise.resolve(
        authorization === 'Bearer access-2' ? json(200, { Ok: true }) : json(401, unauthorized),
      );
    });

    await Promise.all([
      apiRequest({ path: '/api/a', schema: okSchema }),
      apiRequest({ path: '/api/b', schema: okSchema }),
    ]);

    expect(fetchMock.mock.calls.filter(([input]) => input === '/token')).toHaveLength(1);
  });

  it('carries the server error code and support id', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, { Code: 2500, Message: 'Report name must be unique.', SupportId: 'req-9' }),
    );

    await expect(apiRequest({ path: '/api/reports', schema: okSchema })).rejects.toMatchObject({
      status: 409,
      code: 2500,
      supportId: 'req-9',
    });
  });

  it('carries the refused fields of the answer (Details)', async () => {
    const details = [{ Path: 'body/InviteeEmail', Message: 'Invalid email' }];
    fetchMock.mockResolvedValueOnce(
      json(400, { Code: 3333, Message: 'm', SupportId: 's', Details: details }),
    );

    await expect(apiRequest({ path: '/api/invitees', schema: okSchema })).rejects.toMatchObject({
      code: 3333,
      details,
    });
  });

  describe('marking failures for the global error dialog', () => {
    const failWith = (status: number) =>
      fetchMock.mockResolvedValueOnce(
        json(status, { Code: status === 400 ? 3333 : status, Message: 'm', SupportId: 's-1' }),
      );
    const failure = (request: Partial<Parameters<typeof apiRequest>[0]> = {}) =>
      apiRequest({ path: '/api/a', schema: okSchema, ...request }).then(
        () => expect.unreachable(),
        (error: unknown) => error as InstanceType<typeof ApiError>,
      );

    it('marks HTTP 400 and 5xx answers', async () => {
      failWith(400);
      expect(await failure()).toMatchObject({ status: 400, code: 3333, forErrorDialog: true });
      failWith(500);
      expect(await failure()).toMatchObject({ status: 500, forErrorDialog: true });
    });

    it('leaves other statuses to the caller', async () => {
      failWith(404);
      expect(await failure()).toMatchObject({ status: 404, forErrorDialog: false });
      failWith(409);
      expect(await failure()).toMatchObject({ status: 409, forErrorDialog: false });
    });

    it('leaves out a call that opts out', async () => {
      failWith(500);
      expect(await failure({ showErrorDialog: false })).toMatchObject({ forErrorDialog: false });
    });

    it('marks only server errors for a form that shows its 400s inline', async () => {
      failWith(400);
      expect(await failure({ showErrorDialog: 'serverErrorsOnly' })).toMatchObject({ forErrorDialog: false });
      failWith(503);
      expect(await failure({ showErrorDialog: 'serverErrorsOnly' })).toMatchObject({ forErrorDialog: true });
    });
  });
});

describe('apiDownload', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const bytes = new Uint8Array([0x50, 0x4b, 3, 4]);
  const file = (disposition: string | null) =>
    new Response(bytes, { status: 200, headers: disposition ? { 'Content-Disposition': disposition } : {} });

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    saveSession(tokens('1'));
  });

  afterEach(() => {
    fetchMock.mockReset();
    sessionStorage.clear();
  });

  it("posts with the caller's headers and returns the file and its name", async () => {
    fetchMock.mockResolvedValueOnce(file("attachment; filename*=UTF-8''Rapor%20%C3%B6zet.xlsx"));

    const { blob, fileName } = await apiDownload({
      path: '/api/users/export',
      method: 'POST',
      body: { A: 1 },
    });

    expect(fileName).toBe('Rapor özet.xlsx');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/users/export');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"A":1}');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer access-1',
      Language: 'tr',
      'Content-Type': 'application/json',
    });
  });

  it('has no name when the server gives none', async () => {
    fetchMock.mockResolvedValueOnce(file(null));

    await expect(apiDownload({ path: '/api/file' })).resolves.toMatchObject({ fileName: undefined });
  });

  it('refreshes once on a 401 and downloads with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, unauthorized))
      .mockResolvedValueOnce(json(200, tokens('2')))
      .mockResolvedValueOnce(file('attachment; filename="a.xlsx"'));

    await expect(apiDownload({ path: '/api/file' })).resolves.toMatchObject({ fileName: 'a.xlsx' });
    expect(fetchMock.mock.calls[2]![1]?.headers).toMatchObject({ Authorization: 'Bearer access-2' });
  });

  it('ends the session when the refresh token is refused', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, unauthorized))
      .mockResolvedValueOnce(json(400, { error: 'invalid_grant', error_description: 'expired' }));

    await expect(apiDownload({ path: '/api/file' })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(lastSessionEnd()).toBe('expired');
  });

  it('fails with the server error, marked for the dialog unless the caller opts out', async () => {
    const refusal = () => json(400, { Code: 11002, Message: 'No data', SupportId: 's-7' });
    fetchMock.mockResolvedValueOnce(refusal()).mockResolvedValueOnce(refusal());

    await expect(apiDownload({ path: '/api/file', method: 'POST' })).rejects.toMatchObject({
      status: 400,
      code: 11002,
      supportId: 's-7',
      forErrorDialog: true,
    });
    await expect(
      apiDownload({ path: '/api/file', method: 'POST', showErrorDialog: false }),
    ).rejects.toMatchObject({
      code: 11002,
      forErrorDialog: false,
    });
  });
});

describe('refreshAccessToken', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    sessionStorage.clear();
  });

  it('saves new tokens', async () => {
    saveSession(tokens('1'));
    fetchMock.mockResolvedValueOnce(json(200, tokens('2')));

    await expect(refreshAccessToken()).resolves.toBe(true);
    expect(getSession()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('ends the session on invalid_grant', async () => {
    saveSession(tokens('1'));
    fetchMock.mockResolvedValueOnce(json(400, { error: 'invalid_grant', error_description: 'revoked' }));

    await expect(refreshAccessToken()).resolves.toBe(false);
    expect(getSession()).toBeNull();
    expect(lastSessionEnd()).toBe('expired');
  });

  it('does not call the server without a session', async () => {
    await expect(refreshAccessToken()).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="users.xlsx"', 'users.xlsx'],
    ['attachment; filename=users.xlsx', 'users.xlsx'],
    ['attachment;filename = "with; semicolon.xlsx"', 'with; semicolon.xlsx'],
    ['attachment; filename="say \\"hi\\".xlsx"', 'say "hi".xlsx'],
    ["attachment; filename*=UTF-8''Kullan%C4%B1c%C4%B1lar%202026.xlsx", 'Kullanıcılar 2026.xlsx'],
    ["attachment; filename*=utf-8'tr'%C3%BCr%C3%BCn.xlsx", 'ürün.xlsx'],
    ["attachment; filename*=ISO-8859-1''caf%E9.xlsx", 'café.xlsx'],
    ['filename="no-type.xlsx"', 'no-type.xlsx'],
    ['ATTACHMENT; FILENAME="upper.xlsx"', 'upper.xlsx'],
  ])('reads %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });

  it('prefers filename* over filename, in either order', () => {
    expect(
      fileNameFromContentDisposition('attachment; filename="a.xlsx"; filename*=UTF-8\'\'%C3%A7.xlsx'),
    ).toBe('ç.xlsx');
    expect(
      fileNameFromContentDisposition('attachment; filename*=UTF-8\'\'%C3%A7.xlsx; filename="a.xlsx"'),
    ).toBe('ç.xlsx');
  });

  it('falls back to filename when filename* is malformed or of another charset', () => {
    expect(
      fileNameFromContentDisposition("attachment; filename*=UTF-8''%E0%A4%A.xlsx; filename=b.xlsx"),
    ).toBe('b.xlsx');
    expect(fileNameFromContentDisposition("attachment; filename*=KOI8-R''%C1.xlsx; filename=c.xlsx")).toBe(
      'c.xlsx',
    );
    expect(fileNameFromContentDisposition('attachment; filename*=no-quotes.xlsx; filename=d.xlsx')).toBe(
      'd.xlsx',
    );
  });

  it('keeps only the last path segment, without control characters', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''..%5C..%5Cwin.ini")).toBe('win.ini');
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''a%0D%0Ab.xlsx")).toBe('ab.xlsx');
  });

  it.each([
    null,
    undefined,
    '',
    'attachment',
    'inline',
    'attachment; filename=""',
    'attachment; filename=".."',
  ])('has no name for %j', (header) => {
    expect(fileNameFromContentDisposition(header)).toBeUndefined();
  });
});
