import { describe, expect, it } from 'vitest';
import {
  configurationSectionIssues,
  isCheckedConfigurationSection,
} from './configuration-sections.schema.js';

describe('configurationSectionIssues', () => {
  it('leaves sections the console does not read alone', () => {
    expect(isCheckedConfigurationSection('Theme')).toBe(false);
    expect(configurationSectionIssues('Theme', '{"Language":5}')).toEqual([]);
    // Names match exactly, as the readers match them.
    expect(configurationSectionIssues('languagepreference', '{"Language":5}')).toEqual([]);
  });

  it('names each wrong field with its texts', () => {
    const [issue, ...rest] = configurationSectionIssues('LanguagePreference', '{"Language":5}');
    expect(rest).toEqual([]);
    expect(issue?.field).toBe('Language');
    expect(issue?.message.en).toMatch(/^Language must be one of .*tr, en/);
    expect(issue?.message.tr).toMatch(/olmalıdır/);
    expect(
      configurationSectionIssues('Support', '{"Email":"x","Phone":7}')
        .map((found) => found.field)
        .sort(),
    ).toEqual(['Email', 'Phone']);
  });

  it('refuses a whole value of the wrong kind, and text that does not parse', () => {
    expect(configurationSectionIssues('TokenStorage', '["local"]').map((found) => found.field)).toEqual(['']);
    expect(configurationSectionIssues('TokenStorage', '{"Storage":').map((found) => found.field)).toEqual([
      '',
    ]);
  });

  it('accepts good values, with extra keys', () => {
    expect(configurationSectionIssues('LanguagePreference', '{"Language":"tr-TR","Note":1}')).toEqual([]);
    expect(configurationSectionIssues('TokenStorage', '{"Storage":"local"}')).toEqual([]);
    expect(configurationSectionIssues('FeedbackSurvey', '{"SurveyId":2147483647}')).toEqual([]);
    expect(configurationSectionIssues('TenantLimit', '{"MaxTenants":0}')).toEqual([]);
  });
});
