import { access, constants } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { CONSOLE_CLIENT_ID, isOperatorScope } from '@loupe/contracts';
import type { Mailer } from '../../core/mailer.js';
import type { Db } from '../../db/client.js';
import { emailReports, reports, roles, userRoles, users } from '../../db/schema/index.js';
import type { AccessTokenSigner } from '../auth/index.js';
import { reportVisibleTo } from '../reports/index.js';

/*
 * One run of an email report notification (docs/email-reports.md): for each recipient — the chosen user, or every
 * active user of the chosen role — the report page of this same server is opened in Debian Chromium (playwright-core)
 * as that user (a short-lived access token of theirs, so their data restrictions apply exactly as in the console),
 * in their language, printed to a landscape A4 PDF once every widget has drawn, and mailed with the notification's
 * subject and body. The row keeps the run's time, error and the number of mails sent. A run that cannot render
 * (no browser, the server not listening) records why and sends nothing; nothing is retried. A recipient whose
 * console would show no report page (no report scope, or the report assigned to none of their roles) is named in
 * the error at once instead of waiting out the page's timeout; the others are still sent theirs.
 */

export type EmailReportJob = { tenantId: number; id: number; manual: boolean };

type EmailReportRunnerDeps = {
  db: Db;
  mailer: Mailer;
  signer: AccessTokenSigner;
  logger: FastifyBaseLogger;
  /** The Chromium executable (REPORT_PDF_BROWSER). */
  browserPath: string;
  /** `http://127.0.0.1:<port>` of this server, or null while it is not listening. */
  baseUrl: () => string | null;
};

/** How long a recipient's access token lasts: enough to draw one report. */
const TOKEN_SECONDS = 300;
/** How long one report may take to draw. */
const PAGE_TIMEOUT_MS = 90_000;
/** The longest error text a row keeps. */
const ERROR_MAX = 1_000;
/** What the page shows while drawing: a widget's loading state, a spinner or a fetch under way. */
const LOADING =
  '[data-widget-loading], [data-report-view] .ant-spin-spinning, [data-report-view] [aria-busy="true"]';

/** The page's document, as much of it as the wait below reads (the server compiles without the DOM types). */
type PageDocument = { querySelector(selector: string): unknown };

/**
 * In the page: the report view is shown and nothing of it is loading. A function, not a string: the console's
 * Content-Security-Policy refuses evaluating strings.
 */
const drawn = (loading: string): boolean => {
  const { document } = globalThis as unknown as { document: PageDocument };
  return document.querySelector('[data-report-view]') !== null && document.querySelector(loading) === null;
};

/** A user without a language reads the console's default. */
const DEFAULT_LANGUAGE = 'tr';

// Characters Windows and macOS refuse in file names, and control characters (as the web's pdfFileName).
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_NAME_CHARACTERS = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** The attachment's name, as the browser's export names it: `{title}_{ISO time}.pdf`. */
function pdfFileName(title: string, now: Date): string {
  const name = `${title.trim() || 'report'}_${now.toISOString()}`;
  return `${name.replace(UNSAFE_FILE_NAME_CHARACTERS, '-')}.pdf`;
}

type Recipient = {
  id: number;
  userName: string;
  email: string;
  language: string | null;
  tokenVersion: number;
  tenantId: number;
};

type NotificationRow = typeof emailReports.$inferSelect;

/** The scopes that open a report page (report.routes.ts). */
const REPORT_PAGE_SCOPES = ['report:read', 'report:manage'];

const textOf = (value: string) =>
  value
    .split('\n')
    .map((line) => line.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'))
    .join('<br>');

export function createEmailReportRunner(deps: EmailReportRunnerDeps): {
  run(job: EmailReportJob): Promise<void>;
} {
  const { db, logger } = deps;

  async function recipientsOf(row: NotificationRow): Promise<Recipient[]> {
    const who =
      row.userId !== null
        ? eq(users.id, row.userId)
        : inArray(
            users.id,
            db
              .select({ id: userRoles.userId })
              .from(userRoles)
              .where(eq(userRoles.roleId, row.roleId ?? 0)),
          );
    const rows = await db
      .select({
        id: users.id,
        userName: users.userName,
        email: users.email,
        language: users.language,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(
        and(
          eq(users.tenantId, row.tenantId),
          eq(users.isActive, true),
          sql`coalesce(${users.email}, '') <> ''`,
          who,
        ),
      )
      .orderBy(asc(users.id));
    return rows.map((user) => ({ ...user, email: user.email!, tenantId: row.tenantId }));
  }

  /** The recipient's scopes, as a sign-in through the console would grant them. */
  async function scopesOf(userId: number): Promise<string[]> {
    const rows = await db
      .select({ scopes: roles.scopes })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId));
    return [...new Set(rows.flatMap((role) => role.scopes))]
      .filter((scope) => !isOperatorScope(scope))
      .sort();
  }

  /** The report's address: its page, with the notification's experience and survey added to its filter. */
  function reportAddress(base: string, row: NotificationRow, config: Record<string, unknown>): string {
    const url = new URL(`/reports/${row.reportId}`, base);
    if (row.experienceId !== null || row.surveyId !== null) {
      const own = config.filters;
      const filter: Record<string, unknown> =
        typeof own === 'object' && own !== null && !Array.isArray(own) ? { ...own } : {};
      if (row.experienceId !== null) filter.ExperienceIds = [row.experienceId];
      if (row.surveyId !== null) filter.SurveyId = [row.surveyId];
      url.searchParams.set('filter', JSON.stringify(filter));
    }
    return url.toString();
  }

  /** Why the console would show the recipient no report page, or null when it shows them the report. */
  async function refusalFor(
    row: NotificationRow,
    recipient: Recipient,
    scopes: string[],
  ): Promise<string | null> {
    if (!scopes.some((scope) => REPORT_PAGE_SCOPES.includes(scope))) {
      return 'no role of theirs grants report:read or report:manage';
    }
    const actor = {
      userId: recipient.id,
      tenantId: recipient.tenantId,
      userName: recipient.userName,
      scopes,
      clientId: CONSOLE_CLIENT_ID,
    };
    const [visible] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.id, row.reportId), reportVisibleTo(actor)));
    return visible ? null : 'the report is assigned to none of their roles';
  }

  async function renderFor(
    browser: Browser,
    url: string,
    recipient: Recipient,
    scopes: string[],
  ): Promise<Buffer> {
    const token = await deps.signer.sign(
      {
        sub: String(recipient.id),
        tid: recipient.tenantId,
        scp: scopes,
        cid: CONSOLE_CLIENT_ID,
        name: recipient.userName,
        ver: recipient.tokenVersion,
        sid: randomUUID(),
      },
      TOKEN_SECONDS,
    );
    const context = await browser.newContext({
      viewport: { width: 1400, height: 1000 },
      locale: recipient.language ?? DEFAULT_LANGUAGE,
    });
    try {
      const language = recipient.language ?? DEFAULT_LANGUAGE;
      // Runs in the page before the console's own scripts. No refresh token: the access token outlives the
      // drawing, and a refresh that fails only ends this page. `loupe.print` draws the charts as SVG without
      // animation, so their figures are text in the PDF (apps/web/src/components/echart.tsx).
      await context.addInitScript(
        [
          `sessionStorage.setItem('loupe.accessToken', ${JSON.stringify(token)});`,
          `sessionStorage.setItem('loupe.refreshToken', 'none');`,
          `sessionStorage.setItem('loupe.print', '1');`,
          `localStorage.setItem('loupe.locale', ${JSON.stringify(language)});`,
        ].join('\n'),
      );
      const page = await context.newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT_MS);
      await page.goto(url, { waitUntil: 'networkidle' });
      // The report view is shown and no widget is loading any more (see docs/email-reports.md).
      await page.waitForFunction(drawn, LOADING);
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(drawn, LOADING);
      await page.emulateMedia({ media: 'screen' });
      return await page.pdf({ format: 'A4', landscape: true, printBackground: true });
    } finally {
      await context.close();
    }
  }

  async function finish(id: number, values: { lastError: string | null; lastSentCount: number }) {
    await db
      .update(emailReports)
      .set({ lastRunAt: new Date(), ...values })
      .where(eq(emailReports.id, id));
  }

  return {
    async run({ tenantId, id }) {
      const [row] = await db
        .select()
        .from(emailReports)
        .where(and(eq(emailReports.tenantId, tenantId), eq(emailReports.id, id)));
      // Deleted since the job was queued.
      if (!row) return;
      let sent = 0;
      let browser: Browser | undefined;
      try {
        const [report] = await db
          .select({ title: reports.title, config: reports.config })
          .from(reports)
          .where(and(eq(reports.tenantId, tenantId), eq(reports.id, row.reportId)));
        if (!report) throw new Error('the report was deleted');
        const recipients = await recipientsOf(row);
        if (recipients.length === 0) throw new Error('no active recipient with an email address');
        const failures: string[] = [];
        const readers: { recipient: Recipient; scopes: string[] }[] = [];
        for (const recipient of recipients) {
          const scopes = await scopesOf(recipient.id);
          const refusal = await refusalFor(row, recipient, scopes);
          if (refusal === null) readers.push({ recipient, scopes });
          else failures.push(`${recipient.userName}: ${refusal}`);
        }
        if (readers.length === 0) throw new Error(failures.join('\n'));
        try {
          await access(deps.browserPath, constants.X_OK);
        } catch {
          throw new Error(
            `no browser to draw the PDF at ${deps.browserPath}: install Debian's chromium or set REPORT_PDF_BROWSER`,
          );
        }
        const base = deps.baseUrl();
        if (base === null) throw new Error('the server is not listening: the report page cannot be opened');
        let config: Record<string, unknown> = {};
        try {
          config = JSON.parse(report.config) as Record<string, unknown>;
        } catch {
          // A report whose config is unreadable opens with its defaults, as in the console.
        }
        const url = reportAddress(base, row, config);
        browser = await chromium.launch({ executablePath: deps.browserPath, args: ['--no-sandbox'] });
        for (const { recipient, scopes } of readers) {
          try {
            const pdf = await renderFor(browser, url, recipient, scopes);
            await deps.mailer.send({
              to: recipient.email,
              subject: row.subject,
              text: row.body,
              html: textOf(row.body),
              attachments: [
                {
                  filename: pdfFileName(report.title, new Date()),
                  content: pdf,
                  contentType: 'application/pdf',
                },
              ],
            });
            sent++;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            logger.warn({ err: error, emailReportId: id, userId: recipient.id }, 'email report not sent');
            failures.push(`${recipient.userName}: ${message}`);
          }
        }
        await finish(id, {
          lastError: failures.length === 0 ? null : failures.join('\n').slice(0, ERROR_MAX),
          lastSentCount: sent,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ err: error, emailReportId: id }, 'email report run failed');
        await finish(id, { lastError: message.slice(0, ERROR_MAX), lastSentCount: sent });
      } finally {
        await browser?.close().catch(() => undefined);
      }
    },
  };
}
