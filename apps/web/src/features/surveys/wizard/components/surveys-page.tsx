import { CopyOutlined } from '@ant-design/icons';
import { hasAnyScope, surveyRowSchema, type SurveyRow } from '@loupe/contracts';
import { Empty, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { ConfirmActionButton, DeleteRecordButton } from '@/components/admin-page/confirm-action-button';
import { NewRecordButton } from '@/components/admin-page/list-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { combineFilters } from '@/components/data-grid/grid-query';
import { useFilterList } from '@/components/report-filter/api/get-filter-lists';
import { useBootstrap } from '@/lib/bootstrap';
import { usePageTitle } from '@/lib/page-title';
import { useCloneSurvey, useDeleteSurvey } from '../api/survey-actions';
import { SURVEYS_ENDPOINT } from '../api/survey-keys';

const LIST_PATH = '/surveys';
const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
type ActiveFilter = 'all' | 'active' | 'inactive';

/** The grid's `$filter` of the toolbar's choices. */
export function surveysFilter(active: ActiveFilter, journeyStageId: number | undefined): string | undefined {
  return combineFilters(
    active === 'all' ? undefined : `IsActive eq ${active === 'active'}`,
    journeyStageId === undefined ? undefined : `JourneyStageId eq ${journeyStageId}`,
  );
}

/** `/surveys`: the surveys with their state and counts; a row opens its wizard. */
export function SurveysPage() {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const scopes = useBootstrap().data?.User.Scopes ?? [];
  const canManage = hasAnyScope(scopes, ['survey:manage']);
  const [active, setActive] = useState<ActiveFilter>('all');
  const [journeyStageId, setJourneyStageId] = useState<number | undefined>();
  const journeyStages = useFilterList('journeyStages');
  const clone = useCloneSurvey();
  const remove = useDeleteSurvey();
  usePageTitle(t('list.title'));

  const columns: DataGridColumn<SurveyRow>[] = [
    { key: 'Title', title: t('list.columns.title'), width: 260 },
    {
      key: 'Type',
      title: t('list.columns.type'),
      width: 120,
      render: (value) => t(value === 4 ? 'list.types.external' : 'list.types.own'),
    },
    {
      key: 'IsActive',
      title: t('list.columns.active'),
      width: 120,
      render: (value, row) =>
        value === true ? (
          <Tag color="green">{t('list.active')}</Tag>
        ) : (
          <Tag>{row.WizardStep < 6 ? t('list.draft') : t('list.inactive')}</Tag>
        ),
    },
    { key: 'FlowCount', title: t('list.columns.flows'), width: 90 },
    { key: 'JourneyStageName', title: t('list.columns.journeyStage'), width: 170 },
    {
      key: 'Channels',
      title: t('list.columns.channels'),
      width: 200,
      sortable: false,
      render: (value) =>
        (value as number[])
          .map((channel) => t(`wizard.channels.${channel}` as 'wizard.channels.1'))
          .join(', '),
    },
    { key: 'InvitedCount', title: t('list.columns.invited'), width: 110 },
    { key: 'AnsweredCount', title: t('list.columns.answered'), width: 110 },
    {
      key: 'LastAnswerAt',
      title: t('list.columns.lastAnswer'),
      width: 170,
      render: (value) => (typeof value === 'string' ? dayjs(value).format(DATE_TIME_FORMAT) : ''),
    },
    { key: 'Id', title: t('list.columns.id'), width: 80, defaultHidden: true },
  ];

  return (
    <AdminPage title={t('list.title')} intro={t('list.intro')}>
      <DataGrid<SurveyRow>
        endpoint={SURVEYS_ENDPOINT}
        item={surveyRowSchema}
        rowKey="Id"
        columns={columns}
        searchField="Title"
        defaultOrder="Id desc"
        filter={surveysFilter(active, journeyStageId)}
        exportFileName={t('list.exportFileName')}
        onRowClick={(row) => void navigate(`${LIST_PATH}/${row.Id}`)}
        empty={
          <Empty description={t('list.empty')}>
            {canManage && <NewRecordButton path={LIST_PATH} label={t('list.new')} />}
          </Empty>
        }
        toolbar={
          <Space wrap>
            <Select<ActiveFilter>
              aria-label={t('list.filters.state')}
              value={active}
              onChange={setActive}
              style={{ inlineSize: 150 }}
              options={[
                { value: 'all', label: t('list.filters.all') },
                { value: 'active', label: t('list.active') },
                { value: 'inactive', label: t('list.inactive') },
              ]}
            />
            <Select<number>
              aria-label={t('list.filters.journeyStage')}
              allowClear
              value={journeyStageId}
              onChange={setJourneyStageId}
              placeholder={t('list.filters.journeyStage')}
              style={{ inlineSize: 200 }}
              options={(journeyStages.data ?? []).map((stage) => ({ value: stage.Id, label: stage.Name }))}
            />
            {canManage && <NewRecordButton path={LIST_PATH} label={t('list.new')} />}
          </Space>
        }
        rowActions={
          canManage
            ? (row) => (
                <Space size={0}>
                  <ConfirmActionButton<number>
                    compact
                    variables={row.Id}
                    mutation={clone}
                    icon={<CopyOutlined />}
                    texts={{
                      label: t('list.clone.label', { title: row.Title }),
                      button: t('list.clone.button'),
                      confirmTitle: t('list.clone.confirmTitle', { title: row.Title }),
                      done: t('list.clone.done', { title: row.Title }),
                      refused: t('list.clone.refused', { title: row.Title }),
                    }}
                  />
                  <DeleteRecordButton<number>
                    compact
                    id={row.Id}
                    mutation={remove}
                    texts={{
                      label: t('list.delete.label', { title: row.Title }),
                      confirmTitle: t('list.delete.confirmTitle', { title: row.Title }),
                      confirmDescription: t('list.delete.confirmDescription'),
                      done: t('list.delete.done', { title: row.Title }),
                      refused: t('list.delete.refused', { title: row.Title }),
                    }}
                  />
                </Space>
              )
            : undefined
        }
      />
    </AdminPage>
  );
}
