import {
  CALCULABLE_MEASUREMENT_TYPES,
  ErrorCode,
  MEASUREMENT_TYPES,
  experienceSaveSchema,
  type ExperienceDetail,
  type MeasurementType,
} from '@loupe/contracts';
import { AutoComplete, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { zodRule } from '@/lib/form-rules';
import { usePageTitle } from '@/lib/page-title';
import { useExperience } from '../api/get-experience';
import { useExperienceGroups } from '../api/get-experience-groups';
import { useSaveExperience } from '../api/save-experience';
import { DeleteExperienceButton } from './delete-buttons';
import { useMeasurementTypeName } from './measurement-type';
import { MetadataLoader, useMetadataBack } from './metadata-record';

const LIST_PATH = '/experiences';

type Values = { Name: string; GroupName: string | undefined; MeasurementType: MeasurementType | undefined };

/** Which field a refusal of the server belongs to; other failures show above the form. */
const fieldOf = fieldOfCode<Values>({
  [ErrorCode.ExperienceNameExists]: 'Name',
  [ErrorCode.ExperienceInUse]: 'MeasurementType',
});

/** `/experiences/create` and `/experiences/:id`. */
export function ExperiencePage() {
  const { t } = useTranslation('experiences');
  const query = useRouteRecord(useExperience);
  usePageTitle(t('experiences.title'));
  return (
    <MetadataLoader section="experiences" listPath={LIST_PATH} query={query}>
      {(record) => <ExperienceForm key={record?.Id} experience={record} />}
    </MetadataLoader>
  );
}

/** Name, group (chosen, or typed to create one) and measurement type; system experiences are read-only. */
function ExperienceForm({ experience }: { experience?: ExperienceDetail }) {
  const { t } = useTranslation('experiences');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveExperience();
  const back = useMetadataBack('experiences', LIST_PATH);
  const handlers = useSaveHandlers({
    form,
    fieldOf,
    listPath: LIST_PATH,
    savedMessage: (saved: ExperienceDetail) =>
      t(experience ? 'messages.saved' : 'messages.created', { name: saved.Name }),
  });
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
      handlers,
    );
  };

  let typeHelp: string | undefined;
  if (!readOnly) typeHelp = used ? t('experiences.help.typeLocked') : t('experiences.help.measurementType');

  const title = experience
    ? t('experiences.editTitle', { name: experience.Name })
    : t('experiences.createTitle');

  return (
    <AdminPage title={title} back={back} size="small">
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        save={save}
        fieldOf={fieldOf}
        readOnly={readOnly}
        listPath={LIST_PATH}
        backLabel={back.label}
        footerExtra={
          experience && (
            <DeleteExperienceButton
              record={experience}
              disabled={used}
              onDeleted={() => void navigate(LIST_PATH)}
            />
          )
        }
        notes={
          <>
            {readOnly && <FormNote type="info" title={t('experiences.preservedNote')} />}
            {!readOnly && used && (
              <FormNote
                type="warning"
                title={t('experiences.inUseNote', {
                  questions: experience.QuestionCount,
                  groups: experience.WeightedGroupCount,
                })}
              />
            )}
          </>
        }
      >
        <NameItem label={t('experiences.fields.name')} schema={experienceSaveSchema.shape.Name} />
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
      </RecordForm>
    </AdminPage>
  );
}
