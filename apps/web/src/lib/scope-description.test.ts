import { ALL_SCOPES } from '@loupe/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import ar from '../locales/ar/roles.json';
import en from '../locales/en/roles.json';
import tr from '../locales/tr/roles.json';
import { memoryStorage } from './test-storage';

vi.stubGlobal('localStorage', memoryStorage());
const { changeLocale, i18n, loadAllCatalogues } = await import('./i18n');
const { scopeDescription } = await import('./scope-description');

describe('scope descriptions', () => {
  // Scope descriptions are read on signed-in screens, which load every namespace (the roles' among them).
  beforeAll(() => loadAllCatalogues());

  it('describe every known scope in Turkish, English and Arabic, and nothing else', () => {
    for (const catalogue of [tr.scopes, en.scopes, ar.scopes]) {
      expect(Object.keys(catalogue).sort()).toEqual([...ALL_SCOPES].sort());
      for (const text of Object.values(catalogue)) expect(text.trim()).not.toBe('');
    }
  });

  it('are found although a scope holds a colon, in the current language', async () => {
    const t = i18n.getFixedT(null, 'roles');
    expect(scopeDescription(t, 'report:read')).toBe('Raporları ve panoları görüntüleme');
    expect(scopeDescription(t, 'onSiteSurvey:manage')).toBe(tr.scopes['onSiteSurvey:manage']);
    await changeLocale('en');
    expect(scopeDescription(i18n.getFixedT(null, 'roles'), 'report:read')).toBe(
      'View reports and dashboards',
    );
    await changeLocale('ar');
    expect(scopeDescription(i18n.getFixedT(null, 'roles'), 'user:read')).toBe('عرض المستخدمين');
    await changeLocale('tr');
  });

  it('read as the scope itself when the scope is unknown', () => {
    expect(scopeDescription(i18n.getFixedT(null, 'roles'), 'future:scope')).toBe('future:scope');
  });
});
