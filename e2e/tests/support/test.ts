import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * The suite's `test`: the shell's guiding tour starts by itself until it has been completed once; every page
 * here starts with it marked completed (localStorage `loupe.tour.shell`, as lib/remembered.ts writes it), so it
 * does not cover what the specs look at. The tour spec opens it from the top bar.
 */
export const test = base.extend<{ skipShellTour: void }>({
  skipShellTour: [
    async ({ context }, use) => {
      await context.addInitScript(() => {
        if (localStorage.getItem('loupe.tour.shell') === null) {
          const entry = { value: true, expiresAt: Date.now() + 14 * 86_400_000 };
          localStorage.setItem('loupe.tour.shell', JSON.stringify(entry));
        }
      });
      await use();
    },
    { auto: true },
  ],
});
