import { useTranslation } from 'react-i18next';

type Translate = (key: string, options: { nsSeparator: false; defaultValue: string }) => string;

/**
 * A scope's translated description, from the roles screen's catalogue (`roles:scopes.<scope>`): one wording for
 * both forms. The colon in a scope would read as a namespace separator, so the lookup turns that off.
 */
export function useScopeDescription(): (scope: string) => string {
  const { t } = useTranslation('roles');
  return (scope) =>
    (t as unknown as Translate)(`scopes.${scope}`, { nsSeparator: false, defaultValue: scope });
}
