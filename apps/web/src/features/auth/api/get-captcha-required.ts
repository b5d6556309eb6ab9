import { captchaRequiredSchema, type CaptchaRequired } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/captcha/required?login=`: whether the next sign-in of this login (or this address) needs a captcha. */
function getCaptchaRequired(login: string, signal?: AbortSignal): Promise<CaptchaRequired> {
  const query = new URLSearchParams({ login }).toString();
  return apiRequest({
    path: `/api/captcha/required?${query}`,
    schema: captchaRequiredSchema,
    signal,
    showErrorDialog: false,
  });
}

function captchaRequiredQueryOptions(login: string) {
  return queryOptions({
    queryKey: ['auth', 'captcha-required', login.trim().toLowerCase()],
    queryFn: ({ signal }) => getCaptchaRequired(login.trim(), signal),
  });
}

export function useCaptchaRequired(login: string) {
  return useQuery(captchaRequiredQueryOptions(login));
}
