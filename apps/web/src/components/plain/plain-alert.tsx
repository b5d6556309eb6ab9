import { CloseCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import styles from './plain.module.css';

/** antd's error Alert with its icon, without antd; `role="alert"` makes screen readers read it at once. */
export function PlainErrorAlert({
  message,
  description,
  className,
}: {
  message: ReactNode;
  description?: ReactNode;
  className?: string | undefined;
}) {
  return (
    <div className={className ? `${styles.alert} ${className}` : styles.alert} role="alert">
      <span className={styles.alertIcon} aria-hidden="true">
        <CloseCircleFilled />
      </span>
      <div className={styles.alertBody}>
        <div>{message}</div>
        {description && <div className={styles.alertDescription}>{description}</div>}
      </div>
    </div>
  );
}
