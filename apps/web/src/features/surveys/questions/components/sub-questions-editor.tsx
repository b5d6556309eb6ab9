import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUESTION_LIMITS } from '@loupe/contracts';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { subQuestionsProblem, type QuestionValues, type SubQuestionValues } from '../question-values';
import { ListErrors, useListRule } from './list-errors';
import styles from './question-form.module.css';

/**
 * A matrix group's 2-10 sub-questions (Form.List `SubQuestions`): each a text and an optional integration code.
 * A sub-question with answers cannot be removed. The count rule (4009) shows under the list.
 */
export function SubQuestionsEditor() {
  const { t } = useTranslation('questions');
  const { t: tCommon } = useTranslation();
  const form = Form.useFormInstance<QuestionValues>();
  const subQuestions = Form.useWatch('SubQuestions', { form, preserve: true }) ?? [];

  return (
    <Form.List name="SubQuestions" rules={[useListRule(subQuestionsProblem)]}>
      {(fields, { add, remove }, { errors }) => (
        <div className={styles.list}>
          {fields.length === 0 && (
            <Typography.Text type="secondary">{t('subQuestions.empty')}</Typography.Text>
          )}
          <ol className={styles.rows} aria-label={t('fields.subQuestions')}>
            {fields.map((field, index) => {
              const position = index + 1;
              const answers = subQuestions[field.name]?.AnswerCount ?? 0;
              return (
                <li key={field.key} className={styles.subRow}>
                  <Form.Item
                    name={[field.name, 'Text']}
                    className={styles.grow}
                    extra={answers > 0 ? t('subQuestions.answered', { count: answers }) : undefined}
                    rules={[{ required: true, whitespace: true, message: tCommon('form.required') }]}
                  >
                    <Input
                      aria-label={t('subQuestions.text', { position })}
                      placeholder={t('subQuestions.text', { position })}
                      maxLength={QUESTION_LIMITS.textMax}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'IntegrationCode']} className={styles.code}>
                    <Input
                      aria-label={t('subQuestions.integrationCode', { position })}
                      placeholder={t('fields.integrationCode')}
                      maxLength={QUESTION_LIMITS.codeMax}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden="true" />}
                    aria-label={t('subQuestions.remove', { position })}
                    title={t('subQuestions.remove', { position })}
                    disabled={answers > 0}
                    onClick={() => remove(field.name)}
                  />
                </li>
              );
            })}
          </ol>
          <ListErrors errors={errors} />
          <Button
            icon={<PlusOutlined aria-hidden="true" />}
            disabled={fields.length >= QUESTION_LIMITS.subQuestionsMax}
            onClick={() => add({ Text: '', IntegrationCode: '', AnswerCount: 0 } satisfies SubQuestionValues)}
          >
            {t('subQuestions.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
