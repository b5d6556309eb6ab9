import type { ServerLogRow } from '@loupe/contracts';
import { Button, Descriptions, Drawer, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_SECONDS_FORMAT, LEVEL_COLORS, prettyContext } from '../health-format';
import styles from './health-logs.module.css';

/** One log line in full: its columns and its context, with a way to the other lines of its request. */
export function LogLineDrawer({
  line,
  onClose,
  onShowRequest,
}: {
  line: ServerLogRow | undefined;
  onClose: () => void;
  onShowRequest: (requestId: string) => void;
}) {
  const { t } = useTranslation('healthLogs');
  const context = line ? prettyContext(line.Context) : undefined;
  return (
    <Drawer open={line !== undefined} onClose={onClose} title={t('logs.detail.title')} size="large">
      {line && (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('logs.fields.time')}>
              {dayjs(line.Time).format(DATE_TIME_SECONDS_FORMAT)}
            </Descriptions.Item>
            <Descriptions.Item label={t('logs.fields.level')}>
              <Tag color={LEVEL_COLORS[line.Level]}>{t(`logs.levels.${line.Level}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('logs.fields.message')}>{line.Message}</Descriptions.Item>
            <Descriptions.Item label={t('logs.fields.requestId')}>
              {line.RequestId ? <span className={styles.code}>{line.RequestId}</span> : t('logs.detail.none')}
            </Descriptions.Item>
          </Descriptions>
          {line.RequestId && (
            <Button className={styles.drawerAction} onClick={() => onShowRequest(line.RequestId!)}>
              {t('logs.detail.showRequest')}
            </Button>
          )}
          <Typography.Title level={3} className={styles.sectionTitle}>
            {t('logs.fields.context')}
          </Typography.Title>
          {context ? (
            <pre className={styles.pre}>{context}</pre>
          ) : (
            <Typography.Text type="secondary">{t('logs.detail.noContext')}</Typography.Text>
          )}
        </>
      )}
    </Drawer>
  );
}
