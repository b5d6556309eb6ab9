import type { Bootstrap } from '@loupe/contracts';
import { useEffect } from 'react';
import { applyTokenStorage, parseTokenStorage } from '@/lib/auth';
import { configurationOf } from '@/lib/bootstrap';
import { applyBootstrapLanguage } from '@/lib/i18n';

// Once per bootstrap answer: a refetch or a re-render must not undo a language the user chose since.
const applied = new WeakSet<Bootstrap>();

/** Applies what bootstrap configures for the console: token storage, language preference, translation overrides. */
export function useBootstrapSettings(bootstrap: Bootstrap | undefined): void {
  useEffect(() => {
    if (!bootstrap || applied.has(bootstrap)) return;
    applied.add(bootstrap);
    applyTokenStorage(parseTokenStorage(configurationOf(bootstrap, 'TokenStorage')));
    void applyBootstrapLanguage({
      preference: bootstrap.LanguagePreference,
      translations: bootstrap.Translation,
    });
  }, [bootstrap]);
}
