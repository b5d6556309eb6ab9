import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type Translate = (key: string, options: { nsSeparator: false; defaultValue: string }) => string;

/**
 * A scope's translated description, `roles:scopes.<scope>`. Scopes hold a colon (`report:read`), which i18next
 * would read as a namespace separator, so the lookup turns that off; an unknown scope reads as its name.
 */
export function scopeDescription(t: TFunction<'roles'>, scope: string): string {
  return (t as unknown as Translate)(`scopes.${scope}`, { nsSeparator: false, defaultValue: scope });
}

export function useScopeDescription(): (scope: string) => string {
  const { t } = useTranslation('roles');
  return (scope) => scopeDescription(t, scope);
}
