import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { surveyLinks, surveys, transactionChannels } from '../../db/schema/index.js';
import { countOf, insertedId } from '../../core/queries.js';

/** What a link holds apart from its tenant, survey and guid. */
export type SurveyLinkValues = {
  name: string;
  transactionChannelId: number | null;
  presentationFrequency: number;
  isActive: boolean;
};

/** A stored link with the number of sessions recorded through it. */
export type StoredSurveyLink = typeof surveyLinks.$inferSelect & { sessionCount: number };

const linkColumns = {
  id: surveyLinks.id,
  tenantId: surveyLinks.tenantId,
  surveyId: surveyLinks.surveyId,
  guid: surveyLinks.guid,
  name: surveyLinks.name,
  transactionChannelId: surveyLinks.transactionChannelId,
  presentationFrequency: surveyLinks.presentationFrequency,
  isActive: surveyLinks.isActive,
  createdAt: surveyLinks.createdAt,
  deletedAt: surveyLinks.deletedAt,
  // sessions_survey_link_idx answers this per link; tenant_id keeps another tenant's rows out whatever the id.
  // Spelled out: drizzle leaves columns unqualified in a one-table select, and "id" would be the session's.
  sessionCount: sql<number>`(SELECT count(*)::integer FROM sessions s
    WHERE s.survey_link_id = survey_links.id AND s.tenant_id = survey_links.tenant_id)`,
};

/** The live (not deleted) links of one survey of one tenant. */
const liveLinksOf = (tenantId: number, surveyId: number) =>
  and(eq(surveyLinks.tenantId, tenantId), eq(surveyLinks.surveyId, surveyId), isNull(surveyLinks.deletedAt));

/** Survey links of the caller's tenant; every query names the tenant. */
export function createSurveyLinkRepository() {
  return {
    /**
     * The survey's type, locking its row until the transaction ends: two concurrent creates of one survey's links
     * count one after the other, so neither passes the limit.
     */
    async lockSurvey(
      tx: Executor,
      tenantId: number,
      surveyId: number,
    ): Promise<{ type: number } | undefined> {
      const [row] = await tx
        .select({ type: surveys.type })
        .from(surveys)
        .where(and(eq(surveys.tenantId, tenantId), eq(surveys.id, surveyId)))
        .for('update');
      return row;
    },

    async surveyType(tx: Executor, tenantId: number, surveyId: number): Promise<number | undefined> {
      const [row] = await tx
        .select({ type: surveys.type })
        .from(surveys)
        .where(and(eq(surveys.tenantId, tenantId), eq(surveys.id, surveyId)));
      return row?.type;
    },

    async list(tx: Executor, tenantId: number, surveyId: number): Promise<StoredSurveyLink[]> {
      return tx
        .select(linkColumns)
        .from(surveyLinks)
        .where(liveLinksOf(tenantId, surveyId))
        .orderBy(asc(surveyLinks.id));
    },

    async find(
      tx: Executor,
      { tenantId, surveyId, id }: { tenantId: number; surveyId: number; id: number },
    ): Promise<StoredSurveyLink | undefined> {
      const [row] = await tx
        .select(linkColumns)
        .from(surveyLinks)
        .where(and(liveLinksOf(tenantId, surveyId), eq(surveyLinks.id, id)));
      return row;
    },

    /** How many links the survey has: live ones, and all it keeps (deleted ones included). */
    async counts(tx: Executor, tenantId: number, surveyId: number): Promise<{ live: number; kept: number }> {
      const [row] = await tx
        .select({
          live: sql<number>`count(*) FILTER (WHERE ${surveyLinks.deletedAt} IS NULL)::integer`,
          kept: count(),
        })
        .from(surveyLinks)
        .where(and(eq(surveyLinks.tenantId, tenantId), eq(surveyLinks.surveyId, surveyId)));
      return { live: Number(row?.live ?? 0), kept: Number(row?.kept ?? 0) };
    },

    async channelExists(tx: Executor, tenantId: number, channelId: number): Promise<boolean> {
      const n = await countOf(
        tx
          .select({ n: count() })
          .from(transactionChannels)
          .where(and(eq(transactionChannels.tenantId, tenantId), eq(transactionChannels.id, channelId))),
      );
      return n > 0;
    },

    insert(
      tx: Executor,
      row: SurveyLinkValues & { tenantId: number; surveyId: number; guid: string },
    ): Promise<number> {
      return insertedId(tx.insert(surveyLinks).values(row).returning({ id: surveyLinks.id }), 'survey link');
    },

    async update(
      tx: Executor,
      { tenantId, id }: { tenantId: number; id: number },
      values: SurveyLinkValues,
    ): Promise<void> {
      await tx
        .update(surveyLinks)
        .set(values)
        .where(and(eq(surveyLinks.tenantId, tenantId), eq(surveyLinks.id, id)));
    },

    /** Switches the link off for good: its guid keeps answering Closed, the console stops listing it. */
    async markDeleted(tx: Executor, { tenantId, id, at }: { tenantId: number; id: number; at: Date }) {
      await tx
        .update(surveyLinks)
        .set({ isActive: false, deletedAt: at })
        .where(and(eq(surveyLinks.tenantId, tenantId), eq(surveyLinks.id, id)));
    },
  };
}

export type SurveyLinkRepository = ReturnType<typeof createSurveyLinkRepository>;
