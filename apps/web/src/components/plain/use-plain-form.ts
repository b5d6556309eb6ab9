import { useState } from 'react';

/** A field's check: its problem worded, or null when the value is fine. */
type Check = (value: string) => string | null;

/**
 * A small form state for the plain forms (the sign-in page's), with antd Form's habits: a field is checked as
 * it changes (or as it loses focus, for the fields the caller checks on blur), every field on submit, and a
 * field's problem is shown until its value is fine.
 */
export function usePlainForm<Name extends string>(initial: Record<Name, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});

  const showProblem = (name: Name, problem: string | null) =>
    setErrors((shown) => ({ ...shown, [name]: problem ?? undefined }));

  return {
    values,
    errors,
    /** Sets a field's value; with a check, shows its problem at once. */
    setValue(name: Name, value: string, check?: Check) {
      setValues((current) => ({ ...current, [name]: value }));
      if (check) showProblem(name, check(value));
    },
    /** Checks one field now (on blur). */
    validate(name: Name, check: Check) {
      showProblem(name, check(values[name]));
    },
    /** Empties a field and forgets its problem. */
    reset(name: Name) {
      setValues((current) => ({ ...current, [name]: '' }));
      showProblem(name, null);
    },
    /** Checks the given fields; true when every one is fine. */
    validateAll(checks: Partial<Record<Name, Check>>): boolean {
      const found: Partial<Record<Name, string>> = {};
      for (const [name, check] of Object.entries(checks) as [Name, Check | undefined][]) {
        const problem = check?.(values[name]);
        if (problem) found[name] = problem;
      }
      setErrors(found);
      return Object.keys(found).length === 0;
    },
  };
}
