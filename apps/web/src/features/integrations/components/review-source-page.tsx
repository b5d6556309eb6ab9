import {
  ErrorCode,
  REVIEW_FREQUENCIES,
  REVIEW_SOURCE_LIMITS,
  type ReviewSource,
  type ReviewSourceSave,
  reviewSourceSaveSchema,
} from '@loupe/contracts';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode, fieldOfDetails } from '@/components/admin-page/refusal-field';
import { usePageTitle } from '@/lib/page-title';
import { useReviewSource, useReviewSurveys, useSaveReviewSource } from '../api/review-sources';
import { useCanManageIntegrations } from './integration-access';
import styles from './integrations.module.css';
import { ReviewRunPanel } from './review-run';
import { DeleteReviewSourceButton, REVIEW_SOURCES_PATH } from './review-sources-page';

type Values = {
  Name: string;
  ResourceName: string;
  ReviewUrl: string;
  PlaceId: string;
  ResultLimit: number | null;
  Frequency: number;
  SurveyId: number | undefined;
  IsActive: boolean;
};

const fields: (keyof Values)[] = [
  'Name',
  'ResourceName',
  'ReviewUrl',
  'PlaceId',
  'ResultLimit',
  'Frequency',
  'SurveyId',
];
// A refusal naming its field in Details goes there (19219 names ReviewUrl or SurveyId); the others by code.
const fieldOfPath = fieldOfDetails<Values>(fields, [
  ErrorCode.ModelNotValid,
  ErrorCode.ReviewSourceTargetInvalid,
  ErrorCode.ReviewSourceResultLimitInvalid,
]);
const fieldOfCodes = fieldOfCode<Values>({
  [ErrorCode.ReviewSourceNameExists]: 'Name',
  [ErrorCode.ReviewSourceUrlExists]: 'ReviewUrl',
  [ErrorCode.ReviewSourcePlaceIdExists]: 'PlaceId',
  [ErrorCode.NotFound]: 'SurveyId',
});
const fieldOf = (error: unknown) => fieldOfPath(error) ?? fieldOfCodes(error);

const initialValues = (source?: ReviewSource): Values => ({
  Name: source?.Name ?? '',
  ResourceName: source?.ResourceName ?? '',
  ReviewUrl: source?.ReviewUrl ?? '',
  PlaceId: source?.PlaceId ?? '',
  ResultLimit: source?.ResultLimit ?? 50,
  Frequency: source?.Frequency ?? 2,
  SurveyId: source?.SurveyId,
  IsActive: source?.IsActive ?? true,
});

const bodyOf = (values: Values): ReviewSourceSave => ({
  Name: values.Name,
  ResourceName: values.ResourceName,
  ReviewUrl: values.ReviewUrl.trim() || null,
  PlaceId: values.PlaceId.trim() || null,
  ResultLimit: values.ResultLimit ?? 0,
  Frequency: values.Frequency as ReviewSourceSave['Frequency'],
  SurveyId: values.SurveyId ?? 0,
  IsActive: values.IsActive,
});

/** `/review-sources/create` and `/review-sources/:id`. */
export function ReviewSourcePage() {
  const { t } = useTranslation('integrations');
  const query = useRouteRecord(useReviewSource);
  usePageTitle(t('reviews.title'));
  return (
    <RecordLoader
      query={query}
      title={t('reviews.title')}
      back={{ to: REVIEW_SOURCES_PATH, label: t('back.reviews') }}
      size="medium"
      notFound={t('reviews.notFound')}
      loadFailed={t('reviews.recordLoadFailed')}
    >
      {(record) => <ReviewSourceForm key={record?.Id} source={record} />}
    </RecordLoader>
  );
}

function ReviewSourceForm({ source }: { source?: ReviewSource }) {
  const { t } = useTranslation('integrations');
  const { t: tCommon } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveReviewSource();
  const surveys = useReviewSurveys();
  const canManage = useCanManageIntegrations();
  const navigate = useNavigate();
  const handlers = useSaveHandlers<Values, ReviewSource>({
    form,
    fieldOf,
    listPath: REVIEW_SOURCES_PATH,
    savedMessage: (saved) =>
      t(source ? 'reviews.messages.saved' : 'reviews.messages.created', { name: saved.Name }),
  });
  const submit = (values: Values) => save.mutate({ id: source?.Id, body: bodyOf(values) }, handlers);
  const title = source ? t('reviews.editTitle', { name: source.Name }) : t('reviews.createTitle');
  const required = { required: true, whitespace: true, message: tCommon('form.required') };
  const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const urlOrPlace = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async () => {
      const url = textOf(getFieldValue('ReviewUrl'));
      const place = textOf(getFieldValue('PlaceId'));
      if (!url && !place) throw new Error(t('reviews.help.urlOrPlace'));
    },
  });

  return (
    <AdminPage title={title} back={{ to: REVIEW_SOURCES_PATH, label: t('back.reviews') }} size="medium">
      <RecordForm<Values>
        form={form}
        initialValues={initialValues(source)}
        onFinish={submit}
        save={save}
        fieldOf={fieldOf}
        readOnly={!canManage}
        listPath={REVIEW_SOURCES_PATH}
        backLabel={t('back.reviews')}
        footerExtra={
          source && (
            <DeleteReviewSourceButton record={source} onDeleted={() => void navigate(REVIEW_SOURCES_PATH)} />
          )
        }
        notes={!canManage && <FormNote type="info" title={t('reviews.notes.readOnly')} />}
      >
        <NameItem label={t('reviews.fields.name')} schema={reviewSourceSaveSchema.shape.Name} />
        <Form.Item
          name="ResourceName"
          label={t('reviews.fields.resourceName')}
          extra={t('reviews.help.resourceName')}
          rules={[
            required,
            {
              max: REVIEW_SOURCE_LIMITS.resourceNameMax,
              message: tCommon('form.tooLong', { max: REVIEW_SOURCE_LIMITS.resourceNameMax }),
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="ReviewUrl"
          label={t('reviews.fields.reviewUrl')}
          extra={t('reviews.help.reviewUrl')}
          dependencies={['PlaceId']}
          rules={[
            { type: 'url', message: tCommon('form.invalid') },
            {
              max: REVIEW_SOURCE_LIMITS.urlMax,
              message: tCommon('form.tooLong', { max: REVIEW_SOURCE_LIMITS.urlMax }),
            },
            urlOrPlace,
          ]}
        >
          <Input autoComplete="off" type="url" dir="ltr" />
        </Form.Item>
        <Form.Item
          name="PlaceId"
          label={t('reviews.fields.placeId')}
          extra={t('reviews.help.placeId')}
          dependencies={['ReviewUrl']}
          rules={[
            {
              max: REVIEW_SOURCE_LIMITS.placeIdMax,
              message: tCommon('form.tooLong', { max: REVIEW_SOURCE_LIMITS.placeIdMax }),
            },
          ]}
        >
          <Input autoComplete="off" dir="ltr" className={styles.code} />
        </Form.Item>
        <Form.Item
          name="SurveyId"
          label={t('reviews.fields.survey')}
          extra={t('reviews.help.survey')}
          rules={[{ required: true, message: tCommon('form.required') }]}
        >
          <Select<number>
            loading={surveys.isPending}
            options={(surveys.data ?? []).map((survey) => ({ value: survey.Id, label: survey.Title }))}
            notFoundContent={t('reviews.noExternalSurveys')}
          />
        </Form.Item>
        <div className={styles.row}>
          <Form.Item
            name="ResultLimit"
            label={t('reviews.fields.resultLimit')}
            extra={t('reviews.help.resultLimit', { max: REVIEW_SOURCE_LIMITS.resultLimitMax })}
            rules={[{ required: true, message: tCommon('form.required') }]}
          >
            <InputNumber<number> className={styles.number} precision={0} />
          </Form.Item>
          <Form.Item name="Frequency" label={t('reviews.fields.frequency')}>
            <Select<number>
              options={REVIEW_FREQUENCIES.map((value) => ({
                value,
                label: t(`reviews.frequencies.${value}`),
              }))}
            />
          </Form.Item>
        </div>
        <Form.Item name="IsActive" label={t('reviews.fields.isActive')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </RecordForm>
      {source && <ReviewRunPanel source={source} canManage={canManage} />}
    </AdminPage>
  );
}
