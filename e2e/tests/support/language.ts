import type { Page } from '@playwright/test';
import { expect } from './test.js';

/**
 * Picks a language from the top bar's language list. The list opens with a zoom animation; a click while it
 * still moves can land beside the item (the list stayed open, the language unchanged), so the click waits for
 * the page's animations to end, as a person's would.
 */
export async function chooseLanguage(page: Page, button: string, language: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const item = page.getByRole('menuitem', { name: language });
  await expect(item).toBeVisible();
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await item.click();
  await expect(item).toBeHidden();
}
