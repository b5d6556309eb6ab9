import { isValidationMessage, jsonText, type ValidationParams } from '@loupe/contracts';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import type { Namespace } from './i18n';

/** Any namespace's `t`: the keys worded here name their namespace (`common:form.*`, `validation:…`). */
type AnyT = TFunction<Namespace>;

// A `t` typed for one namespace does not type keys of another; these keys carry their namespace, which i18next
// reads at run time whatever namespace `t` is bound to.
type Translate = (key: string, options?: ValidationParams) => string;

/** The first problem the schema finds in `value`, worded as zodRule words it; null when there is none. */
export function zodProblem(schema: ZodType, value: unknown, anyT: AnyT): string | null {
  const t = anyT as unknown as Translate;
  const result = schema.safeParse(value ?? '');
  if (result.success) return null;
  const issue = result.error.issues[0];
  // The contracts rules (validators.ts) word their issues as `validation:` keys with their params.
  if (issue && isValidationMessage(issue.message)) {
    const params: ValidationParams = issue.code === 'custom' ? (issue.params ?? {}) : {};
    return t(issue.message, params);
  }
  if (issue?.code === 'too_small') {
    const min = Number(issue.minimum);
    return min <= 1 ? t('common:form.required') : t('common:form.tooShort', { min });
  }
  if (issue?.code === 'too_big') return t('common:form.tooLong', { max: Number(issue.maximum) });
  return t('common:form.invalid');
}

/**
 * An antd Form rule that checks a field with the same zod schema the API route uses, and words the first
 * problem through i18n: the contracts validators' keys with their params (`{{max}}`, `{{min}}`), zod's length
 * checks as form.required/tooShort/tooLong, anything else as form.invalid.
 */
export function zodRule(schema: ZodType, t: AnyT): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const message = zodProblem(schema, value, t);
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

/** The rule for a `<JsonField />`: JSON that parses and is not a plain number (contracts `jsonText`). */
export function jsonFieldRule(t: AnyT): FormRule {
  return zodRule(jsonText(), t);
}
