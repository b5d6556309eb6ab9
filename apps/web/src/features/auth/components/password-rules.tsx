import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from './password-rules.module.css';

/** The spec's password rule (contracts `isValidPassword`) split into the parts the checklist shows. */
const PASSWORD_RULES = [
  { key: 'minLength', passes: (value: string) => value.length >= 6 },
  { key: 'lowercase', passes: (value: string) => /[a-z]/.test(value) },
  { key: 'uppercase', passes: (value: string) => /[A-Z]/.test(value) },
  { key: 'digit', passes: (value: string) => /\d/.test(value) },
  { key: 'noWhitespace', passes: (value: string) => value.length > 0 && !/\s/.test(value) },
] as const;

export type PasswordRuleKey = (typeof PASSWORD_RULES)[number]['key'];

/** Each part of the rule and whether `value` meets it; all met exactly when `isValidPassword(value)`. */
export function passwordRuleChecks(value: string): { key: PasswordRuleKey; met: boolean }[] {
  return PASSWORD_RULES.map((rule) => ({ key: rule.key, met: rule.passes(value) }));
}

/**
 * Which parts of the password rule the typed password meets, updated as the user types. Not a live region
 * (it would speak on every key); as the field's `extra`, antd points the input at it with `aria-describedby`.
 */
export function PasswordRules({ value }: { value: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.box}>
      <div className={styles.title}>{t('passwordRules.title')}</div>
      <ul className={styles.list}>
        {passwordRuleChecks(value).map(({ key, met }) => {
          return (
            <li key={key} className={met ? `${styles.rule} ${styles.met}` : styles.rule}>
              {met ? <CheckCircleFilled aria-hidden="true" /> : <MinusCircleOutlined aria-hidden="true" />}
              <span>{t(`passwordRules.${key}`)}</span>
              <span className={styles.hidden}>{met ? t('passwordRules.met') : t('passwordRules.unmet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
