import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * On navigation: scroll to the top (shell spec §2) and reset the title to the product name, which the page
 * then completes with its own name (usePageTitle; this effect runs before the page's).
 */
export function RouteEffects() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const productName = t('app.productName');

  useEffect(() => {
    window.scrollTo(0, 0);
    document.title = productName;
  }, [pathname, productName]);
  return null;
}
