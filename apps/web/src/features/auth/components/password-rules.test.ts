import { isValidPassword } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { passwordRuleChecks } from './password-rules';

const unmet = (value: string) =>
  passwordRuleChecks(value)
    .filter((check) => !check.met)
    .map((check) => check.key);

describe('passwordRuleChecks', () => {
  it.each([
    '',
    'a',
    'abcdef',
    'ABCDEF1',
    'abcDE1',
    'abc DE1',
    'Demo1234!',
    'Ü1aaaaA',
    ' \tAa1xyz',
    'aaaaaaaaaA9',
  ])('meets every part exactly when the contracts rule accepts %j', (value) => {
    expect(unmet(value).length === 0).toBe(isValidPassword(value));
  });

  it('names the parts a password still lacks', () => {
    expect(unmet('abc')).toEqual(['minLength', 'uppercase', 'digit']);
    expect(unmet('Abc 12')).toEqual(['noWhitespace']);
    expect(unmet('')).toEqual(['minLength', 'lowercase', 'uppercase', 'digit', 'noWhitespace']);
  });
});
