import { ErrorCode, type AiDataset, type AiDatasetSave, type QuestionLookupItem } from '@loupe/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { fieldOfDetails } from '@/components/admin-page/refusal-field';

/*
 * The dataset form's values and the rules the screens apply to them (docs/text-analytics-data.md "Screens"):
 * pure, so they are tested without a browser.
 */

/** How often a dataset being built is read again. */
export const DATASET_POLL_MS = 2_000;

export type DatasetStatus = AiDataset['Status'];
export type DatasetLanguage = AiDataset['Language'];
export type DatasetSource = AiDataset['Sources'][number];

/** The languages and sources the form offers, in the contracts' order. */
export const DATASET_LANGUAGE_CHOICES: readonly DatasetLanguage[] = ['tr', 'en'];
export const DATASET_SOURCE_CHOICES: readonly DatasetSource[] = ['survey', 'rest-api', 'import'];

/** A dataset is being built while Processing: its row and page poll, its delete is refused (19102). */
export const isBuilding = (status: DatasetStatus): boolean => status === 'Processing';

export type DatasetFormValues = {
  Name: string;
  Language: DatasetLanguage;
  SurveyIds: number[];
  QuestionIds: number[];
  DateRange: [Dayjs | null, Dayjs | null] | null;
  Sources: DatasetSource[];
};

/** The form's starting values: the dataset's, or a new Turkish dataset of every source. */
export function datasetFormValues(dataset?: AiDataset): DatasetFormValues {
  const day = (value: string | null | undefined) => (value ? dayjs(value) : null);
  const from = day(dataset?.DateFrom);
  const to = day(dataset?.DateTo);
  return {
    Name: dataset?.Name ?? '',
    Language: dataset?.Language ?? 'tr',
    SurveyIds: dataset?.SurveyIds ?? [],
    QuestionIds: dataset?.QuestionIds ?? [],
    DateRange: from || to ? [from, to] : null,
    Sources: dataset?.Sources ?? [],
  };
}

/** What the form saves: the range's first day from its start, its last day to its end, in the browser's zone. */
export function datasetBodyOf(values: DatasetFormValues): AiDatasetSave {
  const [from, to] = values.DateRange ?? [null, null];
  return {
    Name: values.Name.trim(),
    Language: values.Language,
    SurveyIds: values.SurveyIds,
    QuestionIds: values.QuestionIds,
    DateFrom: from ? from.startOf('day').format() : null,
    DateTo: to ? to.endOf('day').millisecond(0).format() : null,
    Sources: DATASET_SOURCE_CHOICES.filter((source) => values.Sources.includes(source)),
  };
}

/** The open-ended (OETX) questions of the chosen surveys: the ones a dataset may name. */
export function openEndedQuestions(
  questions: readonly QuestionLookupItem[],
  surveyIds: readonly number[],
): QuestionLookupItem[] {
  return questions.filter(
    (question) => question.QuestionTypeName === 'OETX' && surveyIds.includes(question.SurveyId),
  );
}

/**
 * The chosen questions still offered after the surveys changed: a question of a survey taken out goes with it.
 * While the questions load (`loaded` false) the choice is kept as it is.
 */
export function keptQuestionIds(
  questionIds: readonly number[],
  offered: readonly QuestionLookupItem[],
  loaded: boolean,
): number[] {
  if (!loaded) return [...questionIds];
  const ids = new Set(offered.map((question) => question.Id));
  return questionIds.filter((id) => ids.has(id));
}

const datasetField = fieldOfDetails<Record<'DateFrom' | 'DateTo', unknown> & DatasetFormValues>(
  ['Name', 'Language', 'SurveyIds', 'QuestionIds', 'Sources', 'DateFrom', 'DateTo'],
  [ErrorCode.ModelNotValid, ErrorCode.DatasetNameExists],
);

/** The field a refused save belongs to: a refused field (3333) or a taken name (19101); the dates under the range. */
export function datasetRefusalField(error: unknown): keyof DatasetFormValues | undefined {
  const field = datasetField(error);
  return field === 'DateFrom' || field === 'DateTo' ? 'DateRange' : field;
}
