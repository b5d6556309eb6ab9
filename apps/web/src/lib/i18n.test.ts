import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './test-storage';

vi.stubGlobal('localStorage', memoryStorage());
const {
  applyBootstrapLanguage,
  changeLocale,
  chooseLocale,
  currentLocale,
  i18n,
  i18nReady,
  loadAllCatalogues,
} = await import('./i18n');

describe('chooseLocale', () => {
  it('takes the configuration preference first', () => {
    expect(chooseLocale({ preference: 'en-US', saved: 'ar', browser: ['fr-FR'] })).toBe('en');
  });

  it('then the saved locale', () => {
    expect(chooseLocale({ preference: null, saved: 'ar', browser: ['fr-FR'] })).toBe('ar');
  });

  it('then the first browser language the console has', () => {
    expect(chooseLocale({ preference: null, saved: null, browser: ['de-DE', 'ru-RU', 'en'] })).toBe('ru');
  });

  it('then Turkish, the default catalogue', () => {
    expect(chooseLocale({ preference: 'xx', saved: 'de', browser: ['ja'] })).toBe('tr');
  });
});

describe('signed-out catalogues', () => {
  beforeAll(() => i18nReady);

  it("starts with the signed-out pages' namespaces, and loads the rest when the signed-in app asks", async () => {
    expect(i18n.t('auth:signIn.title')).toBe('Oturum açın');
    expect(i18n.hasResourceBundle('tr', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('tr', 'shell')).toBe(false);
    await loadAllCatalogues();
    expect(i18n.t('shell:screens.users')).toBe('Kullanıcılar');
  });
});

describe('catalogues', () => {
  beforeAll(() => loadAllCatalogues());
  afterEach(() => changeLocale('tr'));

  it('reads Turkish and English from the bundle', async () => {
    expect(i18n.t('shell:screens.users')).toBe('Kullanıcılar');
    await changeLocale('en');
    expect(i18n.t('shell:screens.users')).toBe('Users');
    expect(localStorage.getItem('loupe.locale')).toBe('en');
  });

  it('loads Arabic on demand, right to left, its error texts too', async () => {
    await changeLocale('ar');
    expect(currentLocale()).toBe('ar');
    expect(i18n.dir()).toBe('rtl');
    expect(i18n.t('shell:screens.users')).toBe('المستخدمون');
    expect(i18n.t('errorCodes.2500')).toBe('يجب أن يكون اسم التقرير فريدًا.');
    expect(i18n.t('widgetCatalogue:widget.npsGauge')).toBe('مقياس NPS');
  });

  it('falls back to English key by key for a language without catalogues', async () => {
    await changeLocale('fr');
    expect(currentLocale()).toBe('fr');
    expect(i18n.t('shell:menu.notBuilt')).toBe('Available in a later release');
  });

  it('looks up shared words through the common namespace from any namespace', () => {
    expect(i18n.t('common.close', { ns: 'shell' })).toBe('Kapat');
  });
});

describe('applyBootstrapLanguage', () => {
  beforeAll(() => i18nReady);
  afterEach(async () => {
    await applyBootstrapLanguage({ preference: null, translations: [] });
    await changeLocale('tr');
  });

  it('merges overrides over the catalogues, by namespace or into common', async () => {
    await applyBootstrapLanguage({
      preference: null,
      translations: [
        {
          Language: 'tr-TR',
          Value: JSON.stringify({
            shell: { screens: { users: 'Personel' } },
            app: { tagline: 'Banka konsolu' },
          }),
        },
        { Language: 'xx', Value: '{}' },
        { Language: 'en', Value: 'not json' },
      ],
    });
    expect(i18n.t('shell:screens.users')).toBe('Personel');
    // Deep merge: the neighbours stay.
    expect(i18n.t('shell:screens.roles')).toBe('Roller');
    expect(i18n.t('app.tagline')).toBe('Banka konsolu');
  });

  it('applies overrides of a language loaded later', async () => {
    await applyBootstrapLanguage({
      preference: null,
      translations: [
        { Language: 'ar', Value: JSON.stringify({ shell: { screens: { roles: 'الأدوار المخصصة' } } }) },
      ],
    });
    await changeLocale('ar');
    expect(i18n.t('shell:screens.roles')).toBe('الأدوار المخصصة');
  });

  it('switches to the configuration preference and remembers it for the next visit', async () => {
    await applyBootstrapLanguage({ preference: 'en-us', translations: [] });
    expect(currentLocale()).toBe('en');
    expect(localStorage.getItem('loupe.languagePreference')).toBe('en');
  });
});
