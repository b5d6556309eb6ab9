import { fieldOfDetails } from '@/components/admin-page/refusal-field';

const FIELDS = [
  'Name',
  'Language',
  'BaseModelId',
  'AnnotationWorkId',
  'GoldenAnnotationWorkId',
  'PositiveF1Increase',
  'NeutralF1Increase',
  'NegativeF1Increase',
  'MinLabels',
  'LearningRate',
  'EpochSize',
  'TrainAll',
] as const;

/** The field a refused save (3333 or 19121 with `Details` such as `body/BaseModelId`) names; others show above. */
export const sentimentModelRefusalField = fieldOfDetails<Record<(typeof FIELDS)[number], unknown>>(FIELDS);
