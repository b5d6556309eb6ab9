import { captchaSchema, type Captcha } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/captcha`: a new single-use challenge (5 characters, valid 5 minutes). */
function getCaptcha(signal?: AbortSignal): Promise<Captcha> {
  return apiRequest({ path: '/api/captcha', schema: captchaSchema, signal, showErrorDialog: false });
}

function captchaQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'captcha'],
    queryFn: ({ signal }) => getCaptcha(signal),
    // A challenge is used up by one attempt; the form asks for a new one itself.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useCaptcha({ enabled }: { enabled: boolean }) {
  return useQuery({ ...captchaQueryOptions(), enabled });
}
