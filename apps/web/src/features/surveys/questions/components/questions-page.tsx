import { questionRowSchema, type QuestionRow } from '@loupe/contracts';
import { Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage, NewRecordButton } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { usePageTitle } from '@/lib/page-title';
import { QUESTIONS_ENDPOINT } from '../api/question-keys';
import { useCanManageQuestions } from '../use-can-manage-questions';
import { DeleteQuestionButton } from './delete-question-button';

const LIST_PATH = '/questions';

/** `/questions` (survey:read, survey:manage): the tenant's question library. */
export function QuestionsPage() {
  const { t, i18n } = useTranslation('questions');
  const canManage = useCanManageQuestions();
  usePageTitle(t('title'));
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const columns: DataGridColumn<QuestionRow>[] = [
    { key: 'Text', title: t('columns.text'), width: 280 },
    {
      key: 'QuestionTypeName',
      title: t('columns.type'),
      width: 110,
      render: (value) => <Tag>{String(value)}</Tag>,
    },
    { key: 'ExperienceName', title: t('columns.experience'), width: 150 },
    { key: 'IntegrationCode', title: t('columns.integrationCode'), width: 150 },
    {
      key: 'SurveyTitle',
      title: t('columns.survey'),
      width: 170,
      render: (value) => (value === null ? <Tag>{t('library')}</Tag> : String(value)),
    },
    { key: 'ChoiceCount', title: t('columns.choices'), width: 100 },
    { key: 'AnswerCount', title: t('columns.answers'), width: 100 },
    {
      key: 'CreatedAt',
      title: t('columns.createdAt'),
      width: 150,
      render: (value) => dateTime.format(new Date(String(value))),
    },
    { key: 'Id', title: t('columns.id'), width: 100, defaultHidden: true },
  ];

  return (
    <ListPage<QuestionRow>
      title={t('title')}
      intro={t('intro')}
      path={LIST_PATH}
      newLabel={canManage && t('new')}
      endpoint={QUESTIONS_ENDPOINT}
      item={questionRowSchema}
      rowKey="Id"
      columns={columns}
      searchField="Text"
      defaultOrder="Id desc"
      exportFileName={t('exportFileName')}
      empty={
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.title')}>
          {canManage && <NewRecordButton path={LIST_PATH} label={t('empty.create')} />}
        </Empty>
      }
      rowActions={canManage ? (row) => <DeleteQuestionButton compact question={row} /> : undefined}
    />
  );
}
