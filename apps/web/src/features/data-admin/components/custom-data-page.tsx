import {
  CUSTOM_DATA_KEYS,
  CUSTOM_DATA_NAME_MAX,
  customDataMappingsSchema,
  type CustomDataMappings,
} from '@loupe/contracts';
import { App, Button, Card, Form, Input, Spin, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import adminStyles from '@/components/admin-page/admin-page.module.css';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RefusalAlert } from '@/components/admin-page/record-form';
import { zodRule } from '@/lib/form-rules';
import { useCustomDataMappings, useSaveCustomDataMappings } from '../api/custom-data-mappings';
import { refusedSlots } from '../custom-data-refusals';
import styles from './data-admin.module.css';
import { LoadFailed } from '@/components/query-state';

/** `/custom-data-management` (metadata:manage): the names of the ten custom data slots, all required. */
export function CustomDataPage() {
  const { t } = useTranslation('dataAdmin');
  const { t: tCommon } = useTranslation();
  const mappings = useCustomDataMappings();
  return (
    <AdminPage title={t('customData.title')} intro={t('customData.intro')} size="large">
      {mappings.isError ? (
        <LoadFailed query={mappings} title={t('customData.loadFailed')} />
      ) : mappings.data ? (
        // Mounted once: a save puts the names it stored into the fields itself (a remount would lose its message).
        <CustomDataForm mappings={mappings.data} />
      ) : (
        <Spin description={tCommon('common.loading')} />
      )}
    </AdminPage>
  );
}

const sameName = (a: string | undefined, b: string | undefined) =>
  (a ?? '').trim().toLocaleLowerCase('tr') === (b ?? '').trim().toLocaleLowerCase('tr');

function CustomDataForm({ mappings }: { mappings: CustomDataMappings }) {
  const { t } = useTranslation('dataAdmin');
  const { t: tValidation } = useTranslation('validation');
  const { message } = App.useApp();
  const [form] = Form.useForm<CustomDataMappings>();
  const save = useSaveCustomDataMappings();
  const { shape } = customDataMappingsSchema;

  // "This value already exists" on a name an earlier slot already has, as the server words it.
  const distinct =
    (index: number): FormRule =>
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) =>
        CUSTOM_DATA_KEYS.slice(0, index).some((key) => sameName(getFieldValue(key) as string, value))
          ? Promise.reject(new Error(tValidation('customValidation.unique')))
          : Promise.resolve(),
    });

  const submit = (values: CustomDataMappings) =>
    save.mutate(
      Object.fromEntries(CUSTOM_DATA_KEYS.map((key) => [key, values[key].trim()])) as CustomDataMappings,
      {
        onSuccess: (saved) => {
          form.setFieldsValue(saved);
          void message.success(t('customData.saved'));
        },
        onError: (error) =>
          form.setFields(refusedSlots(error).map(({ key, text }) => ({ name: key, errors: [text] }))),
      },
    );

  return (
    <Card>
      <Form<CustomDataMappings>
        form={form}
        layout="vertical"
        initialValues={mappings}
        onFinish={submit}
        onValuesChange={() => save.reset()}
        disabled={save.isPending}
      >
        <RefusalAlert error={save.error} fieldOf={(error) => refusedSlots(error)[0]?.key} />
        <div className={styles.slots}>
          {CUSTOM_DATA_KEYS.map((key, index) => (
            <Form.Item
              key={key}
              name={key}
              label={t('customData.slot', { number: index + 1 })}
              rules={[zodRule(shape[key], t), distinct(index)]}
              dependencies={CUSTOM_DATA_KEYS.slice(0, index)}
              validateFirst
              required
            >
              <Input autoComplete="off" maxLength={CUSTOM_DATA_NAME_MAX} />
            </Form.Item>
          ))}
        </div>
        <div className={adminStyles.buttons}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('customData.save')}
          </Button>
          <Button htmlType="button" onClick={() => form.resetFields()}>
            {t('customData.reset')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
