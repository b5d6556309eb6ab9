import { ALERT_CONDITION_KINDS, ALERT_OPERATORS, alertRuleConditionSchema } from '@loupe/contracts';
import ar from '@/locales/ar/alerts.json';
import en from '@/locales/en/alerts.json';
import tr from '@/locales/tr/alerts.json';
import { describe, expect, it } from 'vitest';
import { adjustCondition, conditionOfRow, NEW_CONDITION, operatorsOf, valueInputOf } from './rule-conditions';

describe('the alert rule conditions editor', () => {
  it('asks for the value each kind and operator takes', () => {
    expect(valueInputOf('score', 'lte')).toEqual({ input: 'number' });
    expect(valueInputOf('score', 'between')).toEqual({ input: 'range' });
    expect(valueInputOf('score', 'in')).toEqual({ input: 'numbers' });
    expect(valueInputOf('choice', 'in')).toEqual({ input: 'select', options: 'choices', multiple: true });
    expect(valueInputOf('npsAudience', 'eq')).toEqual({
      input: 'select',
      options: 'audiences',
      multiple: false,
    });
    expect(valueInputOf('emotion', 'in')).toEqual({ input: 'select', options: 'emotions', multiple: true });
    expect(valueInputOf('text', 'contains')).toEqual({ input: 'text' });
    expect(valueInputOf('customData', 'eq')).toEqual({ input: 'text' });
  });

  it('keeps the operator and value only while the kind takes them', () => {
    const score = { ...NEW_CONDITION, Operator: 'between' as const, Value: [0, 6], QuestionId: 5 };
    expect(adjustCondition(score)).toEqual(score);
    expect(adjustCondition({ ...score, Kind: 'text' })).toEqual({
      Kind: 'text',
      Operator: 'contains',
      QuestionId: 5,
      CustomDataNo: null,
      Value: undefined,
    });
    expect(adjustCondition({ ...score, Kind: 'customData' })).toMatchObject({
      Operator: 'eq',
      QuestionId: null,
      CustomDataNo: 1,
    });
    expect(
      adjustCondition({ ...score, Kind: 'npsAudience', Operator: 'in', Value: ['detractor'] }).Value,
    ).toEqual(['detractor']);
  });

  it('sends what the contract accepts, and nothing while the value is missing', () => {
    const rows = [
      { ...NEW_CONDITION, Operator: 'between' as const, Value: [0, 6] },
      { ...NEW_CONDITION, Kind: 'sentiment' as const, Operator: 'eq' as const, Value: 'negative' },
      { ...NEW_CONDITION, Kind: 'text' as const, Operator: 'contains' as const, Value: '  waiting ' },
      { ...NEW_CONDITION, Kind: 'topic' as const, Operator: 'in' as const, Value: [12, 13] },
    ];
    for (const row of rows) {
      const condition = conditionOfRow(row);
      expect(condition).toBeDefined();
      expect(alertRuleConditionSchema.safeParse(condition).success).toBe(true);
    }
    expect(conditionOfRow(rows[2]!)?.Value).toBe('waiting');
    expect(conditionOfRow({ ...NEW_CONDITION, Value: undefined })).toBeUndefined();
    expect(conditionOfRow({ ...NEW_CONDITION, Operator: 'between', Value: [1, null] })).toBeUndefined();
    expect(
      conditionOfRow({ ...NEW_CONDITION, Kind: 'text', Operator: 'contains', Value: ' ' }),
    ).toBeUndefined();
  });

  it('words every kind and operator of the contracts in each language', () => {
    for (const catalogue of [en, tr, ar]) {
      for (const kind of ALERT_CONDITION_KINDS) {
        expect(catalogue.rule.kinds[kind]).toBeTruthy();
        for (const operator of operatorsOf(kind)) expect(ALERT_OPERATORS).toContain(operator);
      }
      for (const operator of ALERT_OPERATORS) expect(catalogue.rule.operators[operator]).toBeTruthy();
    }
  });
});
