import type { Bootstrap } from '@loupe/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './shell-footer.module.css';

/** The footer (shell spec §1): code name and version, or the licence-expired message. */
export function ShellFooter({
  bootstrap,
}: {
  bootstrap: Pick<Bootstrap, 'CodeName' | 'Version' | 'LicenseInfo'>;
}) {
  const { t } = useTranslation('shell');
  return (
    <footer className={styles.footer}>
      {bootstrap.LicenseInfo.IsValid ? (
        t('footer.version', { codeName: bootstrap.CodeName, version: bootstrap.Version })
      ) : (
        <Typography.Text type="danger">{t('footer.licenseExpired')}</Typography.Text>
      )}
    </footer>
  );
}
