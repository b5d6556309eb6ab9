import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './later-release.module.css';

/**
 * A control leading to a screen of a later release (topic discovery, driver simulation, the responses analyzer,
 * alerts; `isBuiltPath` in the menu registry): the disabled control, drawn inside a wrapper that carries the
 * tooltip "`label` · Available in a later release" and is what the keyboard and screen readers reach (a disabled
 * button takes no focus and shows no tooltip). Once the screen is built the caller renders the working control.
 */
export function LaterRelease({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('shell');
  return <DisabledWithReason reason={`${label} · ${t('menu.notBuilt')}`}>{children}</DisabledWithReason>;
}

/**
 * A disabled control that says why, e.g. a locked record's delete button: drawn inside a wrapper that carries the
 * tooltip `reason` (on hover and on focus) and is what the keyboard and screen readers reach, as a disabled button
 * named `reason`.
 */
export function DisabledWithReason({ reason, children }: { reason: string; children: ReactNode }) {
  return (
    <Tooltip title={reason} trigger={['hover', 'focus']}>
      <span className={styles.wrap} role="button" tabIndex={0} aria-disabled="true" aria-label={reason}>
        <span className={styles.control} aria-hidden="true">
          {children}
        </span>
      </span>
    </Tooltip>
  );
}
