import {
  ErrorCode,
  FORMAT_TYPES,
  QUESTION_LIMITS,
  QUESTION_TYPE_NAMES,
  questionSaveSchema,
  type QuestionDetail,
} from '@loupe/contracts';
import { App, Button, Checkbox, Form, Input, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormNote, RefusalAlert, useFieldRefusal } from '@/components/admin-page/record-form';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { zodRule } from '@/lib/form-rules';
import { useQuestionExperiences, useQuestionTypes } from '../api/get-question-lookups';
import { useSaveQuestion } from '../api/save-question';
import {
  isMatrix,
  isOpenEnded,
  questionSaveBody,
  questionValuesOf,
  type QuestionValues,
} from '../question-values';
import { ChoicesEditor } from './choices-editor';
import styles from './question-form.module.css';
import { ScaleTemplateSelect } from './scale-template-select';
import { SubQuestionsEditor } from './sub-questions-editor';

/** Which field a refusal of the server belongs to; others show above the form. */
const fieldOf = fieldOfCode<QuestionValues>({
  [ErrorCode.QuestionIntegrationCodeUsed]: 'IntegrationCode',
  [ErrorCode.QuestionChangeAltersAnswers]: 'QuestionTypeName',
  [ErrorCode.MatrixSubQuestionCount]: 'SubQuestions',
  [ErrorCode.MatrixChoiceCount]: 'Choices',
  [ErrorCode.ChoiceRequired]: 'Choices',
  [ErrorCode.ChoiceValueDuplicate]: 'Choices',
  [ErrorCode.ChoiceImageInvalid]: 'Choices',
});

// A blank integration code means none; a typed one follows the API's rule.
const integrationCodeSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  questionSaveSchema.shape.IntegrationCode,
);

const CHOICE_TYPE_KEYS = ['standard', 'dropdown', 'rangeSlider', 'ratingStar', 'image'] as const;

/** The props of {@link QuestionForm}. */
export type QuestionFormProps = {
  /** The stored question to edit; none creates one. */
  question?: QuestionDetail;
  /** After a save (a success message has shown): e.g. back to the list, or place it in a survey's flow. */
  onSaved: (question: QuestionDetail) => void;
  /** The Cancel button's action; without it there is no Cancel button. */
  onCancel?: () => void;
  /** At the far end of Save and Cancel, e.g. the delete button. */
  footerExtra?: ReactNode;
  /** Shows the question without Save (survey:read). */
  readOnly?: boolean;
};

/**
 * A library question's form (`questions/create`, `questions/{id}`, and the survey wizard's "create in place"):
 * text, type, experience, scale or answer format, flags, integration code, choices (ordered by drag and drop,
 * with pictures for the Image type, or from an answer-scale template) and a matrix group's sub-questions. The
 * client checks mirror the server's rules; a refusal shows under its field or above the form.
 */
export function QuestionForm({
  question,
  onSaved,
  onCancel,
  footerExtra,
  readOnly = false,
}: QuestionFormProps) {
  const { t } = useTranslation('questions');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<QuestionValues>();
  const save = useSaveQuestion();
  const onRefused = useFieldRefusal(form, fieldOf);
  const types = useQuestionTypes();
  const experiences = useQuestionExperiences();
  const type = Form.useWatch('QuestionTypeName', form) ?? question?.QuestionTypeName ?? 'MCSS';
  const choiceType = Form.useWatch('ChoiceType', form) ?? 0;

  const answered = (question?.AnswerCount ?? 0) > 0;
  const openEnded = isOpenEnded(type);
  const matrix = isMatrix(type);

  const typeOptions = QUESTION_TYPE_NAMES.map((name) => {
    const described = types.data?.find((item) => item.Name === name)?.Description;
    return { value: name, label: described ? `${described} (${name})` : name };
  });
  const experienceOptions = (experiences.data ?? []).map((experience) => ({
    value: experience.Id,
    label: experience.GroupName ? `${experience.Name} (${experience.GroupName})` : experience.Name,
  }));

  const submit = () => {
    // The whole store: the choices' ids, pictures and answer counts have no field of their own.
    const values = form.getFieldsValue(true) as QuestionValues;
    save.mutate(
      { id: question?.Id, body: questionSaveBody(values) },
      {
        onSuccess: (saved) => {
          void message.success(t(question ? 'messages.saved' : 'messages.created'));
          onSaved(saved);
        },
        onError: onRefused,
      },
    );
  };

  return (
    <Form<QuestionValues>
      form={form}
      layout="vertical"
      initialValues={questionValuesOf(question)}
      onFinish={submit}
      onValuesChange={() => save.reset()}
      disabled={save.isPending || readOnly}
      className={styles.form}
    >
      {answered && <FormNote type="warning" title={t('notes.answered', { count: question?.AnswerCount })} />}
      {question?.InUse && <FormNote type="info" title={t('notes.inUse')} />}
      {question?.SurveyTitle && (
        <FormNote type="info" title={t('notes.placed', { survey: question.SurveyTitle })} />
      )}
      <RefusalAlert error={save.error} fieldOf={fieldOf} />

      <Form.Item
        name="Text"
        label={t('fields.text')}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: tCommon('form.required') },
          zodRule(questionSaveSchema.shape.Text, tCommon),
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={QUESTION_LIMITS.textMax} showCount />
      </Form.Item>

      <div className={styles.columns}>
        <Form.Item
          name="QuestionTypeName"
          label={t('fields.type')}
          extra={answered ? t('help.typeLocked') : t('help.type')}
          rules={[{ required: true, message: tCommon('form.required') }]}
        >
          <Select options={typeOptions} disabled={answered} />
        </Form.Item>
        <Form.Item name="ExperienceId" label={t('fields.experience')} extra={t('help.experience')}>
          <Select
            allowClear
            placeholder={t('none')}
            options={experienceOptions}
            loading={experiences.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            onClear={() => form.setFieldValue('ExperienceId', null)}
          />
        </Form.Item>
      </div>

      {openEnded ? (
        <div className={styles.columns}>
          <Form.Item name="FormatType" label={t('fields.formatType')}>
            <Select
              placeholder={t('formatTypes.Text')}
              options={FORMAT_TYPES.map((format) => ({ value: format, label: t(`formatTypes.${format}`) }))}
            />
          </Form.Item>
          <Form.Item name="Multiline" valuePropName="checked" className={styles.flagItem}>
            <Checkbox>{t('fields.multiline')}</Checkbox>
          </Form.Item>
        </div>
      ) : (
        <div className={styles.columns}>
          <Form.Item
            name="Scale"
            label={t('fields.scale')}
            extra={answered ? t('help.typeLocked') : t('help.scale')}
          >
            <Select
              disabled={answered}
              options={[
                { value: null, label: t('scales.none') },
                { value: 11, label: t('scales.eleven') },
                { value: 5, label: t('scales.five') },
              ]}
            />
          </Form.Item>
          <Form.Item name="ChoiceType" label={t('fields.choiceType')}>
            <Select
              options={CHOICE_TYPE_KEYS.map((key, value) => ({ value, label: t(`choiceTypes.${key}`) }))}
            />
          </Form.Item>
        </div>
      )}

      <div className={styles.flags}>
        <Form.Item name="Required" valuePropName="checked" noStyle>
          <Checkbox>{t('fields.required')}</Checkbox>
        </Form.Item>
        <Form.Item name="AllowComment" valuePropName="checked" noStyle>
          <Checkbox>{t('fields.allowComment')}</Checkbox>
        </Form.Item>
        <Form.Item name="IsMeasurement" valuePropName="checked" noStyle>
          <Checkbox title={t('help.isMeasurement')}>{t('fields.isMeasurement')}</Checkbox>
        </Form.Item>
      </div>

      <Form.Item
        name="IntegrationCode"
        label={t('fields.integrationCode')}
        extra={t('help.integrationCode')}
        rules={[zodRule(integrationCodeSchema, tCommon)]}
      >
        <Input autoComplete="off" maxLength={QUESTION_LIMITS.codeMax} className={styles.codeInput} />
      </Form.Item>

      {matrix && (
        <section className={styles.section} aria-label={t('fields.subQuestions')}>
          <Typography.Title level={2} className={styles.sectionTitle}>
            {t('fields.subQuestions')}
          </Typography.Title>
          <SubQuestionsEditor />
        </section>
      )}

      {!openEnded && (
        <section className={styles.section} aria-label={t('fields.choices')}>
          <Typography.Title level={2} className={styles.sectionTitle}>
            {t('fields.choices')}
          </Typography.Title>
          <ScaleTemplateSelect />
          <ChoicesEditor withImage={choiceType === 4} matrix={matrix} />
        </section>
      )}

      <div className={styles.buttons}>
        {!readOnly && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {tCommon('common.save')}
          </Button>
        )}
        {onCancel && <Button onClick={onCancel}>{tCommon('common.cancel')}</Button>}
        <span className={styles.spacer} />
        {footerExtra}
      </div>
    </Form>
  );
}
