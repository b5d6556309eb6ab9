import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/brand';
import { LanguageSwitch } from '@/components/language-switch';
import { usePageTitle } from '@/lib/page-title';
import styles from './public-page.module.css';

type PublicPageProps = {
  /** The page's one heading, also the browser tab's title. */
  title: string;
  subtitle?: ReactNode;
  /** Under the card: links to the other public pages. */
  footer?: ReactNode;
  width?: 'default' | 'wide';
  children?: ReactNode;
};

/**
 * The frame of every signed-out page: language switch, product mark and one card. Plain React drawn like antd's
 * Card and Typography, as the sign-in page loads no antd (docs/architecture.md).
 */
export function PublicPage({ title, subtitle, footer, width = 'default', children }: PublicPageProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <main className={styles.page}>
      <div className={styles.language}>
        <LanguageSwitch />
      </div>
      <div className={width === 'wide' ? `${styles.column} ${styles.wide}` : styles.column}>
        <header className={styles.header}>
          <Brand size="large" />
          <span className={styles.secondary}>{t('app.tagline')}</span>
        </header>
        <section className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={`${styles.secondary} ${styles.subtitle}`}>{subtitle}</p>}
          {children}
        </section>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </main>
  );
}
