import { ArrowLeftOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './admin-page.module.css';

/**
 * How wide a page may grow: `small` 880px, `medium` 960px, `large` 1040px (forms and details, centred), `full`
 * the whole content area (lists).
 */
type AdminPageSize = 'small' | 'medium' | 'large' | 'full';

/** The way back from a page, e.g. `{ to: '/roles', label: t('back') }` (the label already translated). */
export type BackLink = { to: string; label: string };

/** The props of {@link AdminPage}. */
export type AdminPageProps = {
  /** The page's heading (the only level-1 heading), already translated. */
  title: string;
  /** A link back to the list, at the heading's end side. */
  back?: BackLink;
  /** More at the heading's end side, e.g. a filter of the whole page. */
  headerExtra?: ReactNode;
  /** A secondary paragraph under the heading. */
  intro?: ReactNode;
  /** Default `full`. */
  size?: AdminPageSize;
  children?: ReactNode;
};

/**
 * The frame of an administration screen: a level-1 heading with the way back (or other header content), an
 * optional introduction, then the page's content. Laid out with logical properties, so it mirrors in Arabic.
 */
export function AdminPage({ title, back, headerExtra, intro, size = 'full', children }: AdminPageProps) {
  return (
    <div className={size === 'full' ? styles.page : `${styles.page} ${styles[size]}`}>
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          {title}
        </Typography.Title>
        {back && (
          <Link to={back.to}>
            <ArrowLeftOutlined aria-hidden="true" className={styles.backIcon} /> {back.label}
          </Link>
        )}
        {headerExtra}
      </header>
      {intro && (
        <Typography.Paragraph type="secondary" className={styles.intro}>
          {intro}
        </Typography.Paragraph>
      )}
      {children}
    </div>
  );
}
