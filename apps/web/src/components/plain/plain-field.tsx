import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './plain.module.css';

type PlainFieldProps = {
  /** The input's id: the label names it, and the error is described by `${id}_help`. */
  id: string;
  label: ReactNode;
  /** The field's problem, worded; shown under it and read with it. */
  error?: string | null | undefined;
  /** A hint under the field. */
  extra?: ReactNode;
  children: ReactNode;
};

/** The id of a field's error text, for the input's `aria-describedby`. */
function helpIdOf(id: string): string {
  return `${id}_help`;
}

/** A labelled form field drawn like antd's vertical Form.Item, without antd. */
export function PlainField({ id, label, error, extra, children }: PlainFieldProps) {
  return (
    <div className={error ? `${styles.field} ${styles.withHelp}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <div id={helpIdOf(id)} className={styles.error} role="alert">
          {error}
        </div>
      )}
      {extra && <div className={styles.extra}>{extra}</div>}
    </div>
  );
}

type PlainInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  id: string;
  /** The field has a problem: red border, `aria-invalid`, described by its error text. */
  invalid?: boolean;
  prefix?: ReactNode;
  suffix?: ReactNode;
};

/** A large text input with an optional icon before it, drawn like antd's Input. */
export function PlainInput({ id, invalid = false, prefix, suffix, disabled, ...rest }: PlainInputProps) {
  const className = [styles.input, invalid && styles.invalid, disabled && styles.disabled]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={className}>
      {prefix && <span className={styles.affix}>{prefix}</span>}
      <input
        {...rest}
        id={id}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? helpIdOf(id) : undefined}
      />
      {suffix}
    </span>
  );
}

/** A password input with antd's eye button, which shows the characters while pressed on. */
export function PlainPasswordInput(props: Omit<PlainInputProps, 'type' | 'suffix'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PlainInput
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className={styles.suffixButton}
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={visible}
          disabled={props.disabled}
          onClick={() => setVisible(!visible)}
        >
          {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      }
    />
  );
}
