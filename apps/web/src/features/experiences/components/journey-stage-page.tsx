import {
  ErrorCode,
  JOURNEY_STAGE_ORDER_MAX,
  journeyStageSaveSchema,
  type JourneyStageRow,
} from '@loupe/contracts';
import { Alert, App, Button, Card, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { zodRule } from '../../../lib/form-rules';
import { usePageTitle } from '../../../lib/page-title';
import { useJourneyStage } from '../api/get-journey-stage';
import { useSaveJourneyStage } from '../api/save-journey-stage';
import { DeleteJourneyStageButton } from './delete-buttons';
import styles from './metadata.module.css';
import { RecordFallback, RecordHeader, recordIdOf } from './record-page';

const LIST_PATH = '/journey-stages';

type Values = { Name: string; Order: number | null | undefined };

const FIELD_OF_CODE: Partial<Record<number, keyof Values>> = {
  [ErrorCode.JourneyStageNameExists]: 'Name',
};

/** `/journey-stages/create` and `/journey-stages/:id`. */
export function JourneyStagePage() {
  const { t } = useTranslation('experiences');
  const id = recordIdOf(useParams().id);
  const query = useJourneyStage(id ?? undefined);
  usePageTitle(t('journeyStages.title'));
  if (id === undefined) return <JourneyStageForm />;
  if (id !== null && query.data) return <JourneyStageForm key={query.data.Id} stage={query.data} />;
  return (
    <RecordFallback
      query={id === null ? null : query}
      notFound={t('journeyStages.notFound')}
      header={
        <RecordHeader
          title={t('journeyStages.title')}
          backTo={LIST_PATH}
          backLabel={t('journeyStages.back')}
        />
      }
    />
  );
}

/** Name and order; a stage surveys use is read-only. */
function JourneyStageForm({ stage }: { stage?: JourneyStageRow }) {
  const { t } = useTranslation('experiences');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveJourneyStage();
  const used = (stage?.SurveyCount ?? 0) > 0;

  const submit = (values: Values) =>
    save.mutate(
      { id: stage?.Id, body: { Name: values.Name, Order: values.Order ?? undefined } },
      {
        onSuccess: (saved) => {
          void message.success(t(stage ? 'messages.saved' : 'messages.created', { name: saved.Name }));
          void navigate(LIST_PATH);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
          if (field) form.setFields([{ name: field, errors: [errorMessage(error, tCommon)] }]);
        },
      },
    );

  const unplaced = save.isError && !(save.error instanceof ApiError && FIELD_OF_CODE[save.error.code]);

  return (
    <div className={styles.page}>
      <RecordHeader
        title={stage ? t('journeyStages.editTitle', { name: stage.Name }) : t('journeyStages.createTitle')}
        backTo={LIST_PATH}
        backLabel={t('journeyStages.back')}
      />
      <Card>
        {used && (
          <Alert
            className={styles.alert}
            type="info"
            showIcon
            title={t('journeyStages.inUseNote', { count: stage?.SurveyCount ?? 0 })}
          />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ Name: stage?.Name ?? '', Order: stage?.Order }}
          onFinish={submit}
          onValuesChange={() => save.reset()}
          disabled={save.isPending || used}
        >
          {unplaced && (
            <Alert
              className={styles.alert}
              type="error"
              role="alert"
              showIcon
              title={errorMessage(save.error, tCommon)}
            />
          )}
          <Form.Item
            name="Name"
            label={t('journeyStages.fields.name')}
            rules={[
              { required: true, whitespace: true, message: tCommon('form.required') },
              zodRule(journeyStageSaveSchema.shape.Name, tCommon),
            ]}
          >
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item
            name="Order"
            label={t('journeyStages.fields.order')}
            extra={stage ? undefined : t('journeyStages.help.order')}
            rules={[{ required: stage !== undefined, message: tCommon('form.required') }]}
          >
            <InputNumber min={0} max={JOURNEY_STAGE_ORDER_MAX} precision={0} step={1} />
          </Form.Item>
          {!used && (
            <div className={styles.buttons}>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('record.save')}
              </Button>
              <Button onClick={() => void navigate(LIST_PATH)}>{t('record.cancel')}</Button>
              <span className={styles.spacer} />
              {stage && (
                <DeleteJourneyStageButton record={stage} onDeleted={() => void navigate(LIST_PATH)} />
              )}
            </div>
          )}
        </Form>
        {used && <Button onClick={() => void navigate(LIST_PATH)}>{t('journeyStages.back')}</Button>}
      </Card>
    </div>
  );
}
