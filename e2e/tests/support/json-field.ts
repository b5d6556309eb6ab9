import type { Locator, Page } from '@playwright/test';

/*
 * The console's JSON fields (apps/web/src/components/json-field.tsx) are CodeMirror editors: a contenteditable
 * textbox named by its form label (aria-labelledby), not a <textarea>. Find them by the label as any field, and
 * type into them as a person does: `fill` and `inputValue` are for inputs and text areas.
 */

/** The JSON field labelled `label` in `scope`. */
export function jsonField(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label });
}

/** Replaces the field's text with `text`, typed: select all, then the text as the keyboard inserts it. */
export async function typeJson(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.page().keyboard.insertText(text);
}

/** The field's text, one line per editor line. */
export async function jsonText(field: Locator): Promise<string> {
  return (await field.locator('.cm-line').allTextContents()).join('\n');
}
