import { aiDatasetSaveSchema, type AiDataset, type QuestionLookupItem } from '@loupe/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  datasetBodyOf,
  datasetFormValues,
  datasetRefusalField,
  isBuilding,
  keptQuestionIds,
  openEndedQuestions,
} from './dataset-values';

const question = (Id: number, SurveyId: number, QuestionTypeName: string): QuestionLookupItem => ({
  Id,
  Text: `Question ${Id}`,
  SurveyId,
  SurveyFlowId: null,
  ParentId: null,
  QuestionTypeName,
  ExperienceId: null,
  Scale: null,
  Code: null,
  Required: false,
  Choices: [],
});

const dataset: AiDataset = {
  Id: 7,
  Name: 'Branch comments',
  Language: 'en',
  SurveyIds: [1, 2],
  QuestionIds: [11],
  DateFrom: '2026-01-01T00:00:00.000Z',
  DateTo: null,
  Sources: ['import', 'survey'],
  Status: 'Ready',
  InstanceCount: 42,
  BuildError: null,
  CreatedDate: '2026-02-01T10:00:00.000Z',
  BuiltDate: '2026-02-01T10:00:05.000Z',
};

const refusal = (code: number, path: string) =>
  new ApiError({ status: 400, code, message: 'm', supportId: 's', details: [{ Path: path, Message: 'x' }] });

describe('the dataset form', () => {
  it('saves what the server accepts: whole days of the range in the browser zone, sources in their order', () => {
    const body = datasetBodyOf({
      Name: '  Branch comments ',
      Language: 'tr',
      SurveyIds: [3],
      QuestionIds: [],
      DateRange: [dayjs('2026-03-05T15:20:00'), dayjs('2026-03-09T08:00:00')],
      Sources: ['import', 'survey'],
    });
    expect(body).toMatchObject({ Name: 'Branch comments', Sources: ['survey', 'import'] });
    expect(dayjs(body.DateFrom).valueOf()).toBe(dayjs('2026-03-05T00:00:00').valueOf());
    expect(dayjs(body.DateTo).valueOf()).toBe(dayjs('2026-03-09T23:59:59').valueOf());
    expect(aiDatasetSaveSchema.safeParse(body).success).toBe(true);
  });

  it('leaves an open end of the range open, and no range at all unbounded', () => {
    const values = { ...datasetFormValues(), Name: 'x', SurveyIds: [1] };
    expect(datasetBodyOf({ ...values, DateRange: [null, dayjs('2026-03-09')] }).DateFrom).toBeNull();
    expect(datasetBodyOf(values)).toMatchObject({ DateFrom: null, DateTo: null, Sources: [] });
  });

  it('starts from the dataset, or from a new Turkish dataset of every source', () => {
    expect(datasetFormValues()).toEqual({
      Name: '',
      Language: 'tr',
      SurveyIds: [],
      QuestionIds: [],
      DateRange: null,
      Sources: [],
    });
    const values = datasetFormValues(dataset);
    expect(values.DateRange?.[0]?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(values.DateRange?.[1]).toBeNull();
    expect(values).toMatchObject({ Language: 'en', SurveyIds: [1, 2], QuestionIds: [11] });
  });

  it('offers only the open-ended questions of the chosen surveys', () => {
    const questions = [question(11, 1, 'OETX'), question(12, 1, 'MCSS'), question(21, 2, 'OETX')];
    expect(openEndedQuestions(questions, [1]).map((q) => q.Id)).toEqual([11]);
    expect(openEndedQuestions(questions, [1, 2]).map((q) => q.Id)).toEqual([11, 21]);
    expect(openEndedQuestions(questions, [])).toEqual([]);
  });

  it('drops the questions of a survey taken out, but not while the questions load', () => {
    const offered = [question(11, 1, 'OETX')];
    expect(keptQuestionIds([11, 21], offered, true)).toEqual([11]);
    expect(keptQuestionIds([11, 21], [], false)).toEqual([11, 21]);
  });

  it('puts a taken name and refused fields under their field, the dates under the range', () => {
    expect(datasetRefusalField(refusal(19101, 'body/Name'))).toBe('Name');
    expect(datasetRefusalField(refusal(3333, 'body/QuestionIds'))).toBe('QuestionIds');
    expect(datasetRefusalField(refusal(3333, 'body/DateTo'))).toBe('DateRange');
    expect(datasetRefusalField(refusal(19102, 'body/Name'))).toBeUndefined();
    expect(datasetRefusalField(new Error('offline'))).toBeUndefined();
  });

  it('polls only a dataset being built', () => {
    expect([isBuilding('Processing'), isBuilding('Ready'), isBuilding('Failed')]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
