import { Card, Typography } from 'antd';
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

/** The frame of every signed-out page: language switch, product mark and one card. */
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
          <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
        </header>
        <Card className={styles.card}>
          <Typography.Title level={1} className={styles.title}>
            {title}
          </Typography.Title>
          {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
          {children}
        </Card>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </main>
  );
}
