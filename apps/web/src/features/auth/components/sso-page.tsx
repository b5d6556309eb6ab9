import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useExchangeSsoCode } from '../api/exchange-sso-code';
import { useSsoConfig } from '../api/get-sso-config';
import { AuthErrorAlert } from './auth-error-alert';
import styles from './auth-form.module.css';
import { PublicNotice } from './public-notice';
import { PublicPage } from './public-page';

/** The contract's default when the configuration cannot be read. */
const DEFAULT_CODE_PARAM = 'code';

/**
 * `/sso`: where the identity provider sends the browser back. Reads the code (from the configured query
 * parameter) and `state`, trades them for our tokens, then goes where the sign-in started.
 */
export function SsoPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const [search] = useSearchParams();
  const config = useSsoConfig();
  const codeParam = config.isPending ? null : (config.data?.CodeParam ?? DEFAULT_CODE_PARAM);
  const code = codeParam === null ? null : search.get(codeParam);
  const state = search.get('state');
  const { mutate: exchange, ...exchanged } = useExchangeSsoCode();
  // A code can be traded once: React's development double effect must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!code || !state || sent.current) return;
    sent.current = true;
    exchange({ code, state });
  }, [code, state, exchange]);

  if (exchanged.isSuccess) return <Navigate to={exchanged.data} replace />;

  const backToSignIn = (
    <Link to="/login" className={styles.link}>
      {t('common.backToSignIn')}
    </Link>
  );

  // The provider itself refused (`?error=access_denied`: worded as the spec's invalid_sso_login), or came
  // back without a code.
  const incomplete = codeParam !== null && (!code || !state);
  if (incomplete || exchanged.isError) {
    return (
      <PublicPage title={t('sso.failedTitle')} footer={backToSignIn}>
        {exchanged.isError ? (
          <AuthErrorAlert error={exchanged.error} />
        ) : (
          <PublicNotice
            status="error"
            text={search.has('error') ? tCommon('loginErrors.invalid_sso_login') : t('sso.missingCode')}
          />
        )}
      </PublicPage>
    );
  }

  return (
    <PublicPage title={t('sso.title')}>
      <div className={styles.loading} role="status">
        <Spin />
        <span>{t('sso.signingIn')}</span>
      </div>
    </PublicPage>
  );
}
