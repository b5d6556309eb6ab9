import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from './public-notice.module.css';

type NoticeStatus = 'success' | 'warning' | 'error' | 'info';

const icons: Record<NoticeStatus, ReactNode> = {
  success: <CheckCircleFilled />,
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
  info: <InfoCircleFilled />,
};

type PublicNoticeProps = {
  status: NoticeStatus;
  text: ReactNode;
  actions?: ReactNode;
};

/**
 * The outcome of a public page (link expired, password changed…), under the page heading. A status region, so
 * a screen reader reads the outcome when it replaces the form.
 */
export function PublicNotice({ status, text, actions }: PublicNoticeProps) {
  return (
    <div className={styles.notice} role="status">
      <span className={`${styles.icon} ${styles[status]}`} aria-hidden="true">
        {icons[status]}
      </span>
      <Typography.Paragraph className={styles.text}>{text}</Typography.Paragraph>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
