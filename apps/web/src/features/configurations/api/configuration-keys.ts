/** Query keys of this feature's records; the lists are grids (`gridQueryKey(endpoint)`). */
export const configurationKeys = {
  system: (id: number) => ['configurations', 'system', id] as const,
  service: (id: number) => ['configurations', 'service', id] as const,
  rules: ['configurations', 'system-rules'] as const,
};

export const SYSTEM_CONFIGURATIONS_ENDPOINT = '/api/system-configurations';
export const SERVICE_CONFIGURATIONS_ENDPOINT = '/api/service-configurations';
