import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';

function problem(schema: ZodType, value: unknown, t: TFunction): string | null {
  const result = schema.safeParse(value ?? '');
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (issue?.code === 'too_small') {
    const min = Number(issue.minimum);
    return min <= 1 ? t('form.required') : t('form.tooShort', { min });
  }
  if (issue?.code === 'too_big') return t('form.tooLong', { max: Number(issue.maximum) });
  return t('form.invalid');
}

/**
 * An antd Form rule that checks a field with the same zod schema the API route uses, and words the first
 * problem through i18n.
 */
export function zodRule(schema: ZodType, t: TFunction): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const message = problem(schema, value, t);
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}
