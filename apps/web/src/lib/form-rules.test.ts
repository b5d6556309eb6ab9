import {
  VALIDATION_MESSAGES,
  arrayLength,
  cronExpression,
  emptyOr,
  frequency,
  httpUrl,
  maxLength,
  maxValue,
  minValue,
  passwordRule,
  topicNotation,
} from '@loupe/contracts';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z, type ZodType } from 'zod';
import { memoryStorage } from './test-storage';

vi.stubGlobal('localStorage', memoryStorage());
const { changeLocale, i18n, i18nReady } = await import('./i18n');
const { jsonFieldRule, zodRule } = await import('./form-rules');

type Rule = ReturnType<typeof zodRule>;

/** What the form shows under the field for `value`: the rule's message, or null when the value passes. */
async function shown(rule: Rule, value: unknown): Promise<string | null> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('expected a validator rule');
  try {
    await rule.validator({}, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const message = (schema: ZodType, value: unknown, t: TFunction<'common'> = i18n.t) =>
  shown(zodRule(schema, t), value);

beforeAll(() => i18nReady);

describe('zodRule with the contracts validators', () => {
  describe('in English', () => {
    beforeAll(() => changeLocale('en'));

    it.each([
      ['cron', cronExpression(), '61 * * * *', 'Cron expression is wrong'],
      [
        'password',
        passwordRule(),
        'abcdef',
        'Password needs at least 6 characters with upper case, lower case and a digit',
      ],
      ['url', httpUrl(), 'ftp://example.com', 'Invalid URL'],
      ['topic', topicNotation(), 'a//b', "Topic must not contain '//' or ','"],
      ['required', cronExpression(), '', 'This field is required'],
      ['required', httpUrl(), undefined, 'This field is required'],
    ])('words %s in the spec catalogue wording', async (_rule, schema, value, expected) => {
      expect(await message(schema, value)).toBe(expected);
    });

    it('interpolates the params the issue carries', async () => {
      expect(await message(arrayLength(z.string(), 2), ['a', 'b', 'c'])).toBe(
        'Selection count should be at most 2',
      );
      expect(await message(frequency(15), 5)).toBe('Frequency (minute) minimum 15');
      expect(await message(maxLength(5), 'abcdef')).toBe('Use at most 5 characters');
      expect(await message(maxValue(100), 101)).toBe('The value must be 100 or less');
      expect(await message(minValue(1), 0)).toBe('The value must be 1 or more');
    });

    it('keeps the inner rule wording through emptyOr, and lets empty through', async () => {
      expect(await message(emptyOr(httpUrl()), 'nope')).toBe('Invalid URL');
      expect(await message(emptyOr(httpUrl()), '')).toBeNull();
    });

    it('passes valid values', async () => {
      expect(await message(cronExpression(), '0 0 * * * +03:00')).toBeNull();
      expect(await message(frequency(15), 15)).toBeNull();
    });

    it('works with a t bound to another namespace', async () => {
      const tUsers = i18n.getFixedT(null, 'users') as unknown as TFunction<'common'>;
      expect(await message(cronExpression(), 'x', tUsers)).toBe('Cron expression is wrong');
      expect(await message(z.string().min(1), '', tUsers)).toBe('This field is required.');
    });

    it('the JSON field rule refuses a plain number and broken JSON', async () => {
      const rule = jsonFieldRule(i18n.t);
      expect(await shown(rule, '42')).toBe('JSON format is wrong');
      expect(await shown(rule, '{"a":')).toBe('JSON format is wrong');
      expect(await shown(rule, '{"a":1}')).toBeNull();
    });
  });

  describe('in Turkish', () => {
    beforeAll(() => changeLocale('tr'));

    it('words the same issues in Turkish with their params', async () => {
      expect(await message(cronExpression(), 'bad')).toBe('Cron ifadesi hatalı');
      expect(await message(arrayLength(z.string(), 3), ['a', 'b', 'c', 'd'])).toBe(
        'En fazla 3 seçim yapılabilir',
      );
      expect(await message(frequency(10), 1)).toBe('Sıklık (dakika) en az 10 olmalıdır');
      expect(await message(httpUrl(), '')).toBe('Bu alan zorunludur');
    });
  });

  it('every validator key has its own text in Turkish and English', async () => {
    const texts = async (language: 'tr' | 'en') => {
      await changeLocale(language);
      return Object.values(VALIDATION_MESSAGES).map((key) => {
        expect(i18n.exists(key), `${language} ${key}`).toBe(true);
        return i18n.t(key);
      });
    };
    const turkish = await texts('tr');
    const english = await texts('en');
    turkish.forEach((text, index) => expect(text).not.toBe(english[index]));
  });
});

describe('zodRule with plain zod checks (unchanged)', () => {
  beforeAll(() => changeLocale('en'));

  it('words zod length checks and anything else from common form.*', async () => {
    expect(await message(z.string().min(1), '')).toBe('This field is required.');
    expect(await message(z.string().min(1), undefined)).toBe('This field is required.');
    expect(await message(z.string().min(3), 'ab')).toBe('Use at least 3 characters.');
    expect(await message(z.string().max(3), 'abcd')).toBe('Use at most 3 characters.');
    expect(await message(z.email(), 'nope')).toBe('This value is not valid.');
    expect(await message(z.string().max(3), 'abc')).toBeNull();
  });
});
