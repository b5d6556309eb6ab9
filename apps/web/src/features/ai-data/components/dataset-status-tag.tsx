import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { assertNever, type AiDataset } from '@loupe/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DatasetStatus } from '../dataset-values';

/** A dataset's status as a coloured tag with its icon; Processing spins. */
function DatasetStatusTag({ status }: { status: DatasetStatus }) {
  const { t } = useTranslation('aiDatasets');
  const label = t(`statuses.${status}`);
  switch (status) {
    case 'Processing':
      return (
        <Tag color="processing" icon={<SyncOutlined spin aria-hidden="true" />}>
          {label}
        </Tag>
      );
    case 'Ready':
      return (
        <Tag color="success" icon={<CheckCircleOutlined aria-hidden="true" />}>
          {label}
        </Tag>
      );
    case 'Failed':
      return (
        <Tag color="error" icon={<CloseCircleOutlined aria-hidden="true" />}>
          {label}
        </Tag>
      );
    default:
      return assertNever(status);
  }
}

/** The tag of a dataset, announced politely when a build it waited for ends. */
export function DatasetStatusLive({ dataset }: { dataset: Pick<AiDataset, 'Status'> }) {
  return (
    <span aria-live="polite" aria-atomic="true">
      <DatasetStatusTag status={dataset.Status} />
    </span>
  );
}
