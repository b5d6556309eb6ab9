import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  ErrorCode,
  INVITATION_RULES,
  type OnSiteInvitation,
  type OnSiteInvitationAnswer,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';

/** Interaction channel 12: API. */
const API_CHANNEL = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

type Deps = { db: Db; publicUrl: string; now?: () => Date };
type SurveyRow = { language: string; is_active: boolean; wizard_step: number; expiry_days: number | null };

/**
 * The on-site call (surveys spec §7): a site that knows its customer asks for an invitation to show them the
 * survey at once. The invitation is "sent" and "delivered" as it is answered (the site shows it); it expires per
 * the survey's channel settings.
 */
export function createOnSiteService({ db, publicUrl, now = () => new Date() }: Deps) {
  return {
    async invite(actor: Actor, body: OnSiteInvitation): Promise<OnSiteInvitationAnswer> {
      const tenantId = requireTenant(actor);
      const at = now();
      const token = randomUUID();
      await db.transaction(async (tx) => {
        const result: unknown = await tx.execute(sql`
          SELECT language, is_active, wizard_step, (channel_settings->>'ExpiryDays')::integer AS expiry_days
          FROM surveys WHERE id = ${body.SurveyId}::integer AND tenant_id = ${tenantId}::integer
          FOR SHARE`);
        const [survey] = (result as { rows: SurveyRow[] }).rows;
        if (!survey) throw new AppError(404, ErrorCode.NotFound);
        if (!survey.is_active || survey.wizard_step < 6) throw new AppError(409, ErrorCode.SurveyClosed);
        const invitee = body.Invitee;
        const expiresAt = new Date(
          at.getTime() + (survey.expiry_days ?? INVITATION_RULES.defaultExpiryDays) * DAY_MS,
        ).toISOString();
        const time = at.toISOString();
        await tx.execute(sql`
          WITH invitee AS (
            INSERT INTO invitees (tenant_id, survey_id, full_name, email, msisdn, language, transaction_date,
              callback_data)
            VALUES (${tenantId}::integer, ${body.SurveyId}::integer, ${invitee.InviteeFullName ?? null}::text,
              ${invitee.InviteeEmail ?? null}::text, ${invitee.InviteeMSISDN ?? null}::text,
              ${invitee.InviteeLanguage ?? survey.language}::text, ${time}::timestamptz,
              ${invitee.InviteeId}::text)
            RETURNING id)
          INSERT INTO invitations (tenant_id, invitee_id, survey_id, channel, token, invited_at, sent_at,
            delivered_at, expires_at)
          SELECT ${tenantId}::integer, invitee.id, ${body.SurveyId}::integer, ${API_CHANNEL}::smallint,
            ${token}::uuid, ${time}::timestamptz, ${time}::timestamptz, ${time}::timestamptz,
            ${expiresAt}::timestamptz
          FROM invitee`);
      });
      return { InvitationGuid: token, Token: token, SurveyUrl: `${publicUrl}/s/${token}` };
    },
  };
}
