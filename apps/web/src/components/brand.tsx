import { useTranslation } from 'react-i18next';
import styles from './brand.module.css';

/** The product mark and name, as the top bar and the sign-in card show them. */
export function Brand({ size = 'default' }: { size?: 'default' | 'large' }) {
  const { t } = useTranslation();
  return (
    <span className={size === 'large' ? `${styles.brand} ${styles.large}` : styles.brand}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true">
        <circle cx="13" cy="13" r="8.5" fill="none" stroke="currentColor" strokeWidth="3.5" />
        <path d="M19.5 19.5 28 28" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span className={styles.name}>{t('app.productName')}</span>
    </span>
  );
}
