import type { QuestionDetail } from '@loupe/contracts';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { QuestionForm } from '../../questions/components/question-form';
import { useSurveyCacheUpkeep } from '../api/survey-keys';

/**
 * "Create in place": the library's question form in a drawer; the saved question (a library question until the
 * flow is saved) joins the flow.
 */
export function CreateQuestionDrawer({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (question: QuestionDetail) => void;
}) {
  const { t } = useTranslation('surveys');
  const upkeep = useSurveyCacheUpkeep();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('wizard.flow.createQuestion')}
      size="large"
      destroyOnHidden
    >
      <QuestionForm
        onSaved={(question) => {
          void upkeep();
          onCreated(question);
        }}
        onCancel={onClose}
      />
    </Drawer>
  );
}
