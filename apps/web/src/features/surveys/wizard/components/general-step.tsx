import { LANGUAGES, SURVEY_LIMITS, surveyGeneralSchema, type SurveyGeneral } from '@loupe/contracts';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFilterList } from '@/components/report-filter/api/get-filter-lists';
import { useSaveSurvey } from '../api/save-survey';
import { useSurveyTargetTypes } from '../api/wizard-lookups';
import { refusalField } from '../wizard-refusals';
import { RichTextField } from '@/components/message-text/rich-text-field';
import { StepFooter, StepRefusal, useFieldRefusal, type StepProps } from './step-frame';

/** A hint of the address's form, the same in every language. */
const URL_PLACEHOLDER = 'https://';

type Values = Omit<SurveyGeneral, 'Type'>;

function initialValues(survey: StepProps['survey'], language: string): Partial<Values> {
  if (!survey) return { Language: language as Values['Language'], TargetType: 1, AnonymisedAnswers: false };
  return {
    Title: survey.Title,
    ExecutionTitle: survey.ExecutionTitle,
    Language: survey.Language as Values['Language'],
    JourneyStageId: survey.JourneyStageId,
    TargetType: survey.TargetType as Values['TargetType'],
    AnonymisedAnswers: survey.AnonymisedAnswers,
    RedirectUrl: survey.RedirectUrl,
    RedirectSeconds: survey.RedirectSeconds,
    OpeningMessage: survey.OpeningMessage,
    ClosingMessage: survey.ClosingMessage,
    CacheTime: survey.CacheTime,
    IntegrationCode: survey.IntegrationCode,
  };
}

/** Empty texts are no value (null), as the contract has them. */
function orNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/** Step 1, general info: a new survey is created (a draft) by its first Next. */
export function GeneralStep({ survey, onSaved }: StepProps) {
  const { t, i18n } = useTranslation('surveys');
  const [form] = Form.useForm<Values>();
  const mutation = useSaveSurvey();
  const journeyStages = useFilterList('journeyStages');
  const targetTypes = useSurveyTargetTypes();
  const field = refusalField(mutation.error, 'General');
  const fieldError = useFieldRefusal(mutation.error, field);

  const next = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const body: SurveyGeneral = surveyGeneralSchema.parse({
      ...values,
      Type: survey?.Type === 4 ? 4 : 1,
      ExecutionTitle: orNull(values.ExecutionTitle),
      RedirectUrl: orNull(values.RedirectUrl),
      IntegrationCode: orNull(values.IntegrationCode),
      JourneyStageId: values.JourneyStageId ?? null,
      RedirectSeconds: values.RedirectSeconds ?? null,
      CacheTime: values.CacheTime ?? null,
      OpeningMessage: values.OpeningMessage ?? null,
      ClosingMessage: values.ClosingMessage ?? null,
    });
    mutation.mutate(survey ? { id: survey.Id, body: { ...body, Step: 'General' } } : { body }, {
      onSuccess: onSaved,
    });
  };

  const refusal = (name: keyof Values) => {
    const text = fieldError(name);
    return text ? { validateStatus: 'error' as const, help: text } : {};
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues(survey, i18n.language)}
      onValuesChange={() => mutation.error && mutation.reset()}
    >
      <StepRefusal error={mutation.error} field={field} />
      <Form.Item
        name="Title"
        label={t('wizard.general.title')}
        rules={[{ required: true, whitespace: true, message: t('wizard.general.titleRequired') }]}
      >
        <Input maxLength={SURVEY_LIMITS.titleMax} showCount />
      </Form.Item>
      <Form.Item
        name="ExecutionTitle"
        label={t('wizard.general.executionTitle')}
        extra={t('wizard.general.executionTitleHint')}
      >
        <Input maxLength={SURVEY_LIMITS.titleMax} />
      </Form.Item>
      <Form.Item name="Language" label={t('wizard.general.language')} rules={[{ required: true }]}>
        <Select options={LANGUAGES.map((language) => ({ value: language.code, label: language.name }))} />
      </Form.Item>
      <Form.Item name="JourneyStageId" label={t('wizard.general.journeyStage')}>
        <Select
          allowClear
          loading={journeyStages.isLoading}
          options={(journeyStages.data ?? []).map((stage) => ({ value: stage.Id, label: stage.Name }))}
          placeholder={t('wizard.general.none')}
        />
      </Form.Item>
      <Form.Item name="TargetType" label={t('wizard.general.targetType')}>
        <Select
          loading={targetTypes.isLoading}
          options={(targetTypes.data ?? []).map((type) => ({ value: type.Id, label: type.Name }))}
        />
      </Form.Item>
      <Form.Item name="AnonymisedAnswers" label={t('wizard.general.anonymised')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="RedirectUrl"
        label={t('wizard.general.redirectUrl')}
        rules={[{ type: 'url', message: t('wizard.general.urlInvalid') }]}
      >
        <Input maxLength={2_000} placeholder={URL_PLACEHOLDER} />
      </Form.Item>
      <Form.Item name="RedirectSeconds" label={t('wizard.general.redirectSeconds')}>
        <InputNumber min={0} max={SURVEY_LIMITS.redirectSecondsMax} precision={0} />
      </Form.Item>
      <Form.Item name="OpeningMessage" label={t('wizard.general.openingMessage')}>
        <RichTextField label={t('wizard.general.openingMessage')} />
      </Form.Item>
      <Form.Item name="ClosingMessage" label={t('wizard.general.closingMessage')}>
        <RichTextField label={t('wizard.general.closingMessage')} />
      </Form.Item>
      <Form.Item
        name="CacheTime"
        label={t('wizard.general.cacheTime')}
        extra={t('wizard.general.cacheTimeHint')}
      >
        <InputNumber min={0} max={SURVEY_LIMITS.cacheTimeMax} precision={0} />
      </Form.Item>
      <Form.Item
        name="IntegrationCode"
        label={t('wizard.general.integrationCode')}
        {...refusal('IntegrationCode')}
      >
        <Input maxLength={SURVEY_LIMITS.codeMax} />
      </Form.Item>
      <StepFooter onNext={() => void next()} pending={mutation.isPending} />
    </Form>
  );
}
