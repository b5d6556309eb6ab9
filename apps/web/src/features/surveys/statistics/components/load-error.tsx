import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';

/** A statistics request that failed: what went wrong and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('surveyStats');
  const { t: tCommon } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('statistics.loadError')}
      subTitle={errorMessage(error, tCommon)}
      extra={<Button onClick={onRetry}>{t('statistics.retry')}</Button>}
    />
  );
}
