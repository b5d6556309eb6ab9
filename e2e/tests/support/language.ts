import type { Page } from '@playwright/test';
import { animationsSettled } from './animations.js';
import { expect } from './test.js';

/**
 * Picks a language from the top bar's language list, once it has opened (animationsSettled), and waits for
 * the list to close.
 */
export async function chooseLanguage(page: Page, button: string, language: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const item = page.getByRole('menuitem', { name: language });
  await expect(item).toBeVisible();
  await animationsSettled(page);
  await item.click();
  await expect(item).toBeHidden();
}
