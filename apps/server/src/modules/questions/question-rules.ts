import {
  CHOICE_IMAGE_MIME_TYPES,
  ChoiceType,
  ErrorCode,
  isMatrixQuestionType,
  QUESTION_LIMITS,
  type QuestionSave,
} from '@loupe/contracts';
import { badRequest } from '../../errors.js';
import { fieldRefusal, invalidField } from '../../core/refusals.js';

/*
 * The rules a question's shape must keep whatever is stored (surveys spec §5, §9; issue 16), as pure functions:
 * the service adds the ones that need the database (integration codes, answers, usage).
 */

type ImageMime = (typeof CHOICE_IMAGE_MIME_TYPES)[number];

/** The first bytes each accepted picture type starts with (WebP: RIFF….WEBP). */
const MAGIC: Record<ImageMime, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

const imageRefused = (index: number) =>
  fieldRefusal(ErrorCode.ChoiceImageInvalid, `Choices.${index}.Image`, 'image');

/**
 * A choice's picture from its data URL: PNG, JPEG, GIF or WebP, at most 512 KB, and the bytes must be what the
 * mime says (the text alone proves nothing) — else 4028.
 */
export function decodeChoiceImage(dataUrl: string, index: number): { bytes: Buffer; mime: ImageMime } {
  const match = /^data:([a-z/+.-]+);base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl);
  const mime = CHOICE_IMAGE_MIME_TYPES.find((type) => type === match?.[1]);
  if (!match || !mime) throw imageRefused(index);
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  if (bytes.length === 0 || bytes.length > QUESTION_LIMITS.imageBytesMax || !MAGIC[mime](bytes)) {
    throw imageRefused(index);
  }
  return { bytes, mime };
}

/** The shape rules of a saved question: which fields its type takes, choice counts, unique values and codes. */
export function assertQuestionShape(input: QuestionSave): void {
  const type = input.QuestionTypeName;
  const matrix = isMatrixQuestionType(type);
  if (type === 'OETX') {
    if (input.Choices.length > 0) throw invalidField('Choices', 'An open-ended question has no choices');
    if (input.Scale !== null) throw invalidField('Scale', 'An open-ended question has no scale');
  } else if (input.FormatType !== null) {
    throw invalidField('FormatType', 'Only an open-ended question has a format type');
  }
  if (!matrix && input.SubQuestions.length > 0) {
    throw invalidField('SubQuestions', 'Only a matrix group has sub-questions');
  }

  const live = input.Choices.filter((choice) => !choice.IsDeleted);
  if (type !== 'OETX' && live.length === 0) throw badRequest(ErrorCode.ChoiceRequired);
  if (matrix) {
    const subs = input.SubQuestions.length;
    if (subs < QUESTION_LIMITS.subQuestionsMin || subs > QUESTION_LIMITS.subQuestionsMax) {
      throw fieldRefusal(ErrorCode.MatrixSubQuestionCount, 'SubQuestions', String(subs));
    }
    if (live.length < QUESTION_LIMITS.matrixChoicesMin || live.length > QUESTION_LIMITS.matrixChoicesMax) {
      throw fieldRefusal(ErrorCode.MatrixChoiceCount, 'Choices', String(live.length));
    }
  }

  // Every stored choice keeps its value, deleted ones too: a value is unique among all of them.
  const values = new Set<number>();
  input.Choices.forEach((choice, index) => {
    if (values.has(choice.Value))
      throw fieldRefusal(ErrorCode.ChoiceValueDuplicate, `Choices.${index}.Value`, 'duplicate');
    values.add(choice.Value);
    if (choice.Image !== undefined && input.ChoiceType !== ChoiceType.Image) {
      throw invalidField(`Choices.${index}.Image`, 'Only Image choices have a picture');
    }
  });

  const codes = new Set<string>();
  for (const { path, code } of integrationCodesOf(input)) {
    if (codes.has(code)) throw fieldRefusal(ErrorCode.QuestionIntegrationCodeUsed, path, 'exists');
    codes.add(code);
  }
}

/** The integration codes the save names, with the field each came from. */
export function integrationCodesOf(input: QuestionSave): { path: string; code: string }[] {
  return [
    { path: 'IntegrationCode', code: input.IntegrationCode ?? '' },
    ...input.SubQuestions.map((sub, index) => ({
      path: `SubQuestions.${index}.IntegrationCode`,
      code: sub.IntegrationCode ?? '',
    })),
  ].filter((entry) => entry.code !== '');
}
