import type { DisplayLogic } from '@loupe/contracts';
import { Button, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuestionDetails } from '../api/library-questions';
import type { FlowQuestionDraft } from '../flow-model';

/**
 * Display logic of one question: show it only when an earlier question of the flow was answered with one of
 * the chosen values (its choices). Clear removes the condition.
 */
export function DisplayLogicDialog({
  question,
  earlier,
  onSave,
  onClose,
}: {
  question: FlowQuestionDraft;
  earlier: FlowQuestionDraft[];
  onSave: (logic: DisplayLogic | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('surveys');
  const [questionId, setQuestionId] = useState<number | undefined>(question.DisplayLogic?.QuestionId);
  const [values, setValues] = useState<number[]>(question.DisplayLogic?.Values ?? []);
  const details = useQuestionDetails(questionId === undefined ? [] : [questionId]);
  const choices = questionId === undefined ? [] : (details.get(questionId)?.Choices ?? []);

  return (
    <Modal
      open
      title={t('wizard.flow.logic.title', { text: question.Text })}
      onCancel={onClose}
      footer={[
        <Button key="clear" onClick={() => onSave(null)}>
          {t('wizard.flow.logic.clear')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('wizard.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={questionId === undefined || values.length === 0}
          onClick={() => questionId !== undefined && onSave({ QuestionId: questionId, Values: values })}
        >
          {t('wizard.flow.logic.save')}
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label={t('wizard.flow.logic.question')} htmlFor="display-logic-question">
          <Select
            id="display-logic-question"
            showSearch={{ optionFilterProp: 'label' }}
            value={questionId}
            onChange={(id: number) => {
              setQuestionId(id);
              setValues([]);
            }}
            options={earlier.map((q) => ({ value: q.QuestionId, label: q.Text }))}
          />
        </Form.Item>
        <Form.Item label={t('wizard.flow.logic.values')} htmlFor="display-logic-values">
          <Select<number[]>
            id="display-logic-values"
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            value={values}
            onChange={setValues}
            disabled={questionId === undefined}
            options={choices
              .filter((choice) => !choice.IsDeleted)
              .map((choice) => ({ value: choice.Value, label: `${choice.Label} (${choice.Value})` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
