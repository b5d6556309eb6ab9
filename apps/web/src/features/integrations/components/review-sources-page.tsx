import type { ReviewSource } from '@loupe/contracts';
import { Space, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteRecordButton } from '@/components/admin-page/confirm-action-button';
import { usePageTitle } from '@/lib/page-title';
import { useDeleteReviewSource, useReviewSources } from '../api/review-sources';
import { useCanManageIntegrations } from './integration-access';
import { RecordList, byText } from './record-list';
import { LastRunTag, RunNowButton, lastRunText } from './review-run';
import styles from './integrations.module.css';

export const REVIEW_SOURCES_PATH = '/review-sources';

/** `/review-sources` (integration:read, integration:manage): the tenant's review sources with their last run. */
export function ReviewSourcesPage() {
  const { t } = useTranslation('integrations');
  const canManage = useCanManageIntegrations();
  const query = useReviewSources();
  usePageTitle(t('reviews.title'));

  const columns: TableColumnsType<ReviewSource> = [
    {
      key: 'Name',
      title: t('reviews.fields.name'),
      sorter: byText((row) => row.Name),
      defaultSortOrder: 'ascend',
      render: (_value, row) => <Link to={`${REVIEW_SOURCES_PATH}/${row.Id}`}>{row.Name}</Link>,
    },
    {
      key: 'ResourceName',
      title: t('reviews.fields.resourceName'),
      sorter: byText((row) => row.ResourceName),
      dataIndex: 'ResourceName',
    },
    {
      key: 'Where',
      title: t('reviews.fields.where'),
      // Long addresses are cut to one short line; the whole one is the cell's title.
      render: (_value, row) => (
        <span className={styles.address} title={row.PlaceId ?? row.ReviewUrl ?? undefined}>
          {row.PlaceId ?? row.ReviewUrl}
        </span>
      ),
    },
    {
      key: 'Frequency',
      title: t('reviews.fields.frequency'),
      render: (_value, row) => t(`reviews.frequencies.${row.Frequency}` as 'reviews.frequencies.1'),
    },
    {
      key: 'IsActive',
      title: t('reviews.fields.isActive'),
      render: (_value, row) =>
        row.IsActive ? <Tag color="blue">{t('reviews.active')}</Tag> : <Tag>{t('reviews.inactive')}</Tag>,
    },
    {
      key: 'LastRunAt',
      title: t('reviews.fields.lastRunAt'),
      sorter: byText((row) => row.LastRunAt ?? ''),
      render: (_value, row) => (
        <Space size={4}>
          {lastRunText(row)}
          <LastRunTag source={row} />
        </Space>
      ),
    },
    {
      key: 'ImportedCount',
      title: t('reviews.fields.importedCount'),
      sorter: (a, b) => a.ImportedCount - b.ImportedCount,
      dataIndex: 'ImportedCount',
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('reviews.actions'),
            render: (_value: unknown, row: ReviewSource) => (
              <Space size={0}>
                <RunNowButton compact source={row} />
                <DeleteReviewSourceButton compact record={row} />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <RecordList<ReviewSource>
      title={t('reviews.title')}
      intro={t('reviews.intro')}
      path={REVIEW_SOURCES_PATH}
      newLabel={canManage && t('reviews.new')}
      query={query}
      columns={columns}
      loadFailed={t('reviews.loadFailed')}
      empty={t('reviews.empty')}
      emptyHint={t('reviews.emptyManage')}
    />
  );
}

/** Deletes a review source after the user confirms; the sessions it imported stay. */
export function DeleteReviewSourceButton({
  record,
  ...rest
}: {
  record: { Id: number; Name: string };
  compact?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('integrations');
  const name = record.Name;
  return (
    <DeleteRecordButton<number>
      {...rest}
      id={record.Id}
      mutation={useDeleteReviewSource()}
      texts={{
        label: t('reviews.delete.label', { name }),
        confirmTitle: t('reviews.delete.confirmTitle', { name }),
        confirmDescription: t('reviews.delete.confirmDescription'),
        done: t('reviews.delete.done', { name }),
        refused: t('reviews.delete.refused', { name }),
      }}
    />
  );
}
