import { useTranslation } from 'react-i18next';
import styles from './page-loading.module.css';

/** A quiet spinner while a page's code loads (plain CSS: antd may be what is loading). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-label={t('common.loading')}>
      <span className={styles.spinner} />
    </div>
  );
}
