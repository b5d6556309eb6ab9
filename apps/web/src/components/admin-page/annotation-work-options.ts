import type { AiAnnotationWork } from '@loupe/contracts';
import type { LookupOption } from '@/components/admin-page/id-lookup-select';

/** An annotation work's type: 0 sentiment, 1 topic, 2 emotion. */
export type AnnotationType = 0 | 1 | 2;

/**
 * The annotation works a model may train on, as select options: the works of `type` in `language` (any language
 * while the model's is not known yet), each named with its language and dataset.
 */
export function annotationWorkOptions(
  works: readonly AiAnnotationWork[] | undefined,
  type: AnnotationType,
  language: string | undefined,
): LookupOption[] {
  return (works ?? [])
    .filter((work) => work.AnnotationType === type && (language === undefined || work.Language === language))
    .map((work) => ({ value: work.Id, label: `${work.Name} (${work.Language}) · ${work.DatasetName}` }));
}
