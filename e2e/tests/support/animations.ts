import type { Locator, Page } from '@playwright/test';
import { expect } from './test.js';

/**
 * Waits until no animation runs on the page. Menus and popovers open with a zoom or slide: a click while the
 * list still moves can land beside the item (the list stays open, nothing chosen), where a person's would not.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** Opens a menu with `opener` and picks its item `name` once the menu has stopped moving. */
export async function chooseMenuItem(page: Page, opener: Locator, name: string): Promise<void> {
  await opener.click();
  const item = page.getByRole('menuitem', { name });
  await expect(item).toBeVisible();
  await animationsSettled(page);
  await item.click();
}
