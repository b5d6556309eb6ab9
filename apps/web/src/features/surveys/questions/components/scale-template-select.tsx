import type { AnswerScaleTemplate } from '@loupe/contracts';
import { App, Form, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnswerScaleTemplates } from '../api/get-question-lookups';
import { templateChoices, type QuestionValues } from '../question-values';
import styles from './question-form.module.css';

/**
 * "Add from answer-scale template": fills the choices from a template of `GET /api/answer-scale-templates`,
 * after a confirmation when the question has choices already. Not offered once a choice has answers.
 */
export function ScaleTemplateSelect() {
  const { t } = useTranslation('questions');
  const { t: tCommon } = useTranslation();
  const { modal } = App.useApp();
  const form = Form.useFormInstance<QuestionValues>();
  const labelId = useId();
  const templates = useAnswerScaleTemplates();
  const choices = Form.useWatch('Choices', { form, preserve: true }) ?? [];
  const locked = choices.some((choice) => choice.AnswerCount > 0);

  const fill = (template: AnswerScaleTemplate) => {
    form.setFieldValue('Choices', templateChoices(template));
    void form.validateFields([['Choices']]).catch(() => undefined);
  };

  const choose = (id: number) => {
    const template = templates.data?.find((candidate) => candidate.Id === id);
    if (!template) return;
    if (choices.length === 0) {
      fill(template);
      return;
    }
    modal.confirm({
      title: t('templates.confirmTitle'),
      content: t('templates.confirmDescription', { count: choices.length, name: template.Name }),
      okText: t('templates.ok'),
      cancelText: tCommon('common.cancel'),
      onOk: () => fill(template),
    });
  };

  return (
    <div className={styles.template}>
      <label id={labelId}>{t('templates.label')}</label>
      <Select<number>
        aria-labelledby={labelId}
        className={styles.templateSelect}
        placeholder={t('templates.placeholder')}
        value={null}
        disabled={locked}
        loading={templates.isPending}
        showSearch={{ optionFilterProp: 'label' }}
        options={(templates.data ?? []).map((template) => ({
          value: template.Id,
          label: template.Name,
        }))}
        onChange={choose}
      />
      {locked && <span className={styles.hint}>{t('templates.locked')}</span>}
    </div>
  );
}
