import { describe, expect, it } from 'vitest';
import { ApiError, TokenRequestError } from '@/lib/api-client';
import { linkProblem } from './link-problem';

const apiError = (status: number, code: number) =>
  new ApiError({ status, code, message: 'link', supportId: 'req-1' });

describe('linkProblem', () => {
  it('reads 410 / 20002 as an expired link and 404 / 20001 as an invalid one', () => {
    expect(linkProblem(apiError(410, 20002))).toBe('expired');
    expect(linkProblem(apiError(404, 20001))).toBe('invalid');
  });

  it('leaves other failures to the generic message', () => {
    expect(linkProblem(apiError(500, 500))).toBeNull();
    expect(linkProblem(apiError(400, 3333))).toBeNull();
    expect(linkProblem(new TokenRequestError('invalid_grant', 'no'))).toBeNull();
    expect(linkProblem(new TypeError('Failed to fetch'))).toBeNull();
    expect(linkProblem(null)).toBeNull();
  });
});
