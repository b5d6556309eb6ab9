import sanitizeHtml from 'sanitize-html';
import {
  DEFAULT_LANGUAGE,
  ErrorCode,
  LANGUAGES,
  fillPlaceholders,
  type PublicAnswersResult,
  type PublicAnswersSave,
  type PublicOptOut,
  type PublicSurvey,
  type PublicSurveyState,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { hashSessionKey, newSessionKey, saveSessionAnswers } from '../responses/index.js';
import {
  answerProblems,
  buildFlow,
  mergeAnswers,
  missingRequired,
  savedAnswers,
  storedRows,
  type RespondentFlow,
} from './respondent-flow.js';
import {
  createRespondentRepository,
  respondentWrites,
  type FoundSession,
  type InvitationTarget,
  type InviteeFacts,
  type LinkTarget,
  type RespondentRepository,
  type SurveyForRespondent,
} from './respondent.repository.js';

/** The TipTap marks a survey's messages may carry; everything else is dropped. */
const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'blockquote',
    'span',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/** Interaction channel 9 (surveys spec §9). */
const CATI_CHANNEL = 9;

const notFound = () => new AppError(404, ErrorCode.NotFound);

/** The error a save meets in each closed state. */
const STATE_ERRORS: Record<Exclude<PublicSurveyState, 'Open'>, () => AppError> = {
  Expired: () => new AppError(410, ErrorCode.InvitationExpired),
  Completed: () => new AppError(409, ErrorCode.InvitationCompleted),
  OptedOut: () => new AppError(409, ErrorCode.InvitationOptedOut),
  Closed: () => new AppError(409, ErrorCode.SurveyClosed),
};

type Target = InvitationTarget | LinkTarget;
type Deps = { db: Db; publicUrl: string; now?: () => Date };

const languageOf = (code: string) =>
  LANGUAGES.some((language) => language.code === code) ? code : DEFAULT_LANGUAGE;

/**
 * The respondent page's API (docs/respondent-api.md): the flow to render, the answers saved as the respondent
 * goes, the unsubscribe link. A session of an invitation to a non-anonymised survey hangs on its invitation; any
 * other (a survey link's, an anonymised survey's) on a fresh invitee with only the transaction facts, found again
 * by the hash of the key its browser keeps.
 */
export function createRespondentService({ db, publicUrl, now = () => new Date() }: Deps) {
  const repository = createRespondentRepository(db);

  async function resolve(guid: string): Promise<{ target: Target; survey: SurveyForRespondent }> {
    const target = await repository.findTarget(guid);
    if (!target) throw notFound();
    const survey = await repository.survey(target.tenantId, target.surveyId);
    if (!survey) throw notFound();
    return { target, survey };
  }

  /** Completed and opted-out outrank expiry and closing: the respondent is told what they did. */
  async function stateOf(
    repo: RespondentRepository,
    target: Target,
    survey: SurveyForRespondent,
    invitation = target.kind === 'invitation' ? target : undefined,
  ): Promise<PublicSurveyState> {
    if (invitation) {
      if (invitation.completedAt) return 'Completed';
      if (
        invitation.optedOutAt ||
        (await repo.isOptedOut(target.tenantId, invitation.email, invitation.msisdn))
      ) {
        return 'OptedOut';
      }
      if (invitation.expiresAt && invitation.expiresAt.getTime() <= now().getTime()) return 'Expired';
    }
    const closed =
      !survey.isActive ||
      survey.wizardStep < 6 ||
      survey.flowId === null ||
      (target.kind === 'link' && !target.isActive);
    return closed ? 'Closed' : 'Open';
  }

  /** Whether the session hangs on its invitation (rather than on a key and an anonymous invitee). */
  const identified = (target: Target, survey: SurveyForRespondent): target is InvitationTarget =>
    target.kind === 'invitation' && !survey.anonymisedAnswers;

  async function findSession(
    repo: RespondentRepository,
    target: Target,
    survey: SurveyForRespondent,
    sessionKey: string | undefined,
  ): Promise<FoundSession | undefined> {
    if (identified(target, survey)) return repo.sessionOfInvitation(target.tenantId, target.invitationId);
    if (sessionKey === undefined) return undefined;
    const session = await repo.sessionOfKey(target.tenantId, survey.id, hashSessionKey(sessionKey));
    // A link's completed session is over: the next visit starts afresh.
    return session?.completion === 1 && target.kind === 'link' ? undefined : session;
  }

  async function flowOf(
    repo: RespondentRepository,
    { guid, target, survey }: { guid: string; target: Target; survey: SurveyForRespondent },
  ): Promise<RespondentFlow> {
    const { questions, choices } = await repo.flow(target.tenantId, survey.id, survey.flowId!);
    return buildFlow(
      questions,
      choices,
      (choiceId) => `/api/public/surveys/${guid}/choice-images/${choiceId}`,
    );
  }

  function message(html: string | null, guid: string, target: Target): string | null {
    if (html === null || html.trim() === '') return null;
    const link = `${publicUrl}/s/${guid}`;
    // A CATI invitation's page is filled in by an agent, who may be one that must not see the customer's
    // details (mask:invitee): its messages get no invitee values, whoever asks for the page.
    const values: Record<string, string | null> =
      target.kind === 'invitation' && target.channel !== CATI_CHANNEL
        ? { ...target.values, ExecutionLink: link, ShortExecutionLink: link }
        : { ExecutionLink: link, ShortExecutionLink: link };
    return sanitizeHtml(fillPlaceholders(html, values, { html: true }), SANITISE);
  }

  return {
    async view(guid: string, sessionKey: string | undefined): Promise<PublicSurvey> {
      const { target, survey } = await resolve(guid);
      if (target.kind === 'invitation' && !target.openedAt) {
        await repository.markOpened(target.tenantId, target.invitationId, now());
      }
      const state = await stateOf(repository, target, survey);
      const base = {
        State: state,
        Language: languageOf(survey.language),
        Title: survey.executionTitle ?? survey.title,
        OpeningMessage: message(survey.openingMessage, guid, target),
        ClosingMessage: message(survey.closingMessage, guid, target),
        RedirectUrl: survey.redirectUrl,
        RedirectSeconds: survey.redirectSeconds,
        CanOptOut: target.kind === 'invitation',
        PresentationFrequency: target.kind === 'link' ? target.presentationFrequency : null,
      };
      if (state !== 'Open') return { ...base, Pages: [], Answers: [], ResumePage: 0 };
      const flow = await flowOf(repository, { guid, target, survey });
      const session = await findSession(repository, target, survey, sessionKey);
      const answers = session
        ? savedAnswers(flow, await repository.answers(target.tenantId, session.id))
        : [];
      const resumePage = Math.min(session?.resumePage ?? 0, Math.max(flow.pages.length - 1, 0));
      return { ...base, Pages: flow.pages, Answers: answers, ResumePage: resumePage };
    },

    async save(guid: string, body: PublicAnswersSave): Promise<PublicAnswersResult> {
      const { target, survey } = await resolve(guid);
      const at = now();
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const repo = createRespondentRepository(tx);
        const invitation =
          target.kind === 'invitation'
            ? {
                ...target,
                ...(await respondentWrites.lockInvitation(tx, target.tenantId, target.invitationId)),
              }
            : undefined;
        const state = await stateOf(repo, target, survey, invitation);
        if (state !== 'Open') throw STATE_ERRORS[state]();

        const flow = await flowOf(repo, { guid, target, survey });
        const problems = answerProblems(flow, body.Answers);
        if (problems.length > 0) throw new AppError(400, ErrorCode.AnswerNotValid, problems);

        const session = await findSession(repo, target, survey, body.SessionKey);
        const saved = session ? savedAnswers(flow, await repo.answers(target.tenantId, session.id)) : [];
        const merged = mergeAnswers(saved, body.Answers);
        const postedPages = new Set(body.Answers.map((answer) => flow.targets.get(answer.QuestionId)!.page));
        const pages = body.Complete ? new Set(flow.pages.map((_page, index) => index)) : postedPages;
        const missing = missingRequired(flow, merged, pages);
        if (missing.length > 0) {
          throw new AppError(400, ErrorCode.RequiredAnswerMissing, { QuestionIds: missing });
        }

        // Moving on from a page without answers, before anything was saved, stores nothing (nor starts the funnel).
        if (!session && body.Answers.length === 0 && !body.Complete) {
          return {
            SessionKey: body.SessionKey ?? (identified(target, survey) ? guid : newSessionKey().key),
            Completed: false,
          };
        }
        const keyed = identified(target, survey)
          ? undefined
          : session && body.SessionKey !== undefined
            ? { key: body.SessionKey, hash: null }
            : newSessionKey();
        const sessionRef = session
          ? { id: session.id }
          : {
              tenantId: target.tenantId,
              surveyId: survey.id,
              flowId: survey.flowId,
              inviteeId: identified(target, survey)
                ? target.inviteeId
                : await respondentWrites.insertAnonymousInvitee(tx, {
                    tenantId: target.tenantId,
                    surveyId: survey.id,
                    facts: anonymousFacts(target, at),
                  }),
              invitationId: identified(target, survey) ? target.invitationId : null,
              resumeKeyHash: keyed?.hash ?? null,
              surveyLinkId: target.kind === 'link' ? target.linkId : null,
            };
        await saveSessionAnswers(tx, {
          tenantId: target.tenantId,
          session: sessionRef,
          questionIds: body.Answers.map((answer) => answer.QuestionId),
          answers: body.Answers.flatMap((answer) => storedRows(flow, answer)),
          complete: body.Complete,
          resumePage: Math.min(body.Page ?? session?.resumePage ?? 0, Math.max(flow.pages.length - 1, 0)),
          now: at,
        });
        if (target.kind === 'invitation') {
          await respondentWrites.stampInvitation(tx, {
            tenantId: target.tenantId,
            invitationId: target.invitationId,
            at,
            complete: body.Complete,
          });
        }
        return { SessionKey: keyed?.key ?? guid, Completed: body.Complete };
      });
    },

    async optOut(guid: string, body: PublicOptOut): Promise<void> {
      const target = await repository.findTarget(guid);
      if (target?.kind !== 'invitation') throw notFound();
      await db.transaction(async (transaction) => {
        await respondentWrites.optOut(transaction, {
          tenantId: target.tenantId,
          invitationId: target.invitationId,
          email: target.email,
          msisdn: target.msisdn,
          reason: body.Reason ?? null,
          at: now(),
        });
      });
    },

    async choiceImage(guid: string, choiceId: number): Promise<{ image: Buffer; mime: string }> {
      const target = await repository.findTarget(guid);
      if (!target) throw notFound();
      const image = await repository.choiceImage(target.tenantId, target.surveyId, choiceId);
      if (!image) throw notFound();
      return image;
    },
  };
}

/** A survey link's session is recorded on the link's channel at the visit's time; an invitation's keeps its facts. */
function anonymousFacts(target: Target, at: Date): InviteeFacts {
  if (target.kind === 'invitation') return target.facts;
  return {
    transactionDate: at.toISOString(),
    transactionChannelId: target.transactionChannelId,
    productId: null,
    locationId: null,
    transactionTypeId: null,
    employeeId: null,
    segmentIds: [],
    isTestUser: false,
  };
}
