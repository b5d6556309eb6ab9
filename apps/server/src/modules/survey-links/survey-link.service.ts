import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  SURVEY_LINK_LIMITS,
  SurveyType,
  hasAnyScope,
  type Scope,
  type SurveyLink,
  type SurveyLinkList,
  type SurveyLinkSave,
} from '@loupe/contracts';
import { toString as qrSvg } from 'qrcode';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import { found, invalidField } from '../../core/refusals.js';
import type { StoredSurveyLink, SurveyLinkRepository } from './survey-link.repository.js';

/** survey:manage changes the product's own surveys' links, externalSurvey:manage the external ones' (type 4). */
const WRITE_SCOPE: Record<number, Scope> = {
  [SurveyType.Own]: 'survey:manage',
  [SurveyType.External]: 'externalSurvey:manage',
};

/** The page a link opens: the respondent page of its guid. */
const surveyLinkUrl = (publicUrl: string, guid: string) => `${publicUrl.replace(/\/+$/, '')}/s/${guid}`;

/** The link's QR code as an SVG data URL: margin 2 modules, error correction M (a printed code survives a smudge). */
async function qrCodeOf(url: string): Promise<string> {
  const svg = await qrSvg(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The touchpoint links of one survey (issue 17, docs/survey-links.md). Reading needs survey:read, changing the
 * survey's write scope (by its type, as the surveys module decides). A link's channel is one of the tenant's
 * (3333 otherwise); a survey has at most SURVEY_LINK_LIMITS.linksPerSurveyMax live links and keeps at most
 * keptPerSurveyMax (4049). Deleting switches a link off and hides it: its guid keeps answering Closed.
 */
export function createSurveyLinkService({
  db,
  repository,
  publicUrl,
  now = () => new Date(),
}: {
  db: Db;
  repository: SurveyLinkRepository;
  publicUrl: string;
  now?: () => Date;
}) {
  async function recordOf(row: StoredSurveyLink): Promise<SurveyLink> {
    const url = surveyLinkUrl(publicUrl, row.guid);
    return {
      Id: row.id,
      SurveyId: row.surveyId,
      Guid: row.guid,
      Name: row.name,
      TransactionChannelId: row.transactionChannelId,
      PresentationFrequency: row.presentationFrequency as SurveyLink['PresentationFrequency'],
      IsActive: row.isActive,
      Url: url,
      QrCode: await qrCodeOf(url),
      SessionCount: Number(row.sessionCount),
      CreatedAt: row.createdAt.toISOString(),
    };
  }

  /** The survey (locked for the transaction), refusing another tenant's (404) and a caller who may not change it. */
  async function writableSurvey(tx: Executor, actor: Actor, surveyId: number): Promise<number> {
    const tenantId = requireTenant(actor);
    const survey = found(await repository.lockSurvey(tx, tenantId, surveyId));
    const scope = WRITE_SCOPE[survey.type];
    if (!scope || !hasAnyScope(actor.scopes, [scope])) throw forbidden();
    return tenantId;
  }

  async function checkedValues(tx: Executor, tenantId: number, body: SurveyLinkSave) {
    const channelId = body.TransactionChannelId;
    if (channelId !== null && !(await repository.channelExists(tx, tenantId, channelId))) {
      throw invalidField('TransactionChannelId', 'Unknown channel.');
    }
    return {
      name: body.Name,
      transactionChannelId: channelId,
      presentationFrequency: body.PresentationFrequency,
      isActive: body.IsActive,
    };
  }

  async function load(executor: Executor, ids: { tenantId: number; surveyId: number; id: number }) {
    return recordOf(found(await repository.find(executor, ids)));
  }

  return {
    async list(actor: Actor, surveyId: number): Promise<SurveyLinkList> {
      const tenantId = requireTenant(actor);
      if ((await repository.surveyType(db, tenantId, surveyId)) === undefined) throw notFound();
      const items = await Promise.all((await repository.list(db, tenantId, surveyId)).map(recordOf));
      return { Items: items, Count: items.length };
    },

    async get(actor: Actor, ids: { surveyId: number; id: number }): Promise<SurveyLink> {
      return load(db, { tenantId: requireTenant(actor), ...ids });
    },

    async create(actor: Actor, surveyId: number, body: SurveyLinkSave): Promise<SurveyLink> {
      return db.transaction(async (tx) => {
        const tenantId = await writableSurvey(tx, actor, surveyId);
        const values = await checkedValues(tx, tenantId, body);
        const { live, kept } = await repository.counts(tx, tenantId, surveyId);
        if (live >= SURVEY_LINK_LIMITS.linksPerSurveyMax || kept >= SURVEY_LINK_LIMITS.keptPerSurveyMax) {
          throw badRequest(ErrorCode.SurveyLinkLimitReached, [
            {
              Path: 'Id',
              Message: String(
                live >= SURVEY_LINK_LIMITS.linksPerSurveyMax
                  ? SURVEY_LINK_LIMITS.linksPerSurveyMax
                  : SURVEY_LINK_LIMITS.keptPerSurveyMax,
              ),
            },
          ]);
        }
        const id = await repository.insert(tx, { tenantId, surveyId, guid: randomUUID(), ...values });
        return load(tx, { tenantId, surveyId, id });
      });
    },

    async update(
      actor: Actor,
      ids: { surveyId: number; id: number },
      body: SurveyLinkSave,
    ): Promise<SurveyLink> {
      return db.transaction(async (tx) => {
        const tenantId = await writableSurvey(tx, actor, ids.surveyId);
        found(await repository.find(tx, { tenantId, ...ids }));
        await repository.update(tx, { tenantId, id: ids.id }, await checkedValues(tx, tenantId, body));
        return load(tx, { tenantId, ...ids });
      });
    },

    async remove(actor: Actor, ids: { surveyId: number; id: number }): Promise<void> {
      await db.transaction(async (tx) => {
        const tenantId = await writableSurvey(tx, actor, ids.surveyId);
        found(await repository.find(tx, { tenantId, ...ids }));
        await repository.markDeleted(tx, { tenantId, id: ids.id, at: now() });
      });
    },
  };
}
