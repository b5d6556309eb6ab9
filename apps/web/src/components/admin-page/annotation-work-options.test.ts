import type { AiAnnotationWork } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { annotationWorkOptions } from './annotation-work-options';

const work = (Id: number, AnnotationType: number, Language: string): AiAnnotationWork => ({
  Id,
  Name: `Work ${Id}`,
  AnnotationType,
  DatasetId: 1,
  DatasetName: `Comments ${Language}`,
  Language,
  TopicModelId: AnnotationType === 0 ? null : 5,
  TopicModelName: AnnotationType === 0 ? null : 'Topics',
  TargetCount: 10,
  AgreementLevel: 2,
  Status: 'Ready',
  InstanceCount: 10,
  GoldCount: 0,
  Progress: 0,
  BuildError: null,
  CreatedDate: '2026-01-01T00:00:00.000Z',
});

const works = [work(1, 0, 'en'), work(2, 0, 'tr'), work(3, 1, 'en'), work(4, 2, 'en'), work(5, 1, 'tr')];

describe('annotationWorkOptions', () => {
  it('offers the works of the type in the language, named with language and dataset', () => {
    expect(annotationWorkOptions(works, 0, 'en')).toEqual([{ value: 1, label: 'Work 1 (en) · Comments en' }]);
    expect(annotationWorkOptions(works, 1, 'tr').map((option) => option.value)).toEqual([5]);
    expect(annotationWorkOptions(works, 2, 'en').map((option) => option.value)).toEqual([4]);
  });

  it('offers every language while the language is unknown, and nothing before the works have loaded', () => {
    expect(annotationWorkOptions(works, 1, undefined).map((option) => option.value)).toEqual([3, 5]);
    expect(annotationWorkOptions(undefined, 0, 'en')).toEqual([]);
  });
});
