import { isValidPassword, resetPasswordSchema } from '@loupe/contracts';
import { Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/form-rules';
import { PasswordRules } from './password-rules';

/** Form field names, the same as the request bodies' (`NewPassword`); `ConfirmPassword` stays in the form. */
export type NewPasswordValues = { NewPassword: string; ConfirmPassword: string };

type NewPasswordFieldsProps = {
  newLabel: string;
  confirmLabel: string;
  /** The form's current-password field, which the new password must differ from. */
  currentPasswordField?: string;
  autoFocus?: boolean;
};

/** New password (with the live rule checklist) and its confirmation, inside an antd Form. */
export function NewPasswordFields({
  newLabel,
  confirmLabel,
  currentPasswordField,
  autoFocus = false,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const form = Form.useFormInstance<NewPasswordValues>();
  const value = Form.useWatch('NewPassword', form) ?? '';

  const newPasswordRules: FormRule[] = [
    zodRule(resetPasswordSchema.shape.NewPassword, tCommon),
    {
      validator: (_rule, password: string | undefined) =>
        !password || isValidPassword(password)
          ? Promise.resolve()
          : Promise.reject(new Error(t('passwordRules.invalid'))),
    },
  ];
  if (currentPasswordField) {
    newPasswordRules.push(({ getFieldValue }) => ({
      validator: (_rule, password: string | undefined) =>
        !password || password !== getFieldValue(currentPasswordField)
          ? Promise.resolve()
          : Promise.reject(new Error(t('passwordRules.sameAsCurrent'))),
    }));
  }

  return (
    <>
      <Form.Item
        name="NewPassword"
        label={newLabel}
        validateFirst
        // The checklist answers while typing; the message waits until the field is left or sent.
        validateTrigger="onBlur"
        dependencies={currentPasswordField ? [currentPasswordField] : []}
        rules={newPasswordRules}
        extra={<PasswordRules value={value} />}
      >
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        name="ConfirmPassword"
        label={confirmLabel}
        validateFirst
        dependencies={['NewPassword']}
        rules={[
          zodRule(resetPasswordSchema.shape.NewPassword, tCommon),
          ({ getFieldValue }) => ({
            validator: (_rule, confirmation: string | undefined) =>
              !confirmation || confirmation === getFieldValue('NewPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('passwordRules.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
