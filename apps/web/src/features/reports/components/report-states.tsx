import { Alert, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import styles from './report-page.module.css';

/** While a report page's data loads. */
export function ReportLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.centered}>
      <Spin description={t('common.loading')} />
    </div>
  );
}

/** A report page whose data could not be loaded, with a retry. */
export function ReportLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('reports');
  const { t: tCommon } = useTranslation();
  return (
    <Alert
      type="error"
      role="alert"
      showIcon
      title={t('page.loadFailed')}
      description={errorMessage(error, tCommon)}
      action={<Button onClick={onRetry}>{tCommon('common.retry')}</Button>}
    />
  );
}
