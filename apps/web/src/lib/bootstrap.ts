import { bootstrapSchema, parseJsonObject, type Bootstrap } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { currentLocale } from './i18n';

/*
 * `GET /api/bootstrap/{locale}`: the signed-in user with their scopes, the licence, version, configuration
 * and translation overrides. Loaded once per sign-in and shared by every screen (shell spec §4: "configuration
 * lists load once and are reused").
 */
export const bootstrapQueryKey = ['bootstrap'] as const;

function bootstrapQueryOptions() {
  return queryOptions({
    queryKey: bootstrapQueryKey,
    queryFn: ({ signal }) =>
      apiRequest({ path: `/api/bootstrap/${currentLocale()}`, schema: bootstrapSchema, signal }),
    staleTime: Infinity,
  });
}

export function useBootstrap() {
  return useQuery(bootstrapQueryOptions());
}

/** The JSON text of a configuration section synced to the client (`Configurations[].JsonConfig`). */
export function configurationOf(
  bootstrap: Pick<Bootstrap, 'Configurations'>,
  section: string,
): string | undefined {
  return bootstrap.Configurations.find((configuration) => configuration.Section === section)?.JsonConfig;
}

/** A configuration section parsed as a JSON object, or undefined when missing or malformed. */
export function configurationObject(
  bootstrap: Pick<Bootstrap, 'Configurations'>,
  section: string,
): Record<string, unknown> | undefined {
  return parseJsonObject(configurationOf(bootstrap, section));
}

/**
 * The support contact from the configuration section 'Support' (`{ "Email"?, "Phone"?, "Text"? }`), as the
 * error dialog lists it; undefined when none is configured.
 */
export function supportContactOf(bootstrap: Pick<Bootstrap, 'Configurations'>): string | undefined {
  const support = configurationObject(bootstrap, 'Support');
  if (!support) return undefined;
  const parts = ['Text', 'Email', 'Phone']
    .map((field) => support[field])
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
