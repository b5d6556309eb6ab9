import { labelsChanged } from '../../core/labels-version.js';
import {
  ErrorCode,
  type FormatType,
  type QuestionDetail,
  type QuestionSave,
  type QuestionTypeName,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { badRequest, notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import { fieldRefusal, found, invalidField } from '../../core/refusals.js';
import {
  questionRepository as repository,
  type ChoiceValues,
  type QuestionValues,
} from './question.repository.js';
import { assertQuestionShape, decodeChoiceImage, integrationCodesOf } from './question-rules.js';
import { isInUse, questionUsage } from './question-usage.js';

type StoredChoice = Awaited<ReturnType<typeof repository.choices>>[number];
type StoredSub = Awaited<ReturnType<typeof repository.subQuestions>>[number];
type StoredQuestion = NonNullable<Awaited<ReturnType<typeof repository.find>>>;

const choiceImageUrl = (questionId: number, choiceId: number) =>
  `/api/questions/${questionId}/choices/${choiceId}/image`;

const codeUsed = () => badRequest(ErrorCode.QuestionIntegrationCodeUsed);
const answered = (path: string) => fieldRefusal(ErrorCode.QuestionChangeAltersAnswers, path, 'answered');

function valuesOf(input: QuestionSave): QuestionValues {
  return {
    text: input.Text,
    type: input.QuestionTypeName,
    experienceId: input.ExperienceId,
    scale: input.Scale,
    formatType: input.FormatType,
    choiceType: input.ChoiceType,
    multiline: input.Multiline,
    required: input.Required,
    allowComment: input.AllowComment,
    isMeasurement: input.IsMeasurement,
    integrationCode: input.IntegrationCode ?? null,
  };
}

/** The choices to write, pictures decoded (and refused, 4028) before anything is written. */
function choicesOf(input: QuestionSave): (ChoiceValues & { id?: number })[] {
  return input.Choices.map((choice, index) => ({
    id: choice.Id,
    label: choice.Label,
    value: choice.Value,
    position: choice.Order,
    isDeleted: choice.IsDeleted,
    ...(choice.Image === undefined ? {} : { image: decodeChoiceImage(choice.Image, index) }),
  }));
}

/** Values no choice of the save or of the store holds, to park changing values on (the value index is unique). */
function* freeValues(taken: Set<number>): Generator<number, never> {
  for (let value = -2_147_483_648; ; value++) if (!taken.has(value)) yield value;
}

/**
 * The question library (surveys spec §3, §5; docs/surveys-questions.md): the tenant's questions with their
 * choices and matrix sub-questions. Unique integration codes (2035), the shape of each type (4009-4012, 4028), a
 * used question is not deleted (4007), answers fix type, scale and answered values (4008), a measurement question
 * is not cloned (4026), and an answered question's new experience reaches the analytics replica. Every write is
 * one transaction, so a refusal changes nothing.
 */
export function createQuestionService({ db }: { db: Db }) {
  /** One transaction; once it commits, widget answers stop reusing question texts read before it. */
  async function writing<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await refusingConflicts(() => db.transaction(work), {
      onDuplicate: codeUsed,
      onInUse: () => badRequest(ErrorCode.QuestionInUse),
    });
    labelsChanged();
    return result;
  }

  async function detail(executor: Executor, tenantId: number, id: number): Promise<QuestionDetail> {
    const row = found(await repository.find(executor, tenantId, id));
    const choices = await repository.choices(executor, id);
    const subs = await repository.subQuestions(executor, id);
    const usage = await questionUsage(executor, tenantId, id);
    return {
      Id: row.id,
      Text: row.text,
      QuestionTypeName: row.type as QuestionTypeName,
      ExperienceId: row.experienceId,
      Scale: row.scale,
      FormatType: row.formatType as FormatType | null,
      ChoiceType: row.choiceType,
      Multiline: row.multiline,
      Required: row.required,
      AllowComment: row.allowComment,
      IsMeasurement: row.isMeasurement,
      IntegrationCode: row.integrationCode,
      SurveyId: row.surveyId,
      SurveyTitle: row.surveyTitle,
      Choices: choices.map((choice) => ({
        Id: choice.id,
        Label: choice.label,
        Value: choice.value,
        Order: choice.position,
        IsDeleted: choice.isDeleted,
        ImageUrl: choice.hasImage ? choiceImageUrl(id, choice.id) : null,
        AnswerCount: choice.answerCount,
      })),
      SubQuestions: subs.map((sub) => ({
        Id: sub.id,
        Text: sub.text,
        IntegrationCode: sub.integrationCode,
        AnswerCount: sub.answerCount,
      })),
      AnswerCount: row.answerCount,
      InUse: isInUse(usage),
    };
  }

  /** The checks that read the database: the experience exists for the tenant, the codes are free. */
  async function assertReferences(tx: Executor, tenantId: number, input: QuestionSave, own: number[]) {
    if (
      input.ExperienceId !== null &&
      !(await repository.experienceVisible(tx, tenantId, input.ExperienceId))
    ) {
      throw invalidField('ExperienceId', 'unknown');
    }
    const named = integrationCodesOf(input);
    const taken = await repository.codesTaken(
      tx,
      tenantId,
      named.map((entry) => entry.code),
      own,
    );
    const first = named.find((entry) => taken.includes(entry.code));
    if (first) throw fieldRefusal(ErrorCode.QuestionIntegrationCodeUsed, first.path, 'exists');
  }

  /** Writes the choices: removed ones deleted, changed ones updated (values parked first), new ones added. */
  async function writeChoices(
    tx: Executor,
    tenantId: number,
    questionId: number,
    wanted: (ChoiceValues & { id?: number })[],
    stored: StoredChoice[],
  ) {
    const kept = new Set(wanted.flatMap((choice) => (choice.id === undefined ? [] : [choice.id])));
    await repository.deleteChoices(
      tx,
      stored.filter((choice) => !kept.has(choice.id)).map((choice) => choice.id),
    );
    const storedValue = new Map(stored.map((choice) => [choice.id, choice.value]));
    const moving = wanted.filter(
      (choice) => choice.id !== undefined && storedValue.get(choice.id) !== choice.value,
    );
    const parking = freeValues(new Set([...stored.map((c) => c.value), ...wanted.map((c) => c.value)]));
    for (const choice of moving)
      await repository.updateChoice(tx, choice.id!, { value: parking.next().value });
    for (const { id, ...choice } of wanted) {
      if (id === undefined) await repository.insertChoice(tx, tenantId, questionId, choice);
      else await repository.updateChoice(tx, id, choice);
    }
  }

  /** Writes a group's sub-questions: removed ones deleted, the others in the order given. */
  async function writeSubQuestions(
    tx: Executor,
    tenantId: number,
    group: { id: number; values: QuestionValues; surveyId: number | null; flowId: number | null },
    input: QuestionSave,
    stored: StoredSub[],
  ) {
    const kept = new Set(input.SubQuestions.flatMap((sub) => (sub.Id === undefined ? [] : [sub.Id])));
    await repository.deleteQuestions(
      tx,
      stored.filter((sub) => !kept.has(sub.id)).map((sub) => sub.id),
    );
    for (const [position, sub] of input.SubQuestions.entries()) {
      const values = { text: sub.Text, integrationCode: sub.IntegrationCode ?? null, position };
      if (sub.Id !== undefined) {
        await repository.updateQuestion(tx, sub.Id, values);
        continue;
      }
      await repository.insertQuestion(tx, tenantId, {
        ...group.values,
        ...values,
        formatType: null,
        isMeasurement: false,
        parentId: group.id,
        surveyId: group.surveyId,
        flowId: group.flowId,
      });
    }
  }

  /** 4008: what answers fix — type, scale, the values of answered choices, answered sub-questions. */
  function assertAnswersKept(
    row: StoredQuestion,
    input: QuestionSave,
    stored: { choices: StoredChoice[]; subs: StoredSub[] },
  ) {
    if (row.answerCount === 0) return;
    if (row.type !== input.QuestionTypeName) throw answered('QuestionTypeName');
    if (row.scale !== input.Scale) throw answered('Scale');
    for (const choice of stored.choices.filter((c) => c.answerCount > 0)) {
      const index = input.Choices.findIndex((c) => c.Id === choice.id);
      if (index < 0) throw answered('Choices');
      if (input.Choices[index]!.Value !== choice.value) throw answered(`Choices.${index}.Value`);
    }
    for (const sub of stored.subs.filter((s) => s.answerCount > 0)) {
      if (!input.SubQuestions.some((s) => s.Id === sub.id)) throw answered('SubQuestions');
    }
  }

  /** Ids in the save must be the question's own choices and sub-questions. */
  function assertOwnIds(input: QuestionSave, stored: { choices: StoredChoice[]; subs: StoredSub[] }) {
    input.Choices.forEach((choice, index) => {
      if (choice.Id !== undefined && !stored.choices.some((c) => c.id === choice.Id)) {
        throw invalidField(`Choices.${index}.Id`, 'unknown');
      }
    });
    input.SubQuestions.forEach((sub, index) => {
      if (sub.Id !== undefined && !stored.subs.some((s) => s.id === sub.Id)) {
        throw invalidField(`SubQuestions.${index}.Id`, 'unknown');
      }
    });
  }

  return {
    get: (actor: Actor, id: number) => detail(db, requireTenant(actor), id),

    async create(actor: Actor, input: QuestionSave): Promise<QuestionDetail> {
      const tenantId = requireTenant(actor);
      assertQuestionShape(input);
      if (input.Choices.some((choice) => choice.Id !== undefined))
        throw invalidField('Choices', 'new choices have no Id');
      if (input.SubQuestions.some((sub) => sub.Id !== undefined)) {
        throw invalidField('SubQuestions', 'new sub-questions have no Id');
      }
      const choices = choicesOf(input);
      const id = await writing(async (tx) => {
        await assertReferences(tx, tenantId, input, []);
        const values = valuesOf(input);
        const questionId = await repository.insertQuestion(tx, tenantId, values);
        await writeChoices(tx, tenantId, questionId, choices, []);
        await writeSubQuestions(
          tx,
          tenantId,
          { id: questionId, values, surveyId: null, flowId: null },
          input,
          [],
        );
        return questionId;
      });
      return detail(db, tenantId, id);
    },

    async update(actor: Actor, id: number, input: QuestionSave): Promise<QuestionDetail> {
      const tenantId = requireTenant(actor);
      assertQuestionShape(input);
      const choices = choicesOf(input);
      await writing(async (tx) => {
        const row = found(await repository.find(tx, tenantId, id));
        const stored = {
          choices: await repository.choices(tx, id),
          subs: await repository.subQuestions(tx, id),
        };
        assertOwnIds(input, stored);
        assertAnswersKept(row, input, stored);
        await assertReferences(tx, tenantId, input, [id, ...stored.subs.map((sub) => sub.id)]);
        const values = valuesOf(input);
        // The sub-questions' codes are cleared and written again, so codes may move between them and the group.
        await repository.updateSubQuestions(tx, id, {
          type: values.type,
          experienceId: values.experienceId,
          scale: values.scale,
          integrationCode: null,
        });
        await repository.updateQuestion(tx, id, values);
        await writeChoices(tx, tenantId, id, choices, stored.choices);
        await writeSubQuestions(
          tx,
          tenantId,
          { id, values, surveyId: row.surveyId, flowId: row.flowId },
          input,
          stored.subs,
        );
        // Past answers are reported under the question's experience: the replica reads their sessions again.
        if (row.answerCount > 0 && row.experienceId !== input.ExperienceId) {
          await repository.resyncAnsweredSessions(tx, tenantId, id);
        }
      });
      return detail(db, tenantId, id);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const tenantId = requireTenant(actor);
      await writing(async (tx) => {
        found(await repository.find(tx, tenantId, id));
        const usage = await questionUsage(tx, tenantId, id);
        if (isInUse(usage)) {
          throw badRequest(
            ErrorCode.QuestionInUse,
            Object.entries(usage)
              .filter(([, value]) => value === true || (typeof value === 'number' && value > 0))
              .map(([path, value]) => ({ Path: path, Message: String(value) })),
          );
        }
        const subs = await repository.subQuestions(tx, id);
        // The choices go with their question (on delete cascade).
        await repository.deleteQuestions(tx, [...subs.map((sub) => sub.id), id]);
      });
    },

    /** A copy in the library: not placed, no integration codes, the measurement flag off (refused while on). */
    async clone(actor: Actor, id: number): Promise<QuestionDetail> {
      const tenantId = requireTenant(actor);
      const copyId = await writing(async (tx) => {
        const source = found(await repository.find(tx, tenantId, id));
        if (source.isMeasurement) throw badRequest(ErrorCode.CloneMeasurementOn);
        const values: QuestionValues = {
          text: source.text,
          type: source.type,
          experienceId: source.experienceId,
          scale: source.scale,
          formatType: source.formatType,
          choiceType: source.choiceType,
          multiline: source.multiline,
          required: source.required,
          allowComment: source.allowComment,
          isMeasurement: false,
          integrationCode: null,
        };
        const copy = await repository.insertQuestion(tx, tenantId, values);
        for (const choice of await repository.storedChoices(tx, id)) {
          if (choice.isDeleted) continue;
          await repository.insertChoice(tx, tenantId, copy, {
            label: choice.label,
            value: choice.value,
            position: choice.position,
            isDeleted: false,
            ...(choice.image && choice.imageMime
              ? { image: { bytes: choice.image, mime: choice.imageMime } }
              : {}),
          });
        }
        for (const [position, sub] of (await repository.subQuestions(tx, id)).entries()) {
          await repository.insertQuestion(tx, tenantId, {
            ...values,
            text: sub.text,
            formatType: null,
            parentId: copy,
            position,
          });
        }
        return copy;
      });
      return detail(db, tenantId, copyId);
    },

    async choiceImage(actor: Actor, id: number, choiceId: number) {
      const tenantId = requireTenant(actor);
      found(await repository.find(db, tenantId, id));
      return found(await repository.choiceImage(db, tenantId, id, choiceId), notFound);
    },
  };
}
