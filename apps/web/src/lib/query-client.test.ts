import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './test-storage';

vi.stubGlobal('localStorage', memoryStorage());
vi.stubGlobal('sessionStorage', memoryStorage());
const { ApiError } = await import('./api-client');
const { onReportedError } = await import('./error-bus');
const { queryClient } = await import('./query-client');

type Reported = { status: number; code: number };

const serverError = (forErrorDialog: boolean) =>
  new ApiError({ status: 500, code: 500, message: 'boom', supportId: 's-1', forErrorDialog });

describe('the query client and the error dialog', () => {
  const reported = vi.fn<(error: Reported) => void>();
  let stop: () => void;

  beforeEach(() => {
    stop = onReportedError(reported);
  });

  afterEach(() => {
    stop();
    reported.mockReset();
    queryClient.clear();
  });

  it('reports a failing query once, after its retries', async () => {
    const queryFn = vi.fn(() => Promise.reject(serverError(true)));
    await expect(
      queryClient.fetchQuery({ queryKey: ['failing'], queryFn, retry: 2, retryDelay: 0 }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(reported).toHaveBeenCalledTimes(1);
    expect(reported.mock.calls[0]![0]).toMatchObject({ status: 500, code: 500 });
  });

  it('reports a failing mutation', async () => {
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => Promise.reject(serverError(true)),
    });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(reported).toHaveBeenCalledTimes(1);
  });

  it('keeps quiet about failures not meant for the dialog', async () => {
    await expect(
      queryClient.fetchQuery({
        queryKey: ['quiet'],
        queryFn: () => Promise.reject(serverError(false)),
        retry: false,
      }),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(
      queryClient.fetchQuery({
        queryKey: ['network'],
        queryFn: () => Promise.reject(new TypeError('offline')),
        retry: false,
      }),
    ).rejects.toBeInstanceOf(TypeError);
    expect(reported).not.toHaveBeenCalled();
  });
});
