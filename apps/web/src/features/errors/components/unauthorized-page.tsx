import { useTranslation } from 'react-i18next';
import { ErrorPage } from './error-page';

/** `/unathorized` (the spec's spelling): a signed-in user lacks the scope of the page they asked for. */
export function UnauthorizedPage() {
  const { t } = useTranslation('auth');
  return (
    <ErrorPage
      status="403"
      title={t('errorPages.unauthorizedTitle')}
      text={t('errorPages.unauthorizedText')}
    />
  );
}
