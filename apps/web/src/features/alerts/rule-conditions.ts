import {
  ALERT_KIND_OPERATORS,
  type AlertConditionKind,
  type AlertOperator,
  type AlertRuleCondition,
} from '@loupe/contracts';

/*
 * The alert rule form's conditions (surveys spec §3 "Alert rule"; contracts `alertRuleConditionSchema`): which
 * operators a kind takes, which input its value needs, and the value kept when the kind or operator changes.
 */

/** Where a condition's choices come from: the question's choices, fixed words, or the topic models. */
export type ValueOptions = 'choices' | 'audiences' | 'sentiments' | 'topics' | 'emotions';

/** How a condition's value is entered. */
export type ValueInput =
  | { input: 'number' }
  | { input: 'numbers' }
  | { input: 'range' }
  | { input: 'text' }
  | { input: 'select'; options: ValueOptions; multiple: boolean };

const OPTIONS_OF: Partial<Record<AlertConditionKind, ValueOptions>> = {
  choice: 'choices',
  npsAudience: 'audiences',
  sentiment: 'sentiments',
  topic: 'topics',
  emotion: 'emotions',
};

/** The kinds that look at one question of the chosen surveys (null: any question of the kind). */
export function takesQuestion(kind: AlertConditionKind): boolean {
  return kind !== 'customData';
}

export function operatorsOf(kind: AlertConditionKind): readonly AlertOperator[] {
  return ALERT_KIND_OPERATORS[kind];
}

/** The input of a kind's value under an operator. */
export function valueInputOf(kind: AlertConditionKind, operator: AlertOperator): ValueInput {
  const options = OPTIONS_OF[kind];
  if (options) return { input: 'select', options, multiple: operator === 'in' };
  if (kind === 'text' || kind === 'customData') return { input: 'text' };
  if (operator === 'between') return { input: 'range' };
  if (operator === 'in') return { input: 'numbers' };
  return { input: 'number' };
}

/** A form row of the conditions editor: the contract's condition with its value still being entered. */
export type ConditionRow = {
  Kind: AlertConditionKind;
  QuestionId: number | null;
  CustomDataNo: number | null;
  Operator: AlertOperator;
  Value: unknown;
};

export const NEW_CONDITION: ConditionRow = {
  Kind: 'score',
  QuestionId: null,
  CustomDataNo: null,
  Operator: 'lte',
  Value: undefined,
};

/**
 * The row after its kind or operator changed: an operator the kind does not take becomes its first one, a value
 * that no longer fits the input is cleared, and the question or custom data field goes with the kind.
 */
export function adjustCondition(row: ConditionRow): ConditionRow {
  const operators = operatorsOf(row.Kind);
  const Operator = operators.includes(row.Operator) ? row.Operator : operators[0]!;
  const input = valueInputOf(row.Kind, Operator);
  const fits =
    (input.input === 'number' && typeof row.Value === 'number') ||
    (input.input === 'text' && typeof row.Value === 'string') ||
    (input.input === 'range' && Array.isArray(row.Value) && row.Value.length === 2) ||
    ((input.input === 'numbers' || (input.input === 'select' && input.multiple)) &&
      Array.isArray(row.Value)) ||
    (input.input === 'select' && !input.multiple && !Array.isArray(row.Value) && row.Value !== undefined);
  return {
    Kind: row.Kind,
    Operator,
    QuestionId: takesQuestion(row.Kind) ? row.QuestionId : null,
    CustomDataNo: row.Kind === 'customData' ? (row.CustomDataNo ?? 1) : null,
    Value: fits ? row.Value : undefined,
  };
}

/** The condition the API takes, or undefined while its value is missing (the form says "required"). */
export function conditionOfRow(row: ConditionRow): AlertRuleCondition | undefined {
  const { Value } = row;
  const empty =
    Value === undefined ||
    Value === null ||
    (typeof Value === 'string' && Value.trim() === '') ||
    (Array.isArray(Value) &&
      (Value.length === 0 || Value.some((item) => item === null || item === undefined)));
  if (empty) return undefined;
  return {
    Kind: row.Kind,
    QuestionId: row.QuestionId,
    CustomDataNo: row.CustomDataNo,
    Operator: row.Operator,
    Value: (typeof Value === 'string' ? Value.trim() : Value) as AlertRuleCondition['Value'],
  };
}
