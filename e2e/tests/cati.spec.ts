import type { FrameLocator, Locator, Page } from '@playwright/test';
import { catiStatisticsSchema } from '@loupe/contracts';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { apiHeaders, signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 22's CATI screens (docs/cati-screens.md), in Turkish (the console's default): the demo agent takes a call,
 * answers the survey flow inside the frame (the respondent page in agent mode) to its end and ends the call as
 * Completed; takes another call and promises a callback for tomorrow; the statistics of today then count
 * exactly two calls, one complete and one callback more for the agent than before (read before through the API,
 * after on the screen; never the demo's totals). Screenshots of a call in Turkish, English and Arabic.
 */

/** The demo's call-centre agent (docs/demo-data.md "CATI"): catiagent, cati:stats and mask:invitee. */
const AGENT = 'agent';
const AGENT_NAME = 'Ece Agent';
const main = (page: Page) => page.getByRole('main');
/** The respondent page's agent-mode marker, in the survey's language (the demo's CATI survey is Turkish). */
const AGENT_MODE = /^(Agent mode|Temsilci modu|وضع الموظف)$/;
/** The call's survey frame (its title names the survey and the customer). */
const surveyFrame = (page: Page) => page.frameLocator('main iframe');
/** A count as the Turkish interface writes it ("1.234"), as a number. */
const figure = (text: string) => Number(text.replace(/[.\s]/g, ''));

type Counts = { calls: number; completed: number; callback: number };

/** Today as the browser's local day, [start, start of tomorrow), as the statistics screen's "Today" sends it. */
function today(page: Page): Promise<{ From: string; To: string }> {
  return page.evaluate(() => {
    const start = new Date();
    start.setHours(0, 0, 0, 0);
    const end = new Date(start);
    end.setDate(end.getDate() + 1);
    return { From: start.toISOString(), To: end.toISOString() };
  });
}

/**
 * Today's figures of one agent on /cati-statistics: calls, Completed and Callback of its row (all 0 when the agent
 * has no row). The columns are found by their headers, not by position.
 */
async function agentCounts(page: Page, agentName: string): Promise<Counts> {
  await page.goto('/cati-statistics');
  await expect(main(page).getByRole('heading', { name: 'CATI istatistikleri' })).toBeVisible({
    timeout: 30_000,
  });
  await main(page).getByText('Bugün', { exact: true }).click();
  // The previous period's figures stay until today's arrive: wait for today's range to be the one shown.
  const day = await page.evaluate(() => {
    const now = new Date();
    const two = (value: number) => String(value).padStart(2, '0');
    return `${two(now.getDate())}/${two(now.getMonth() + 1)}/${now.getFullYear()}`;
  });
  await expect(main(page).getByText(`${day} – ${day}`, { exact: true })).toBeVisible();
  const table = main(page).locator('.ant-table').first();
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
  const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const row = table.locator('tbody tr.ant-table-row').filter({ hasText: agentName });
  if ((await row.count()) === 0) return { calls: 0, completed: 0, callback: 0 };
  const cells = await row.first().locator('td').allInnerTexts();
  const cell = (header: string) => figure(cells[headers.indexOf(header)] ?? '0');
  return { calls: cell('Aramalar'), completed: cell('Tamamlandı'), callback: cell('Geri arama') };
}

/** Gives every visible question of the frame's page an answer its type accepts. */
async function answerPage(frame: FrameLocator): Promise<void> {
  const questions = frame.locator(
    'form.survey > .question, form.survey > fieldset, form.survey > div.question',
  );
  const count = await questions.count();
  for (let index = 0; index < count; index++) {
    const question = questions.nth(index);
    if (!(await question.isVisible())) continue;
    const slider = question.locator('input[type=range]');
    if ((await slider.count()) > 0) {
      await slider.first().focus();
      await slider.first().press('End');
      continue;
    }
    const rows = question.locator('fieldset.matrix-row');
    if ((await rows.count()) > 0) {
      for (let row = 0; row < (await rows.count()); row++)
        await rows.nth(row).locator('input').first().check();
      continue;
    }
    const radio = question.locator('input[type=radio]');
    if ((await radio.count()) > 0) {
      await radio.last().check();
      continue;
    }
    const checkbox = question.locator('input[type=checkbox]');
    if ((await checkbox.count()) > 0) {
      await checkbox.first().check();
      continue;
    }
    const select = question.locator('select');
    if ((await select.count()) > 0) {
      await select.first().selectOption({ index: 1 });
      continue;
    }
    const keep = question.locator('button.rank-keep, button:has-text("order")');
    if ((await keep.count()) > 0) {
      await keep.first().click();
      continue;
    }
    const input = question.locator('input, textarea').first();
    if ((await input.count()) === 0) continue;
    const type = (await input.getAttribute('type')) ?? 'text';
    const value =
      type === 'email'
        ? 'agent@example.com'
        : type === 'number'
          ? '5'
          : type === 'tel'
            ? '+90 212 555 00 00'
            : type === 'date'
              ? '2026-01-15'
              : 'E2E';
    await input.fill(value);
  }
}

/** Answers the survey in the call's frame page by page until its closing message. */
async function answerToEnd(page: Page): Promise<void> {
  const frame = surveyFrame(page);
  await expect(frame.getByText(AGENT_MODE)).toBeVisible({ timeout: 20_000 });
  // No opt-out link for an agent: a refusal is the call's outcome.
  await expect(frame.locator('.footer .link-button')).toHaveCount(0);
  for (let step = 0; step < 12; step++) {
    if (await frame.locator('.finished').isVisible()) return;
    await answerPage(frame);
    await frame.locator('form.survey button[type=submit]').click();
    await expect(frame.locator('form.survey button[type=submit][aria-busy=true]')).toHaveCount(0);
  }
  await expect(frame.locator('.finished')).toBeVisible();
}

/** Types a date-time into the outcome panel's picker and confirms it. */
async function typeCallbackTime(page: Page, picker: Locator): Promise<void> {
  // Tomorrow at 10:00 in the browser's own time zone: always in the future, well within 60 days.
  const text = await page.evaluate(() => {
    const day = new Date(Date.now() + 86_400_000);
    const two = (value: number) => String(value).padStart(2, '0');
    return `${two(day.getDate())}/${two(day.getMonth() + 1)}/${day.getFullYear()} 10:00`;
  });
  await picker.click();
  await picker.fill(text);
  await picker.press('Enter');
  await expect(picker).toHaveValue(text);
}

test('cati: an agent completes a call and promises a callback; the statistics count both', async ({
  page,
  request,
}) => {
  await signIn(page, AGENT);
  // "Today" is read before and after the calls: a run that would straddle the browser's midnight waits for it.
  const toMidnight = await page.evaluate(() => {
    const midnight = new Date();
    midnight.setHours(24, 0, 0, 0);
    return midnight.getTime() - Date.now();
  });
  if (toMidnight < 180_000) await page.waitForTimeout(toMidnight + 5_000);
  // Before: the agent's figures of today, as the statistics screen's "Today" asks for them (cati:stats).
  const answer = await request.get(
    `/api/cati/statistics?${new URLSearchParams(await today(page)).toString()}`,
    { headers: await apiHeaders(request, AGENT) },
  );
  expect(answer.status()).toBe(200);
  const mine = catiStatisticsSchema.parse(await answer.json()).Agents.find((a) => a.AgentName === AGENT_NAME);
  const before: Counts = {
    calls: mine?.Calls ?? 0,
    completed: mine?.Outcomes.Completed ?? 0,
    callback: mine?.Outcomes.Callback ?? 0,
  };

  // The agent's queue.
  await page.goto('/cati');
  await expect(main(page).getByRole('heading', { name: 'CATI aramaları' })).toBeVisible({ timeout: 30_000 });
  const takeNext = main(page).getByRole('button', { name: 'Sıradaki aramayı al' });
  await expect(takeNext).toBeEnabled();

  // First call: the survey answered to its end inside the frame, then Completed.
  await takeNext.click();
  const completed = main(page).getByRole('radio', { name: 'Tamamlandı' });
  await expect(completed).toBeDisabled();
  await answerToEnd(page);
  await expect(completed).toBeEnabled();
  await expect(main(page).getByText('Anket tamamlandı', { exact: true })).toBeVisible();
  await completed.check();
  await main(page).getByRole('button', { name: 'Aramayı bitir' }).click();
  await expect(page.getByText('Arama bitti: Tamamlandı.')).toBeVisible();

  // Second call: a callback for tomorrow; screenshots of the call in the three languages first.
  await expect(takeNext).toBeEnabled();
  await takeNext.click();
  const endCall = main(page).getByRole('button', { name: 'Aramayı bitir' });
  await expect(endCall).toBeVisible();
  await expect(surveyFrame(page).getByText(AGENT_MODE)).toBeVisible({ timeout: 20_000 });
  await saveScreenshot(page, 'cati-call-tr');
  await page.screenshot({ path: '/tmp/cati-web-tr.png', fullPage: true });
  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('button', { name: 'End call' })).toBeVisible();
  await saveScreenshot(page, 'cati-call-en');
  await page.screenshot({ path: '/tmp/cati-web-en.png', fullPage: true });
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(main(page).getByRole('button', { name: 'إنهاء المكالمة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await saveScreenshot(page, 'cati-call-ar');
  await page.screenshot({ path: '/tmp/cati-web-ar.png', fullPage: true });
  await chooseLanguage(page, 'اللغة', 'Türkçe');

  await main(page).getByRole('radio', { name: 'Geri arama' }).check();
  // Without a time the panel says what it needs.
  await endCall.click();
  await expect(main(page).getByText('Ne zaman geri aranacağını seçin.')).toBeVisible();
  await typeCallbackTime(page, main(page).getByLabel('Geri arama zamanı'));
  await main(page).getByLabel('Not (isteğe bağlı)').fill('Yarın sabah aranmak istedi.');
  await endCall.click();
  await expect(page.getByText('Arama bitti: Geri arama.')).toBeVisible();

  // After, on the agent's own statistics screen (the demo agent holds cati:stats): exactly the two calls, one
  // complete and one callback more for the agent.
  const after = await agentCounts(page, AGENT_NAME);
  expect(after).toEqual({
    calls: before.calls + 2,
    completed: before.completed + 1,
    callback: before.callback + 1,
  });
  await saveScreenshot(page, 'cati-statistics-tr');
});
