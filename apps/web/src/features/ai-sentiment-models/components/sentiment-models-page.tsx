import { aiSentimentModelSchema, type AiSentimentModel } from '@loupe/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { NewRecordButton } from '@/components/admin-page/list-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { SENTIMENT_MODELS_ENDPOINT } from '../api/sentiment-models';
import { DeleteSentimentModelButton } from './delete-sentiment-model-button';

export const SENTIMENT_MODELS_PATH = '/ai-sentiment-models';

export const formatDateTime = (value: unknown) =>
  typeof value === 'string' && value ? dayjs(value).format('DD/MM/YYYY HH:mm') : '';

/** A 0–1 figure as shown everywhere on these screens: three decimals, left to right. */
export const formatF1 = (value: unknown) =>
  typeof value === 'number' ? <bdi dir="ltr">{value.toFixed(3)}</bdi> : '';

const STATUS_COLORS: Record<AiSentimentModel['Status'], string> = {
  New: 'default',
  Training: 'blue',
  Ready: 'green',
  Failed: 'red',
};

/** The model's status as a coloured tag, in the page's language. */
export function StatusTag({ status }: { status: AiSentimentModel['Status'] }) {
  const { t } = useTranslation('aiSentimentModels');
  return <Tag color={STATUS_COLORS[status]}>{t(`status.${status}`)}</Tag>;
}

/** `/ai-sentiment-models`: the tenant's sentiment models with their current version's figures. */
export function SentimentModelsPage() {
  const { t } = useTranslation('aiSentimentModels');
  const navigate = useNavigate();
  const columns: DataGridColumn<AiSentimentModel>[] = [
    { key: 'Name', title: t('fields.name'), width: 240 },
    {
      key: 'Language',
      title: t('fields.language'),
      width: 110,
      render: (value) => t(`languages.${value as AiSentimentModel['Language']}`),
    },
    {
      key: 'Status',
      title: t('fields.status'),
      width: 120,
      render: (value) => <StatusTag status={value as AiSentimentModel['Status']} />,
    },
    { key: 'CurrentVersion', title: t('fields.currentVersion'), width: 110 },
    { key: 'MacroF1', title: t('fields.macroF1'), width: 110, render: formatF1 },
    { key: 'LabelCount', title: t('fields.labelCount'), width: 110 },
    { key: 'TrainedDate', title: t('fields.trainedDate'), width: 160, render: formatDateTime },
    {
      key: 'CreatedDate',
      title: t('fields.createdDate'),
      width: 160,
      render: formatDateTime,
      defaultHidden: true,
    },
    { key: 'Id', title: t('fields.id'), width: 80, defaultHidden: true },
  ];
  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <DataGrid<AiSentimentModel>
        endpoint={SENTIMENT_MODELS_ENDPOINT}
        item={aiSentimentModelSchema}
        rowKey="Id"
        columns={columns}
        searchField="Name"
        defaultOrder="CreatedDate desc"
        exportFileName={t('exportFileName')}
        empty={t('empty')}
        toolbar={<NewRecordButton path={SENTIMENT_MODELS_PATH} label={t('new')} />}
        onRowClick={(row) => void navigate(`${SENTIMENT_MODELS_PATH}/${row.Id}`)}
        rowActions={(row) => <DeleteSentimentModelButton compact model={row} />}
      />
    </AdminPage>
  );
}
