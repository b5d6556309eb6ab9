import type { Locator, Page } from '@playwright/test';
import { expect } from './test.js';

/**
 * Waits until nothing moves on the page. Menus and popovers open with a zoom or slide: a click while the list
 * still moves can land beside the item (the list stays open, nothing chosen), where a person's would not. The
 * motion (rc-motion) first shows its opening frame with a `…-enter`/`…-appear` class and the animation not yet
 * started, so Playwright's own "stable" check can pass there; the class stays until the motion has ended.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const opening = /^ant-[\w-]+-(enter|appear)$/;
    const moving = Array.from(document.querySelectorAll('[class*="-enter"], [class*="-appear"]')).some(
      (element) => Array.from(element.classList).some((name) => opening.test(name)),
    );
    return !moving && document.getAnimations().every((animation) => animation.playState !== 'running');
  });
}

/**
 * Waits until `target` itself has stopped moving: neither it nor an element around it (the list or menu it opened
 * in) is in an opening motion or runs an animation. Only what moves the target counts, so a spinner elsewhere on
 * the page (a select still loading its options) does not hold the click back.
 */
export async function settled(target: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        target.evaluate((element) => {
          const opening = /^ant-[\w-]+-(enter|appear)$/;
          for (let node: Element | null = element; node; node = node.parentElement) {
            if (Array.from(node.classList).some((name) => opening.test(name))) return false;
            if (node.getAnimations().some((animation) => animation.playState === 'running')) return false;
          }
          return true;
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Picks the open menu's item `name` (or the one named exactly that) once the menu has stopped moving. */
export async function clickMenuItem(page: Page, name: string, { exact = false } = {}): Promise<void> {
  const item = page.getByRole('menuitem', { name, exact });
  await expect(item).toBeVisible();
  await settled(item);
  await item.click();
}

/** Opens a menu with `opener` and picks its item `name` once the menu has stopped moving. */
export async function chooseMenuItem(page: Page, opener: Locator, name: string): Promise<void> {
  await opener.click();
  await clickMenuItem(page, name);
}
