import { ReloadOutlined } from '@ant-design/icons';
import { passwordGrantSchema, type Captcha } from '@loupe/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Form, Input, Skeleton, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/form-rules';
import styles from './auth-form.module.css';

const ANSWER_FIELD = 'captchaAnswer';

/** The captcha image with a refresh button, and the field for its characters (form field `captchaAnswer`). */
export function CaptchaField({ challenge }: { challenge: UseQueryResult<Captcha> }) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  return (
    <Form.Item label={t('captcha.label')} htmlFor={ANSWER_FIELD} extra={t('captcha.hint')} required>
      <div className={styles.captcha}>
        {challenge.data ? (
          <img
            className={styles.captchaImage}
            src={challenge.data.Image}
            alt={t('captcha.imageAlt')}
            data-testid="captcha-image"
            data-captcha-id={challenge.data.CaptchaId}
          />
        ) : (
          <Skeleton.Node active className={styles.captchaImage} />
        )}
        <Tooltip title={t('captcha.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('captcha.refresh')}
            loading={challenge.isFetching}
            onClick={() => void challenge.refetch()}
          />
        </Tooltip>
      </div>
      {challenge.isError && (
        <Typography.Text type="danger" role="alert">
          {t('captcha.loadError')}
        </Typography.Text>
      )}
      <Form.Item
        name={ANSWER_FIELD}
        noStyle
        rules={[zodRule(passwordGrantSchema.shape.captcha_answer.unwrap().min(1), tCommon)]}
      >
        <Input id={ANSWER_FIELD} autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={20} />
      </Form.Item>
    </Form.Item>
  );
}
