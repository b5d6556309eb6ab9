import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CATI_OPTOUT_FREQUENCIES_MAX,
  catiOptoutFrequencySchema,
  systemRulesSchema,
  type SystemRules,
} from '@loupe/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Spin,
  Typography,
  type FormRule,
} from 'antd';
import { useTranslation } from 'react-i18next';
import adminStyles from '@/components/admin-page/admin-page.module.css';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, RefusalAlert } from '@/components/admin-page/record-form';
import { errorMessage } from '@/lib/error-message';
import { zodRule } from '@/lib/form-rules';
import { useSystemRules } from '../api/get-system-rules';
import { useSaveSystemRules } from '../api/save-system-rules';
import { useCanManageConfig } from '../hooks/use-can-manage-config';
import { repeatsEarlierReason } from './configuration-form-helpers';
import styles from './configurations.module.css';

const LIST = 'CatiOptoutFrequencies' as const;
/** Every refusal of the rules shows above the form. */
const noField = () => undefined;
const reasonPath = (index: number) => [LIST, index, 'Reason'] as [typeof LIST, number, 'Reason'];

/** `/system-rules`: the tenant's invitation limit, contact frequency and CATI opt-out frequencies by reason. */
export function SystemRulesPage() {
  const { t } = useTranslation('configurations');
  const { t: tCommon } = useTranslation();
  const rules = useSystemRules();

  return (
    <AdminPage title={t('rules.title')} intro={t('rules.intro')} size="large">
      {rules.isError ? (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={t('rules.loadFailed')}
          description={errorMessage(rules.error, tCommon)}
          action={<Button onClick={() => void rules.refetch()}>{t('retry')}</Button>}
        />
      ) : rules.data ? (
        // Saved rules come back as the query's data: the form starts again from them.
        <SystemRulesForm key={JSON.stringify(rules.data)} rules={rules.data} />
      ) : (
        <Spin description={tCommon('common.loading')} />
      )}
    </AdminPage>
  );
}

function SystemRulesForm({ rules }: { rules: SystemRules }) {
  const { t } = useTranslation('configurations');
  const { t: tValidation } = useTranslation('validation');
  const { message } = App.useApp();
  const canManage = useCanManageConfig();
  const [form] = Form.useForm<SystemRules>();
  const save = useSaveSystemRules();
  const shape = systemRulesSchema.shape;

  // "This value already exists" on a reason that an earlier row already gives, as the server words it.
  const distinctReason =
    (index: number): FormRule =>
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) => {
        const rows = (getFieldValue(LIST) as { Reason?: string }[] | undefined) ?? [];
        return repeatsEarlierReason(rows, index, value)
          ? Promise.reject(new Error(tValidation('customValidation.unique')))
          : Promise.resolve();
      },
    });

  // A changed reason may end or start a repetition on another row: check the rows already touched again.
  const recheckReasons = () => {
    const count = ((form.getFieldValue(LIST) as unknown[] | undefined) ?? []).length;
    const touched = Array.from({ length: count }, (_, index) => reasonPath(index)).filter((path) =>
      form.isFieldTouched(path),
    );
    if (touched.length > 0) void form.validateFields(touched).catch(() => undefined);
  };

  const submit = (values: SystemRules) =>
    save.mutate(
      {
        InvitationLimit: values.InvitationLimit,
        ContactFrequencyDays: values.ContactFrequencyDays,
        CatiOptoutFrequencies: (values.CatiOptoutFrequencies ?? []).map(({ Reason, Days }) => ({
          Reason: Reason.trim(),
          Days,
        })),
      },
      {
        onSuccess: () => void message.success(t('rules.saved')),
      },
    );

  return (
    <Card>
      <Form<SystemRules>
        form={form}
        layout="vertical"
        initialValues={rules}
        onFinish={submit}
        onValuesChange={(changed: Partial<SystemRules>) => {
          save.reset();
          if (changed.CatiOptoutFrequencies) recheckReasons();
        }}
        disabled={!canManage || save.isPending}
      >
        {!canManage && <FormNote type="info" title={t('rules.readOnly')} />}
        <RefusalAlert error={save.error} fieldOf={noField} />
        <div className={styles.numbers}>
          <Form.Item
            name="InvitationLimit"
            label={t('rules.invitationLimit')}
            extra={t('rules.invitationLimitHelp')}
            rules={[zodRule(shape.InvitationLimit, t)]}
            required
          >
            <InputNumber className={styles.fullWidth} min={0} precision={0} />
          </Form.Item>
          <Form.Item
            name="ContactFrequencyDays"
            label={t('rules.contactFrequencyDays')}
            extra={t('rules.contactFrequencyDaysHelp')}
            rules={[zodRule(shape.ContactFrequencyDays, t)]}
            required
          >
            <InputNumber className={styles.fullWidth} min={0} precision={0} />
          </Form.Item>
        </div>
        <fieldset className={styles.optouts}>
          <legend className={styles.legend}>{t('rules.optouts.title')}</legend>
          <Typography.Paragraph type="secondary" className={adminStyles.intro}>
            {t('rules.optouts.help')}
          </Typography.Paragraph>
          <Form.List name={LIST}>
            {(fields, { add, remove }) => (
              <>
                {fields.length === 0 && (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rules.optouts.empty')} />
                )}
                {fields.length > 0 && (
                  <div className={styles.optoutRow} aria-hidden>
                    <Typography.Text strong>{t('rules.optouts.reason')}</Typography.Text>
                    <Typography.Text strong>{t('rules.optouts.days')}</Typography.Text>
                  </div>
                )}
                {fields.map((field, index) => (
                  <div key={field.key} className={styles.optoutRow}>
                    <Form.Item
                      name={[field.name, 'Reason']}
                      rules={[zodRule(catiOptoutFrequencySchema.shape.Reason, t), distinctReason(index)]}
                      validateFirst
                    >
                      <Input
                        aria-label={t('rules.optouts.reasonOf', { index: index + 1 })}
                        autoComplete="off"
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'Days']}
                      rules={[zodRule(catiOptoutFrequencySchema.shape.Days, t)]}
                    >
                      <InputNumber
                        className={styles.fullWidth}
                        aria-label={t('rules.optouts.daysOf', { index: index + 1 })}
                        min={0}
                        precision={0}
                      />
                    </Form.Item>
                    {canManage && (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('rules.optouts.remove', { index: index + 1 })}
                        onClick={() => {
                          remove(field.name);
                          recheckReasons();
                        }}
                      />
                    )}
                  </div>
                ))}
                {canManage && (
                  <div>
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      disabled={fields.length >= CATI_OPTOUT_FREQUENCIES_MAX || save.isPending}
                      onClick={() => add({ Reason: '', Days: 0 })}
                    >
                      {t('rules.optouts.add')}
                    </Button>
                    {fields.length >= CATI_OPTOUT_FREQUENCIES_MAX && (
                      <Typography.Text type="secondary">
                        {' '}
                        {t('rules.optouts.limit', { max: CATI_OPTOUT_FREQUENCIES_MAX })}
                      </Typography.Text>
                    )}
                  </div>
                )}
              </>
            )}
          </Form.List>
        </fieldset>
        {canManage && (
          <div className={adminStyles.buttons}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('rules.save')}
            </Button>
            <Button htmlType="button" onClick={() => form.resetFields()}>
              {t('rules.reset')}
            </Button>
          </div>
        )}
      </Form>
    </Card>
  );
}
