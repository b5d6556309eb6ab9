import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './plain.module.css';

type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** antd's button types; `htmlType` is the element's own type. */
  variant?: 'default' | 'primary' | 'text' | 'link';
  htmlType?: 'button' | 'submit';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  /** A spinner before the label; the button does nothing until the request ends. */
  loading?: boolean;
  icon?: ReactNode;
};

/** Class names of a plain button, for an `<a>` that looks like one (buttonClassName). */
export function buttonClassName({
  variant = 'default',
  size = 'middle',
  block = false,
  loading = false,
  iconOnly = false,
  className,
}: {
  variant?: PlainButtonProps['variant'];
  size?: PlainButtonProps['size'];
  block?: boolean;
  loading?: boolean;
  iconOnly?: boolean;
  className?: string | undefined;
}): string {
  return [
    styles.button,
    styles[variant],
    size === 'middle' ? undefined : styles[size],
    block && styles.block,
    loading && styles.loading,
    iconOnly && styles.iconOnly,
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A button that looks like antd's, without antd: the sign-in page's (components/plain/plain.module.css says
 * why). The label is the children; an icon-only button needs an `aria-label`.
 */
export function PlainButton({
  variant,
  htmlType = 'button',
  size,
  block,
  loading = false,
  icon,
  className,
  disabled,
  children,
  ...rest
}: PlainButtonProps) {
  return (
    <button
      {...rest}
      type={htmlType}
      className={buttonClassName({
        variant,
        size,
        block,
        loading,
        iconOnly: children === undefined || children === false,
        className,
      })}
      disabled={disabled || loading}
    >
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
