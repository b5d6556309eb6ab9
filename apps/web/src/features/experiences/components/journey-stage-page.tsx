import {
  ErrorCode,
  JOURNEY_STAGE_ORDER_MAX,
  journeyStageSaveSchema,
  type JourneyStageRow,
} from '@loupe/contracts';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { usePageTitle } from '@/lib/page-title';
import { useJourneyStage } from '../api/get-journey-stage';
import { useSaveJourneyStage } from '../api/save-journey-stage';
import { DeleteJourneyStageButton } from './delete-buttons';
import { MetadataLoader, useMetadataBack } from './metadata-record';

const LIST_PATH = '/journey-stages';

type Values = { Name: string; Order: number | null | undefined };

const fieldOf = fieldOfCode<Values>({ [ErrorCode.JourneyStageNameExists]: 'Name' });

/** `/journey-stages/create` and `/journey-stages/:id`. */
export function JourneyStagePage() {
  const { t } = useTranslation('experiences');
  const query = useRouteRecord(useJourneyStage);
  usePageTitle(t('journeyStages.title'));
  return (
    <MetadataLoader section="journeyStages" listPath={LIST_PATH} query={query}>
      {(record) => <JourneyStageForm key={record?.Id} stage={record} />}
    </MetadataLoader>
  );
}

/** Name and order; a stage surveys use is read-only. */
function JourneyStageForm({ stage }: { stage?: JourneyStageRow }) {
  const { t } = useTranslation('experiences');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveJourneyStage();
  const used = (stage?.SurveyCount ?? 0) > 0;
  const back = useMetadataBack('journeyStages', LIST_PATH);
  const handlers = useSaveHandlers({
    form,
    fieldOf,
    listPath: LIST_PATH,
    savedMessage: (saved: JourneyStageRow) =>
      t(stage ? 'messages.saved' : 'messages.created', { name: saved.Name }),
  });

  const submit = (values: Values) =>
    save.mutate({ id: stage?.Id, body: { Name: values.Name, Order: values.Order ?? undefined } }, handlers);

  return (
    <AdminPage
      title={stage ? t('journeyStages.editTitle', { name: stage.Name }) : t('journeyStages.createTitle')}
      back={back}
      size="small"
    >
      <RecordForm<Values>
        form={form}
        initialValues={{ Name: stage?.Name ?? '', Order: stage?.Order }}
        onFinish={submit}
        save={save}
        fieldOf={fieldOf}
        readOnly={used}
        listPath={LIST_PATH}
        backLabel={back.label}
        footerExtra={
          stage && <DeleteJourneyStageButton record={stage} onDeleted={() => void navigate(LIST_PATH)} />
        }
        notes={
          used && (
            <FormNote type="info" title={t('journeyStages.inUseNote', { count: stage?.SurveyCount ?? 0 })} />
          )
        }
      >
        <NameItem label={t('journeyStages.fields.name')} schema={journeyStageSaveSchema.shape.Name} />
        <Form.Item
          name="Order"
          label={t('journeyStages.fields.order')}
          extra={stage ? undefined : t('journeyStages.help.order')}
          rules={[{ required: stage !== undefined, message: tCommon('form.required') }]}
        >
          <InputNumber min={0} max={JOURNEY_STAGE_ORDER_MAX} precision={0} step={1} />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
