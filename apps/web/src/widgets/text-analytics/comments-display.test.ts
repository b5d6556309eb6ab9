import { describe, expect, it } from 'vitest';
import {
  canOpenResponses,
  commentDate,
  commentsPageParams,
  commentsPageSize,
  commentTexts,
  isSmallCommentsLayout,
  languageName,
  responsesAnalyzerPath,
  sentimentTagColor,
} from './comments-display';

describe('comment highlights (reports spec §2, §6, §9)', () => {
  it('shows the original and offers the translation only when there is one', () => {
    expect(
      commentTexts({
        Text: 'Staff were kind',
        TextOrig: 'Personel nazikti',
        Language: 'en',
        LanguageOrig: 'tr',
      }),
    ).toEqual({
      original: { text: 'Personel nazikti', language: 'tr' },
      translation: { text: 'Staff were kind', language: 'en' },
    });
    // Not translated: both texts the same, or no translation sent.
    expect(
      commentTexts({ Text: 'Çok iyi', TextOrig: 'Çok iyi', Language: 'tr', LanguageOrig: 'tr' }).translation,
    ).toBeNull();
    expect(commentTexts({ Text: '', TextOrig: 'Çok iyi', Language: null, LanguageOrig: 'tr' })).toEqual({
      original: { text: 'Çok iyi', language: 'tr' },
      translation: null,
    });
    // No original sent: Text is the comment.
    expect(commentTexts({ Text: 'Good', TextOrig: '', Language: 'en', LanguageOrig: null })).toEqual({
      original: { text: 'Good', language: 'en' },
      translation: null,
    });
  });

  it('colours sentiment chips: 4 positive, 2 neutral, otherwise negative', () => {
    expect([4, 2, 0, -1, null].map(sentimentTagColor)).toEqual([
      'success',
      'warning',
      'error',
      'error',
      'error',
    ]);
  });

  it('opens responses for the spec scopes only', () => {
    for (const scope of [
      'survey:read',
      'survey:manage',
      'response:readall',
      'response:readlimited',
      'externalSurvey:manage',
      'topicExplorer',
    ]) {
      expect(canOpenResponses(['report:read', scope]), scope).toBe(true);
    }
    expect(canOpenResponses(['report:read', 'report:manage', 'topicDiscovery'])).toBe(false);
    expect(responsesAnalyzerPath(42)).toBe('/responses-analyzer/42');
  });

  it('pages 10 comments by default among the table page sizes', () => {
    expect(commentsPageSize(undefined)).toBe(10);
    expect(commentsPageSize(25)).toBe(25);
    expect(commentsPageSize(7)).toBe(10);
    expect(commentsPageParams(3, 10).toString()).toBe('%24top=10&%24skip=20');
    expect(commentsPageParams(1, 5).toString()).toBe('%24top=5&%24skip=0');
  });

  it('is small at a width of 3 or less', () => {
    expect([2, 3, 4, 6].map(isSmallCommentsLayout)).toEqual([true, true, false, false]);
  });

  it('writes dates as DD/MM/YYYY HH:mm', () => {
    expect(commentDate('2024-03-05T14:07:00')).toBe('05/03/2024 14:07');
    expect(commentDate('not a date')).toBe('');
  });

  it('names languages in the interface language', () => {
    expect(languageName('en', 'en')).toBe('English');
    expect(languageName('tr', 'tr')).toBe('Türkçe');
    expect(languageName(null, 'en')).toBeNull();
  });
});
