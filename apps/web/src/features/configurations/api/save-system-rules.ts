import { systemRulesSchema, type SystemRules } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { configurationKeys } from './configuration-keys';

/** `PUT /api/system-rules`: the saved rules, or 400 3333 (a rule broken). */
function saveSystemRules(body: SystemRules): Promise<SystemRules> {
  return apiRequest({
    path: '/api/system-rules',
    method: 'PUT',
    body,
    schema: systemRulesSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveSystemRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSystemRules,
    onSuccess: (saved) => queryClient.setQueryData(configurationKeys.rules, saved),
  });
}
