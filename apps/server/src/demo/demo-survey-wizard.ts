import { and, eq } from 'drizzle-orm';
import { deflateSync } from 'node:zlib';
import type { Db } from '../db/client.js';
import { questionChoices, questions, surveyFlows, surveyQuotas, surveys } from '../db/schema/index.js';
import type { QuestionKey, SurveyKey } from './catalog.data.js';
import {
  DEMO_QUOTA_REFRESH_CRON,
  DRAFT_SURVEY,
  LIBRARY_QUESTIONS,
  SURVEY_WIZARDS,
  type CodeId,
  type LibraryQuestion,
} from './survey-wizard.data.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The wizard's columns of a demo survey saved through all six steps and active (survey-wizard.data.ts). */
export function activeSurveyValues(key: SurveyKey, id: CodeId) {
  const wizard = SURVEY_WIZARDS[key];
  return {
    isActive: true,
    wizardStep: 6,
    targetType: 1,
    language: wizard.language,
    executionTitle: wizard.executionTitle,
    openingMessage: wizard.openingMessage,
    closingMessage: wizard.closingMessage,
    redirectUrl: wizard.redirectUrl,
    redirectSeconds: wizard.redirectSeconds,
    cacheTime: wizard.cacheTime,
    audience: { Conditions: wizard.audience(id) },
    channels: [...wizard.channels],
    primaryChannel: wizard.primaryChannel,
    channelSettings: wizard.settings,
    maxInvitationsPerInterval: wizard.prioritisation?.maxInvitationsPerInterval ?? null,
    intervalMinutes: wizard.prioritisation?.intervalMinutes ?? null,
  };
}

/** Where a demo survey's question sits in its flow: measurement flag and page break. */
export function flowPlacement(key: SurveyKey, question: QuestionKey) {
  return {
    isMeasurement: question === 'nps',
    pageBreakAfter: SURVEY_WIZARDS[key].pageBreakAfter.includes(question),
  };
}

/** The quota step of a demo survey created now. */
export async function insertDemoQuotas(
  tx: Tx,
  tenantId: number,
  surveyId: number,
  key: SurveyKey,
  questionIds: ReadonlyMap<QuestionKey, number>,
  id: CodeId,
): Promise<void> {
  const quotas = SURVEY_WIZARDS[key].quotas;
  if (quotas.length === 0) return;
  await tx.insert(surveyQuotas).values(
    quotas.map((quota, position) => ({
      tenantId,
      surveyId,
      name: quota.name,
      limitType: quota.limitType,
      limit: quota.limit,
      questionId: quota.question ? (questionIds.get(quota.question) ?? null) : null,
      conditions: quota.conditions(id),
      refreshCron: DEMO_QUOTA_REFRESH_CRON,
      presentationFrequency: quota.presentationFrequency,
      position,
    })),
  );
}

/**
 * The draft fourth survey (general info and a flow of two questions, WizardStep 2, inactive, nobody invited)
 * unless a survey of its integration code exists.
 */
export async function ensureDraftSurvey(tx: Tx, tenantId: number, journeyStageId: number): Promise<void> {
  const [existing] = await tx
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.tenantId, tenantId), eq(surveys.integrationCode, DRAFT_SURVEY.code)));
  if (existing) return;
  const [survey] = await tx
    .insert(surveys)
    .values({
      tenantId,
      title: DRAFT_SURVEY.title,
      type: 1,
      isActive: false,
      wizardStep: DRAFT_SURVEY.wizardStep,
      language: 'tr',
      integrationCode: DRAFT_SURVEY.code,
      journeyStageId,
      executionTitle: DRAFT_SURVEY.executionTitle,
      openingMessage: DRAFT_SURVEY.openingMessage,
      closingMessage: DRAFT_SURVEY.closingMessage,
    })
    .returning({ id: surveys.id });
  if (!survey) throw new Error('draft survey insert returned nothing');
  const [flow] = await tx
    .insert(surveyFlows)
    .values({ tenantId, surveyId: survey.id, name: DRAFT_SURVEY.flowName })
    .returning({ id: surveyFlows.id });
  if (!flow) throw new Error('draft flow insert returned nothing');

  const ids = new Map<string, number>();
  for (const [position, question] of DRAFT_SURVEY.questions.entries()) {
    const logic = DRAFT_SURVEY.displayLogic;
    const shownWhen = question.code === logic.question ? ids.get(logic.shownWhen) : undefined;
    ids.set(
      question.code,
      await insertQuestion(tx, tenantId, question, {
        surveyId: survey.id,
        flowId: flow.id,
        position,
        // A page break after the NPS question: the "why" question gets a page of its own.
        pageBreakAfter: position === 0,
        displayLogic: shownWhen === undefined ? null : { QuestionId: shownWhen, Values: [...logic.values] },
      }),
    );
  }
}

/** The unplaced library questions (survey_id NULL), each unless a question of its integration code exists. */
export async function ensureLibraryQuestions(tx: Tx, tenantId: number): Promise<void> {
  for (const question of LIBRARY_QUESTIONS) {
    const [existing] = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.tenantId, tenantId), eq(questions.integrationCode, question.code)));
    if (!existing) await insertQuestion(tx, tenantId, question, null);
  }
}

type Placement = {
  surveyId: number;
  flowId: number;
  position: number;
  pageBreakAfter: boolean;
  displayLogic: { QuestionId: number; Values: number[] } | null;
};

/** A question with its choices and, for a matrix group, its sub-questions (which share the group's choices). */
async function insertQuestion(
  tx: Tx,
  tenantId: number,
  question: LibraryQuestion,
  placement: Placement | null,
): Promise<number> {
  const common = {
    tenantId,
    type: question.type,
    experienceId: question.experienceId,
    scale: question.scale,
    surveyId: placement?.surveyId ?? null,
    flowId: placement?.flowId ?? null,
  };
  const [row] = await tx
    .insert(questions)
    .values({
      ...common,
      text: question.text,
      integrationCode: question.code,
      position: placement?.position ?? 0,
      required: question.required ?? false,
      formatType: question.formatType ?? null,
      multiline: question.multiline ?? false,
      choiceType: question.choiceType,
      isMeasurement: question.isMeasurement ?? false,
      pageBreakAfter: placement?.pageBreakAfter ?? false,
      displayLogic: placement?.displayLogic ?? null,
    })
    .returning({ id: questions.id });
  if (!row) throw new Error(`question ${question.code} insert returned nothing`);
  if (question.choices.length > 0) {
    await tx.insert(questionChoices).values(
      question.choices.map((choice, position) => ({
        tenantId,
        questionId: row.id,
        label: choice.label,
        value: choice.value,
        position,
        ...(choice.image ? { image: cardPng(choice.image), imageMime: 'image/png' } : {}),
      })),
    );
  }
  const subQuestions = question.subQuestions ?? [];
  if (subQuestions.length > 0) {
    await tx.insert(questions).values(
      subQuestions.map(([code, text], position) => ({
        ...common,
        parentId: row.id,
        text,
        integrationCode: code,
        position,
      })),
    );
  }
  return row.id;
}

// ------------------------------------------------------------------------------------------ tiny PNGs

const CARD_WIDTH = 48;
const CARD_HEIGHT = 30;

/**
 * A small bank-card picture in one colour (a darker magnetic stripe, a light chip) as a PNG, made here so the
 * demo needs no image files: 8-bit RGB, one zlib-compressed IDAT.
 */
function cardPng([r, g, b]: readonly [number, number, number]): Buffer {
  const rowBytes = 1 + CARD_WIDTH * 3;
  const pixels = Buffer.alloc(rowBytes * CARD_HEIGHT);
  for (let y = 0; y < CARD_HEIGHT; y++) {
    pixels[y * rowBytes] = 0; // filter: none
    for (let x = 0; x < CARD_WIDTH; x++) {
      const stripe = y >= 5 && y < 10;
      const chip = x >= 6 && x < 14 && y >= 14 && y < 20;
      const [pr, pg, pb] = chip ? [230, 200, 120] : stripe ? [r / 3, g / 3, b / 3] : [r, g, b];
      const at = y * rowBytes + 1 + x * 3;
      pixels[at] = Math.round(pr);
      pixels[at + 1] = Math.round(pg);
      pixels[at + 2] = Math.round(pb);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(CARD_WIDTH, 0);
  header.writeUInt32BE(CARD_HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
