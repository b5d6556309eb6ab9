import path from 'node:path';
import type { Page } from '@playwright/test';

const folder = path.resolve(import.meta.dirname, '../../screenshots');

/** Saves a full-page screenshot as e2e/screenshots/<name>.png (reviewed by people, not compared). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}
