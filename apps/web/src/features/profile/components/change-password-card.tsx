import { ErrorCode, isValidPassword } from '@loupe/contracts';
import { App, Button, Card, Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefusalAlert, useFieldRefusal } from '@/components/admin-page/record-form';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { useChangePassword } from '../api/change-password';

type Values = { current: string; next: string; confirm: string };

/** Which field a refusal of the server belongs to; other failures show above the form. */
const fieldOf = fieldOfCode<Values>({
  [ErrorCode.CurrentPasswordWrong]: 'current',
  [ErrorCode.NewPasswordSameAsCurrent]: 'next',
  [ErrorCode.ModelNotValid]: 'next',
});

/** Change password with the spec's rule: 6+ characters, lower, upper, digit, no white space. */
export function ChangePasswordCard() {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const placeRefusal = useFieldRefusal(form, fieldOf);

  const rules: Record<keyof Values, FormRule[]> = {
    current: [{ required: true, message: t('form.required') }],
    next: [
      { required: true, message: t('form.required') },
      {
        validator: (_rule, value: string | undefined) =>
          !value || isValidPassword(value)
            ? Promise.resolve()
            : Promise.reject(new Error(t('password.invalid'))),
      },
      ({ getFieldValue }) => ({
        validator: (_rule, value: string | undefined) =>
          !value || value !== getFieldValue('current')
            ? Promise.resolve()
            : Promise.reject(new Error(t('password.sameAsCurrent'))),
      }),
    ],
    confirm: [
      { required: true, message: t('form.required') },
      ({ getFieldValue }) => ({
        validator: (_rule, value: string | undefined) =>
          !value || value === getFieldValue('next')
            ? Promise.resolve()
            : Promise.reject(new Error(t('password.mismatch'))),
      }),
    ],
  };

  const submit = ({ current, next }: Values) =>
    change.mutate(
      { CurrentPassword: current, NewPassword: next },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t('password.changed'));
        },
        onError: placeRefusal,
      },
    );

  return (
    <Card title={t('password.title')}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => change.reset()}
        disabled={change.isPending}
      >
        <RefusalAlert error={change.error} fieldOf={fieldOf} />
        <Form.Item name="current" label={t('password.current')} rules={rules.current}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="next"
          label={t('password.new')}
          rules={rules.next}
          extra={t('password.rule')}
          dependencies={['current']}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('password.confirm')} rules={rules.confirm} dependencies={['next']}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
