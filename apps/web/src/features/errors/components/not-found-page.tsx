import { useTranslation } from 'react-i18next';
import { ErrorPage } from './error-page';

/** `/404`, where unknown paths land. */
export function NotFoundPage() {
  const { t } = useTranslation('auth');
  return <ErrorPage status="404" title={t('errorPages.notFoundTitle')} text={t('errorPages.notFoundText')} />;
}
