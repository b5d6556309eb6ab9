import {
  CALCULABLE_MEASUREMENT_TYPES,
  ErrorCode,
  MEASUREMENT_TYPES,
  experienceSaveSchema,
  type ExperienceDetail,
  type MeasurementType,
} from '@loupe/contracts';
import { Alert, App, AutoComplete, Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { zodRule } from '../../../lib/form-rules';
import { usePageTitle } from '../../../lib/page-title';
import { useExperience } from '../api/get-experience';
import { useExperienceGroups } from '../api/get-experience-groups';
import { useSaveExperience } from '../api/save-experience';
import { DeleteExperienceButton } from './delete-buttons';
import { useMeasurementTypeName } from './measurement-type';
import styles from './metadata.module.css';
import { RecordFallback, RecordHeader, recordIdOf } from './record-page';

const LIST_PATH = '/experiences';

type Values = { Name: string; GroupName: string | undefined; MeasurementType: MeasurementType | undefined };

/** Which field a refusal of the server belongs to; other failures show above the form. */
const FIELD_OF_CODE: Partial<Record<number, keyof Values>> = {
  [ErrorCode.ExperienceNameExists]: 'Name',
  [ErrorCode.ExperienceInUse]: 'MeasurementType',
};

/** `/experiences/create` and `/experiences/:id`. */
export function ExperiencePage() {
  const { t } = useTranslation('experiences');
  const id = recordIdOf(useParams().id);
  const query = useExperience(id ?? undefined);
  usePageTitle(t('experiences.title'));
  if (id === undefined) return <ExperienceForm />;
  if (id !== null && query.data) return <ExperienceForm key={query.data.Id} experience={query.data} />;
  return (
    <RecordFallback
      query={id === null ? null : query}
      notFound={t('experiences.notFound')}
      header={
        <RecordHeader title={t('experiences.title')} backTo={LIST_PATH} backLabel={t('experiences.back')} />
      }
    />
  );
}

/** Name, group (chosen, or typed to create one) and measurement type; system experiences are read-only. */
function ExperienceForm({ experience }: { experience?: ExperienceDetail }) {
  const { t } = useTranslation('experiences');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveExperience();
  const groups = useExperienceGroups();
  const typeName = useMeasurementTypeName();

  const readOnly = experience?.IsPreserved === true;
  const used = experience !== undefined && experience.QuestionCount + experience.WeightedGroupCount > 0;
  const groupOptions = (groups.data ?? []).map((group) => ({ value: group.Name }));
  const typeOptions = MEASUREMENT_TYPES.map((type) => ({
    value: type,
    label: (CALCULABLE_MEASUREMENT_TYPES as readonly number[]).includes(type)
      ? typeName(type)
      : `${typeName(type)} (${t('experiences.notCalculable')})`,
  }));

  const initialValues: Values = {
    Name: experience?.Name ?? '',
    GroupName: experience?.GroupName ?? '',
    MeasurementType: experience?.MeasurementType,
  };

  const submit = (values: Values) => {
    if (values.MeasurementType === undefined) return;
    save.mutate(
      {
        id: experience?.Id,
        body: {
          Name: values.Name,
          GroupName: values.GroupName?.trim() ? values.GroupName : null,
          MeasurementType: values.MeasurementType,
        },
      },
      {
        onSuccess: (saved) => {
          void message.success(t(experience ? 'messages.saved' : 'messages.created', { name: saved.Name }));
          void navigate(LIST_PATH);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
          if (field) form.setFields([{ name: field, errors: [errorMessage(error, tCommon)] }]);
        },
      },
    );
  };

  let typeHelp: string | undefined;
  if (!readOnly) typeHelp = used ? t('experiences.help.typeLocked') : t('experiences.help.measurementType');

  const unplaced = save.isError && !(save.error instanceof ApiError && FIELD_OF_CODE[save.error.code]);
  const title = experience
    ? t('experiences.editTitle', { name: experience.Name })
    : t('experiences.createTitle');

  return (
    <div className={styles.page}>
      <RecordHeader title={title} backTo={LIST_PATH} backLabel={t('experiences.back')} />
      <Card>
        {readOnly && (
          <Alert className={styles.alert} type="info" showIcon title={t('experiences.preservedNote')} />
        )}
        {!readOnly && used && (
          <Alert
            className={styles.alert}
            type="warning"
            showIcon
            title={t('experiences.inUseNote', {
              questions: experience.QuestionCount,
              groups: experience.WeightedGroupCount,
            })}
          />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={submit}
          onValuesChange={() => save.reset()}
          disabled={save.isPending || readOnly}
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
            label={t('experiences.fields.name')}
            rules={[
              { required: true, whitespace: true, message: tCommon('form.required') },
              zodRule(experienceSaveSchema.shape.Name, tCommon),
            ]}
          >
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item
            name="GroupName"
            label={t('experiences.fields.group')}
            extra={readOnly ? undefined : t('experiences.help.group')}
            rules={[zodRule(experienceSaveSchema.shape.GroupName, tCommon)]}
          >
            <AutoComplete
              options={groupOptions}
              allowClear
              maxLength={100}
              filterOption={(input, option) =>
                (option?.value ?? '').toLowerCase().includes(input.toLowerCase())
              }
            />
          </Form.Item>
          <Form.Item
            name="MeasurementType"
            label={t('experiences.fields.measurementType')}
            extra={typeHelp}
            rules={[{ required: true, message: tCommon('form.required') }]}
          >
            <Select options={typeOptions} disabled={used} />
          </Form.Item>
          {!readOnly && (
            <div className={styles.buttons}>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('record.save')}
              </Button>
              <Button onClick={() => void navigate(LIST_PATH)}>{t('record.cancel')}</Button>
              <span className={styles.spacer} />
              {experience && (
                <DeleteExperienceButton
                  record={experience}
                  disabled={used}
                  onDeleted={() => void navigate(LIST_PATH)}
                />
              )}
            </div>
          )}
        </Form>
        {readOnly && <Button onClick={() => void navigate(LIST_PATH)}>{t('experiences.back')}</Button>}
      </Card>
    </div>
  );
}
