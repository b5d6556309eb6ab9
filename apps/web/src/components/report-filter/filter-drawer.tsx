import { FilterOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Drawer } from 'antd';
import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './report-filter.module.css';

/** The props of {@link FilterDrawer}. */
export type FilterDrawerProps = {
  /** How many of the offered filters hold a value, and how many are offered: the "N of M" badge. */
  count: number;
  total: number;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onApply: () => void;
  onClear: () => void;
  /** The drawer's heading; default "Filters". */
  title?: string;
  /** The fields, notes and groups. */
  children: ReactNode;
};

/**
 * The filter dropdown panel's frame (reports spec §2, surveys spec §2 generic pieces): a "Filters" button with the
 * "N of M" badge (blank when none is set) opening a drawer at the end side, with Clear and Apply at its foot. The
 * report filter and the invitee pool's filter put their fields in it.
 */
export function FilterDrawer({
  count,
  total,
  open,
  onOpen,
  onClose,
  onApply,
  onClear,
  title,
  children,
}: FilterDrawerProps) {
  const { t } = useTranslation('filters');
  const { direction } = useContext(ConfigProvider.ConfigContext);
  return (
    <>
      <Button
        icon={<FilterOutlined />}
        onClick={onOpen}
        aria-label={t('panel.openLabel', { count, total })}
        aria-haspopup="dialog"
      >
        <span className={styles.trigger}>
          {t('panel.open')}
          {/* "N of M" once a filter is set; blank when none is (spec: filter panel badge). */}
          {count > 0 && (
            <span className={`${styles.badge} ${styles.badgeActive}`} aria-hidden>
              {t('panel.badge', { count, total })}
            </span>
          )}
        </span>
      </Button>
      <Drawer
        open={open}
        onClose={onClose}
        title={title ?? t('panel.title')}
        placement={direction === 'rtl' ? 'left' : 'right'}
        size={440}
        closable={{ 'aria-label': t('panel.close') }}
        destroyOnHidden
        footer={
          <div className={styles.footer}>
            <Button onClick={onClear}>{t('panel.clear')}</Button>
            <Button type="primary" onClick={onApply}>
              {t('panel.apply')}
            </Button>
          </div>
        }
      >
        {children}
      </Drawer>
    </>
  );
}
