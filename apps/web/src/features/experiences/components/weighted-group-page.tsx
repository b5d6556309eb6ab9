import {
  ErrorCode,
  weightedExperienceGroupSaveSchema,
  type WeightedExperienceGroupDetail,
} from '@loupe/contracts';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { zodRule } from '../../../lib/form-rules';
import { usePageTitle } from '../../../lib/page-title';
import { useCalculableExperiences } from '../api/get-calculable-experiences';
import { useWeightedGroup } from '../api/get-weighted-group';
import { useSaveWeightedGroup } from '../api/save-weighted-group';
import { DeleteWeightedGroupButton } from './delete-buttons';
import styles from './metadata.module.css';
import { RecordFallback, RecordHeader, recordIdOf } from './record-page';
import { WeightedItemsField, type WeightedItemValue } from './weighted-items-field';

const LIST_PATH = '/weighted-experience-groups';

type Values = { Name: string; Items: WeightedItemValue[] };

const FIELD_OF_CODE: Partial<Record<number, keyof Values>> = {
  [ErrorCode.WeightedGroupNameExists]: 'Name',
};

/** `/weighted-experience-groups/create` and `/weighted-experience-groups/:id`. */
export function WeightedGroupPage() {
  const { t } = useTranslation('experiences');
  const id = recordIdOf(useParams().id);
  const query = useWeightedGroup(id ?? undefined);
  usePageTitle(t('weightedGroups.title'));
  if (id === undefined) return <WeightedGroupForm />;
  if (id !== null && query.data) return <WeightedGroupForm key={query.data.Id} group={query.data} />;
  return (
    <RecordFallback
      query={id === null ? null : query}
      notFound={t('weightedGroups.notFound')}
      header={
        <RecordHeader
          title={t('weightedGroups.title')}
          backTo={LIST_PATH}
          backLabel={t('weightedGroups.back')}
        />
      }
    />
  );
}

/** A name and 1–50 rows of experience and weight. */
function WeightedGroupForm({ group }: { group?: WeightedExperienceGroupDetail }) {
  const { t } = useTranslation('experiences');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveWeightedGroup();
  const calculable = useCalculableExperiences();

  const initialValues: Values = {
    Name: group?.Name ?? '',
    Items: group
      ? group.Items.map((item) => ({ ExperienceId: item.ExperienceId, Weight: item.Weight }))
      : [{ ExperienceId: undefined, Weight: 1 }],
  };

  const submit = (values: Values) => {
    const body = weightedExperienceGroupSaveSchema.safeParse(values);
    // The form's own rules check the same; this only narrows the optional row fields.
    if (!body.success) return;
    save.mutate(
      { id: group?.Id, body: body.data },
      {
        onSuccess: (saved) => {
          void message.success(t(group ? 'messages.saved' : 'messages.created', { name: saved.Name }));
          void navigate(LIST_PATH);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
          if (field) form.setFields([{ name: field, errors: [errorMessage(error, tCommon)] }]);
        },
      },
    );
  };

  const unplaced = save.isError && !(save.error instanceof ApiError && FIELD_OF_CODE[save.error.code]);

  return (
    <div className={styles.page}>
      <RecordHeader
        title={group ? t('weightedGroups.editTitle', { name: group.Name }) : t('weightedGroups.createTitle')}
        backTo={LIST_PATH}
        backLabel={t('weightedGroups.back')}
      />
      <Card>
        <Alert className={styles.alert} type="info" showIcon title={t('weightedGroups.help.items')} />
        {calculable.isError && (
          <Alert
            className={styles.alert}
            type="error"
            role="alert"
            showIcon
            title={errorMessage(calculable.error, tCommon)}
          />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={submit}
          onValuesChange={() => save.reset()}
          disabled={save.isPending}
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
            label={t('weightedGroups.fields.name')}
            rules={[
              { required: true, whitespace: true, message: tCommon('form.required') },
              zodRule(weightedExperienceGroupSaveSchema.shape.Name, tCommon),
            ]}
          >
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <WeightedItemsField experiences={calculable.data ?? []} loading={calculable.isPending} />
          <div className={styles.buttons}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('record.save')}
            </Button>
            <Button onClick={() => void navigate(LIST_PATH)}>{t('record.cancel')}</Button>
            <span className={styles.spacer} />
            {group && <DeleteWeightedGroupButton record={group} onDeleted={() => void navigate(LIST_PATH)} />}
          </div>
        </Form>
      </Card>
    </div>
  );
}
