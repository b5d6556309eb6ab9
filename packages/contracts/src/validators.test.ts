import { describe, expect, it } from 'vitest';
import { isValidPassword } from './validators.js';

describe('isValidPassword', () => {
  it.each(['Demo1234!', 'aB3def', 'Çok1GüçlüParola', 'x'.repeat(200) + 'A1'])('accepts %s', (password) => {
    expect(isValidPassword(password)).toBe(true);
  });

  it.each([
    ['too short', 'aB3de'],
    ['empty', ''],
    ['no digit', 'Abcdefgh'],
    ['no upper-case letter', 'abcdef12'],
    ['no lower-case letter', 'ABCDEF12'],
    ['a space inside', 'Demo 1234'],
    ['a leading space', ' Demo1234'],
    ['a trailing tab', 'Demo1234\t'],
    ['a newline', 'Demo\n1234'],
  ])('refuses a password with %s', (_reason, password) => {
    expect(isValidPassword(password)).toBe(false);
  });
});
