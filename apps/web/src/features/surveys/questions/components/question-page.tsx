import type { QuestionDetail } from '@loupe/contracts';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { usePageTitle } from '@/lib/page-title';
import { useQuestion } from '../api/get-question';
import { useCanManageQuestions } from '../use-can-manage-questions';
import { CopyQuestionButton } from './copy-question-button';
import { DeleteQuestionButton, questionName } from './delete-question-button';
import { QuestionForm } from './question-form';

const LIST_PATH = '/questions';

/** `/questions/create` and `/questions/:id`. */
export function QuestionPage() {
  const { t } = useTranslation('questions');
  usePageTitle(t('title'));
  const back = { to: LIST_PATH, label: t('back') };
  return (
    <RecordLoader
      query={useRouteRecord(useQuestion)}
      title={t('title')}
      back={back}
      size="large"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {(question) => <QuestionScreen key={question?.Id} question={question} />}
    </RecordLoader>
  );
}

function QuestionScreen({ question }: { question?: QuestionDetail }) {
  const { t } = useTranslation('questions');
  const navigate = useNavigate();
  const canManage = useCanManageQuestions();
  const toList = () => void navigate(LIST_PATH);
  const title = question ? t('editTitle', { name: questionName(question.Text) }) : t('createTitle');
  return (
    <AdminPage title={title} back={{ to: LIST_PATH, label: t('back') }} size="large">
      <Card>
        {!canManage && <FormNote type="info" title={t('readOnly')} />}
        <QuestionForm
          question={question}
          readOnly={!canManage}
          onSaved={toList}
          onCancel={toList}
          footerExtra={
            question &&
            canManage && (
              <>
                <CopyQuestionButton id={question.Id} listPath={LIST_PATH} />
                <DeleteQuestionButton question={question} disabled={question.InUse} onDeleted={toList} />
              </>
            )
          }
        />
      </Card>
    </AdminPage>
  );
}
