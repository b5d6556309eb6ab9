import type { StagedInviteeRow } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { formatDateTime } from '../import-format';
import { EliminationReasonText, StagedStatusTag } from './status-tags';

/**
 * The columns of a staged invitee (surveys spec §3 Invitee pool row): the pool's and an import's records. Names,
 * not ids, for the transaction's parts; masked values show as the server sends them. `withImport` adds the
 * link to the import; `withRow` the file's row number.
 */
export function useStagedColumns({
  withImport,
  withRow,
}: {
  withImport: boolean;
  withRow: boolean;
}): DataGridColumn<StagedInviteeRow>[] {
  const { t } = useTranslation('imports');
  const date = (value: unknown) => formatDateTime(value);
  const columns: (DataGridColumn<StagedInviteeRow> | false)[] = [
    withRow && { key: 'RowNumber', title: t('columns.rowNumber'), width: 100 },
    { key: 'InviteeFullName', title: t('columns.inviteeFullName'), width: 200 },
    { key: 'InviteeId', title: t('columns.inviteeId'), width: 110 },
    { key: 'InviteeMsisdn', title: t('columns.inviteeMsisdn'), width: 150 },
    { key: 'InviteeEmail', title: t('columns.inviteeEmail'), width: 220, defaultHidden: true },
    { key: 'CreateDate', title: t('columns.createDate'), width: 160, render: date },
    { key: 'TransactionTypeName', title: t('columns.transactionType'), width: 160 },
    { key: 'TransactionChannelName', title: t('columns.channel'), width: 180 },
    { key: 'ProductName', title: t('columns.product'), width: 160 },
    { key: 'SurveyName', title: t('columns.survey'), width: 200 },
    { key: 'EmployeeName', title: t('columns.employee'), width: 160 },
    { key: 'LocationName', title: t('columns.location'), width: 160, defaultHidden: true },
    { key: 'TransactionDate', title: t('columns.transactionDate'), width: 160, render: date },
    withImport && {
      key: 'ImportDataLogId',
      title: t('columns.importDataLogId'),
      width: 110,
      render: (value) =>
        typeof value === 'number' ? (
          <Link to={`/import-data-logs/${value}`} aria-label={t('importLink', { id: value })}>
            {value}
          </Link>
        ) : null,
    },
    {
      key: 'EliminationReason',
      title: t('columns.eliminationReason'),
      width: 220,
      render: (value) => <EliminationReasonText reason={typeof value === 'number' ? value : null} />,
    },
    { key: 'ErrorDetail', title: t('columns.errorDetail'), width: 260 },
    {
      key: 'Status',
      title: t('columns.status'),
      width: 130,
      render: (value) => (typeof value === 'number' ? <StagedStatusTag status={value} /> : null),
    },
    {
      key: 'Segments',
      title: t('columns.segments'),
      width: 220,
      sortable: false,
      render: (value) => (Array.isArray(value) ? value.join(', ') : null),
    },
    { key: 'IsTestUser', title: t('columns.testUser'), width: 110, defaultHidden: true },
  ];
  return columns.filter((column): column is DataGridColumn<StagedInviteeRow> => column !== false);
}
