import type { Page } from '@playwright/test';
import { settled } from './animations.js';
import { expect } from './test.js';

/**
 * Picks a language from the top bar's language list, once the list has stopped opening (settled: only what moves
 * the item counts — the alert bell's badge zooming as new alerts arrive, or a field's help text, elsewhere on the
 * page, must not hold the click back), and waits for the list to close.
 */
export async function chooseLanguage(page: Page, button: string, language: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const item = page.getByRole('menuitem', { name: language });
  await expect(item).toBeVisible();
  await settled(item);
  await item.click();
  await expect(item).toBeHidden();
}
