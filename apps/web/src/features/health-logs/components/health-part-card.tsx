import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  MinusCircleFilled,
} from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { HealthPartStatus, HealthState } from '@loupe/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatGigabytes, freePercent } from '../health-format';
import styles from './health-logs.module.css';

const STATE_ICONS: Record<HealthState, ReactNode> = {
  ok: <CheckCircleFilled aria-hidden />,
  warning: <ExclamationCircleFilled aria-hidden />,
  error: <CloseCircleFilled aria-hidden />,
  notConfigured: <MinusCircleFilled aria-hidden />,
};

/** One part's card: its name, its state (icon, colour and word) and the figure behind it. */
export function HealthPartCard({ part }: { part: HealthPartStatus }) {
  const { t, i18n } = useTranslation('healthLogs');
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);

  function figure(): string {
    if (part.State === 'error' && part.Value === null) return t('healthCheck.figures.unavailable');
    switch (part.Part) {
      case 'database':
        return t('healthCheck.figures.database', { ms: number(part.Value ?? 0, 1) });
      case 'replica':
        return part.Value
          ? t('healthCheck.figures.replicaBehind', {
              count: part.Value,
              seconds: number(part.Secondary ?? 0),
            })
          : t('healthCheck.figures.replicaInStep');
      case 'jobQueue':
        return t('healthCheck.figures.jobQueue', {
          queued: number(part.Value ?? 0),
          failed: number(part.Secondary ?? 0),
        });
      case 'mail':
        return t(`healthCheck.figures.mail.${part.State}`);
      case 'sms':
        return t(`healthCheck.figures.sms.${part.State}`);
      case 'disk':
        return t('healthCheck.figures.disk', {
          free: formatGigabytes(part.Value ?? 0, i18n.language),
          total: formatGigabytes(part.Secondary ?? 0, i18n.language),
          percent: number(freePercent(part) ?? 0, 1),
        });
    }
  }

  return (
    <Card className={styles.partCard} data-state={part.State} data-testid={`health-part-${part.Part}`}>
      <Typography.Text strong>{t(`healthCheck.parts.${part.Part}`)}</Typography.Text>
      <div className={styles.partState}>
        {STATE_ICONS[part.State]} <span>{t(`healthCheck.states.${part.State}`)}</span>
      </div>
      <Typography.Text type="secondary">{figure()}</Typography.Text>
      {part.Detail && <code className={styles.partDetail}>{part.Detail}</code>}
    </Card>
  );
}
