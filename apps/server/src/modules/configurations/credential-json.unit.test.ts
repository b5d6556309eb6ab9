import { describe, expect, it } from 'vitest';
import { CREDENTIAL_MASK, ErrorCode } from '@loupe/contracts';
import { AppError } from '../../errors.js';
import { checkConfigurationJson, maskCredentialJson, restoreMaskedJson } from './credential-json.js';

const M = CREDENTIAL_MASK;

describe('checkConfigurationJson', () => {
  it.each(['{}', '[]', '{"Host":"smtp"}', '[1,2]', ' {"a":{"b":[null]}} '])('accepts %s', (text) => {
    expect(() => checkConfigurationJson(text)).not.toThrow();
  });

  it.each(['', '42', '"text"', 'true', 'null', '{"a":', "{'a':1}", 'not json'])(
    'refuses %j with 17001',
    (text) => {
      let caught: unknown;
      try {
        checkConfigurationJson(text);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).errorCode).toBe(ErrorCode.ConfigurationNotJson);
      expect((caught as AppError).statusCode).toBe(400);
    },
  );
});

describe('maskCredentialJson', () => {
  it('masks every non-empty string, deep, and keeps the shape, numbers, booleans, nulls and empty strings', () => {
    const stored = JSON.stringify({
      Host: 'smtp.example',
      Port: 587,
      Secure: true,
      Password: 's3cret',
      Empty: '',
      Nothing: null,
      Keys: ['k1', 'k2'],
      Nested: { Token: 'abc', List: [{ Secret: 'x', Retries: 3 }] },
    });
    expect(JSON.parse(maskCredentialJson(stored))).toEqual({
      Host: M,
      Port: 587,
      Secure: true,
      Password: M,
      Empty: '',
      Nothing: null,
      Keys: [M, M],
      Nested: { Token: M, List: [{ Secret: M, Retries: 3 }] },
    });
  });

  it('masks text that does not parse as a whole', () => {
    expect(maskCredentialJson('password=s3cret')).toBe(M);
  });
});

describe('restoreMaskedJson', () => {
  const stored = JSON.stringify({
    User: 'mailer',
    Password: 's3cret',
    Keys: ['k1', 'k2'],
    Nested: { Token: 'abc', Port: 25 },
  });

  it('puts the stored secret back wherever the mask came back unchanged', () => {
    const saved = restoreMaskedJson(
      JSON.stringify({ User: M, Password: M, Keys: [M, M], Nested: { Token: M, Port: 26 } }),
      stored,
    );
    expect(JSON.parse(saved)).toEqual({
      User: 'mailer',
      Password: 's3cret',
      Keys: ['k1', 'k2'],
      Nested: { Token: 'abc', Port: 26 },
    });
  });

  it('takes new values, new keys and removals as sent', () => {
    const saved = restoreMaskedJson(
      JSON.stringify({ User: 'other', Password: M, Keys: [M], Extra: 'e' }),
      stored,
    );
    expect(JSON.parse(saved)).toEqual({ User: 'other', Password: 's3cret', Keys: ['k1'], Extra: 'e' });
  });

  it('keeps a mask where nothing (or no string) was stored as typed', () => {
    const saved = restoreMaskedJson(JSON.stringify({ New: M, Nested: { Port: M }, Keys: [M, M, M] }), stored);
    expect(JSON.parse(saved)).toEqual({ New: M, Nested: { Port: M }, Keys: ['k1', 'k2', M] });
  });

  it('does not take a value from a different path', () => {
    // Password moved under Nested: there is no stored Nested.Password.
    const saved = restoreMaskedJson(JSON.stringify({ Nested: { Password: M } }), stored);
    expect(JSON.parse(saved)).toEqual({ Nested: { Password: M } });
  });

  it('keeps the text exactly as typed when there is no mask to restore', () => {
    const typed = '{\n    "User": "new",   "Password": "p"\n}';
    expect(restoreMaskedJson(typed, stored)).toBe(typed);
  });

  it('treats a "__proto__" key as data', () => {
    const saved = restoreMaskedJson(
      '{"__proto__": {"Password": "******"}}',
      '{"__proto__": {"Password": "p"}}',
    );
    const parsed = JSON.parse(saved) as Record<string, unknown>;
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(parsed['__proto__']).toEqual({ Password: 'p' });
  });

  it('keeps masks when the stored text does not parse', () => {
    expect(JSON.parse(restoreMaskedJson(JSON.stringify({ Password: M }), 'broken'))).toEqual({ Password: M });
  });
});
