import {
  CREDENTIAL_MASK,
  ErrorCode,
  configurationJsonSchema,
  saveSystemConfigurationSchema,
  systemRulesSchema,
} from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fieldOfError, hasMaskedValues, repeatsEarlierReason } from './components/configuration-form-helpers';

const apiError = (code: number) => new ApiError({ status: 400, code, message: '', supportId: 'x' });

describe('the configuration forms', () => {
  it('place 17001 on the JSON field and 17002 on the section, other failures above the form', () => {
    expect(fieldOfError(apiError(ErrorCode.ConfigurationNotJson))).toBe('JsonConfig');
    expect(fieldOfError(apiError(ErrorCode.ConfigurationSectionExists))).toBe('Section');
    expect(fieldOfError(apiError(ErrorCode.ModelNotValid))).toBeUndefined();
    expect(fieldOfError(new TypeError('offline'))).toBeUndefined();
  });

  it('notice masked secrets in the JSON as read back', () => {
    expect(hasMaskedValues(`{"Password": "${CREDENTIAL_MASK}"}`, CREDENTIAL_MASK)).toBe(true);
    expect(hasMaskedValues('{"Password": "p"}', CREDENTIAL_MASK)).toBe(false);
    expect(hasMaskedValues(undefined, CREDENTIAL_MASK)).toBe(false);
  });

  it('word a broken or plain JSON value with the json rule, and a blank one as required', () => {
    const message = (text: string) => configurationJsonSchema.safeParse(text).error?.issues[0]?.message;
    expect(message('{"a":1}')).toBeUndefined();
    expect(message('[1]')).toBeUndefined();
    expect(message('{"a":')).toBe('validation:customValidation.json');
    expect(message('42')).toBe('validation:customValidation.json');
    expect(message('"text"')).toBe('validation:customValidation.json');
    expect(message('  ')).toBe('validation:validation.required');
  });

  it('refuse a credential section synced to the client', () => {
    const result = saveSystemConfigurationSchema.safeParse({
      Section: 'Smtp',
      JsonConfig: '{}',
      IsCredential: true,
      SyncWithClient: true,
    });
    expect(result.error?.issues[0]?.path).toEqual(['SyncWithClient']);
  });

  it('mark only the later of two reasons that differ in case or spaces', () => {
    const rows = [{ Reason: 'Busy' }, { Reason: 'Other' }, { Reason: ' BUSY ' }];
    expect(repeatsEarlierReason(rows, 0, 'Busy')).toBe(false);
    expect(repeatsEarlierReason(rows, 1, 'Other')).toBe(false);
    expect(repeatsEarlierReason(rows, 2, ' BUSY ')).toBe(true);
    expect(repeatsEarlierReason(rows, 2, '')).toBe(false);
  });

  it('check the system rules as the server does', () => {
    const rules = {
      InvitationLimit: 0,
      ContactFrequencyDays: 7,
      CatiOptoutFrequencies: [{ Reason: 'Busy', Days: 3 }],
    };
    expect(systemRulesSchema.safeParse(rules).success).toBe(true);
    const messages = (change: object) =>
      systemRulesSchema.safeParse({ ...rules, ...change }).error?.issues.map((issue) => issue.message);
    expect(messages({ InvitationLimit: -1 })).toEqual(['validation:validation.min_value']);
    expect(messages({ ContactFrequencyDays: 2.5 })).toEqual(['validation:validation.integer']);
    expect(
      messages({
        CatiOptoutFrequencies: [
          { Reason: 'Busy', Days: 1 },
          { Reason: 'busy', Days: 2 },
        ],
      }),
    ).toEqual(['validation:customValidation.unique']);
  });
});
