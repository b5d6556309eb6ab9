/**
 * Form rules shared by the web forms and the API (shell spec §5). Each returns true when the value passes.
 */

/** At least 6 characters, one lower-case letter, one upper-case letter, one digit, and no white space. */
export function isValidPassword(value: string): boolean {
  return (
    value.length >= 6 && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && !/\s/.test(value)
  );
}
