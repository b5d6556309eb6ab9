import {
  ErrorCode,
  weightedExperienceGroupSaveSchema,
  type WeightedExperienceGroupDetail,
} from '@loupe/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { errorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/page-title';
import { useCalculableExperiences } from '../api/get-calculable-experiences';
import { useWeightedGroup } from '../api/get-weighted-group';
import { useSaveWeightedGroup } from '../api/save-weighted-group';
import { DeleteWeightedGroupButton } from './delete-buttons';
import { MetadataLoader, useMetadataBack } from './metadata-record';
import { WeightedItemsField, type WeightedItemValue } from './weighted-items-field';

const LIST_PATH = '/weighted-experience-groups';

type Values = { Name: string; Items: WeightedItemValue[] };

const fieldOf = fieldOfCode<Values>({ [ErrorCode.WeightedGroupNameExists]: 'Name' });

/** `/weighted-experience-groups/create` and `/weighted-experience-groups/:id`. */
export function WeightedGroupPage() {
  const { t } = useTranslation('experiences');
  const query = useRouteRecord(useWeightedGroup);
  usePageTitle(t('weightedGroups.title'));
  return (
    <MetadataLoader section="weightedGroups" listPath={LIST_PATH} query={query}>
      {(record) => <WeightedGroupForm key={record?.Id} group={record} />}
    </MetadataLoader>
  );
}

/** A name and 1–50 rows of experience and weight. */
function WeightedGroupForm({ group }: { group?: WeightedExperienceGroupDetail }) {
  const { t } = useTranslation('experiences');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveWeightedGroup();
  const calculable = useCalculableExperiences();
  const handlers = useSaveHandlers({
    form,
    fieldOf,
    listPath: LIST_PATH,
    savedMessage: (saved: WeightedExperienceGroupDetail) =>
      t(group ? 'messages.saved' : 'messages.created', { name: saved.Name }),
  });

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
    save.mutate({ id: group?.Id, body: body.data }, handlers);
  };

  return (
    <AdminPage
      title={group ? t('weightedGroups.editTitle', { name: group.Name }) : t('weightedGroups.createTitle')}
      back={useMetadataBack('weightedGroups', LIST_PATH)}
      size="small"
    >
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        save={save}
        fieldOf={fieldOf}
        listPath={LIST_PATH}
        footerExtra={
          group && <DeleteWeightedGroupButton record={group} onDeleted={() => void navigate(LIST_PATH)} />
        }
        notes={
          <>
            <FormNote type="info" title={t('weightedGroups.help.items')} />
            {calculable.isError && <FormNote type="error" title={errorMessage(calculable.error, tCommon)} />}
          </>
        }
      >
        <NameItem
          label={t('weightedGroups.fields.name')}
          schema={weightedExperienceGroupSaveSchema.shape.Name}
        />
        <WeightedItemsField experiences={calculable.data ?? []} loading={calculable.isPending} />
      </RecordForm>
    </AdminPage>
  );
}
