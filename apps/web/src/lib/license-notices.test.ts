import type { LicenseInfo } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { licenseNotices } from './license-notices';

const license = (fields: Partial<LicenseInfo> = {}): LicenseInfo => ({
  IsValid: true,
  ExpireIn: 365,
  SessionLimitPerYear: 0,
  SessionCount: 0,
  ExternalSurveySessionLimitPerYear: 0,
  ExternalSurveySessionCount: 0,
  DataRetentionTimeInMonths: 0,
  ...fields,
});

// 2025-06-10 is a Tuesday, 2025-06-09 a Monday.
const tuesday = new Date(2025, 5, 10, 12);
const monday = new Date(2025, 5, 9, 12);

describe('licenseNotices', () => {
  it('says nothing for a healthy licence', () => {
    expect(licenseNotices(license(), tuesday)).toEqual([]);
  });

  it('warns 60 days before expiry and turns to an error at 30', () => {
    expect(licenseNotices(license({ ExpireIn: 61 }), tuesday)).toEqual([]);
    expect(licenseNotices(license({ ExpireIn: 60 }), tuesday)).toEqual([
      { kind: 'licenseExpiring', level: 'warning', days: 60 },
    ]);
    expect(licenseNotices(license({ ExpireIn: 31 }), tuesday)[0]).toMatchObject({ level: 'warning' });
    expect(licenseNotices(license({ ExpireIn: 30 }), tuesday)[0]).toMatchObject({ level: 'error', days: 30 });
    expect(licenseNotices(license({ ExpireIn: 1 }), tuesday)[0]).toMatchObject({ level: 'error', days: 1 });
  });

  it('leaves an invalid licence to the footer', () => {
    expect(licenseNotices(license({ IsValid: false, ExpireIn: 0 }), tuesday)).toEqual([]);
  });

  it('warns when 2000 or fewer sessions remain', () => {
    expect(licenseNotices(license({ SessionLimitPerYear: 10_000, SessionCount: 7_999 }), tuesday)).toEqual(
      [],
    );
    expect(licenseNotices(license({ SessionLimitPerYear: 10_000, SessionCount: 8_000 }), tuesday)).toEqual([
      { kind: 'sessionLimit', level: 'warning', remaining: 2_000, limit: 10_000 },
    ]);
  });

  it('warns from 20000 remaining on Mondays', () => {
    const nearly = license({ SessionLimitPerYear: 100_000, SessionCount: 80_000 });
    expect(licenseNotices(nearly, tuesday)).toEqual([]);
    expect(licenseNotices(nearly, monday)).toEqual([
      { kind: 'sessionLimit', level: 'warning', remaining: 20_000, limit: 100_000 },
    ]);
  });

  it('reports the limit reached at 0 remaining or below', () => {
    expect(licenseNotices(license({ SessionLimitPerYear: 500, SessionCount: 500 }), tuesday)).toEqual([
      { kind: 'sessionLimitReached', level: 'error', limit: 500 },
    ]);
    expect(
      licenseNotices(license({ SessionLimitPerYear: 500, SessionCount: 900 }), tuesday)[0],
    ).toMatchObject({
      kind: 'sessionLimitReached',
    });
  });

  it('treats a limit of 0 as unlimited', () => {
    expect(licenseNotices(license({ SessionLimitPerYear: 0, SessionCount: 9_999_999 }), monday)).toEqual([]);
  });

  it('does the same for external survey sessions, after the licence and session notices', () => {
    const notices = licenseNotices(
      license({
        ExpireIn: 10,
        SessionLimitPerYear: 1_000,
        SessionCount: 1_000,
        ExternalSurveySessionLimitPerYear: 5_000,
        ExternalSurveySessionCount: 4_000,
      }),
      tuesday,
    );
    expect(notices.map((notice) => notice.kind)).toEqual([
      'licenseExpiring',
      'sessionLimitReached',
      'externalSessionLimit',
    ]);
    expect(notices[2]).toMatchObject({ remaining: 1_000, limit: 5_000 });
  });
});
