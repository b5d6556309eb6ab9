import { expect } from '@playwright/test';
import type { CaughtMail } from '../../../apps/server/src/test/smtp-catcher.js';
import { MAILBOX_URL, SERVER_URL } from '../../fixtures/e2e-env.js';

/** Every mail the server sent to `address` so far, oldest first (from the suite's SMTP catcher). */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${MAILBOX_URL}/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`the SMTP catcher answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/**
 * Waits for the mail that follows the `seen` ones (count them with `mailsTo` before the action that sends it)
 * and returns it.
 */
export async function nextMailTo(address: string, seen: number): Promise<CaughtMail> {
  let mails: CaughtMail[] = [];
  await expect
    .poll(async () => (mails = await mailsTo(address)).length, {
      message: `a mail to ${address}`,
      timeout: 15_000,
    })
    .toBeGreaterThan(seen);
  return mails[seen]!;
}

/**
 * The link to `path` + token in a mail's text (and the same link in its HTML), checked to point at the server's
 * PUBLIC_URL. Returns the path to open, relative to the spec's base URL.
 */
export function linkIn(mail: CaughtMail, path: '/resetPassword/' | '/confirm-email/'): string {
  const pattern = new RegExp(`${SERVER_URL.replace(/\./g, '\\.')}${path}([A-Za-z0-9_-]+)`);
  const inText = pattern.exec(mail.text);
  expect(inText, `a ${SERVER_URL}${path}… link in the mail's text:\n${mail.text}`).not.toBeNull();
  if (mail.html) expect(mail.html).toContain(inText![0]);
  return `${path}${inText![1]}`;
}
