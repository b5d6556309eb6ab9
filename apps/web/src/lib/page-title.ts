import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** The browser tab's title: the localized screen name and the product suffix (shell spec §2). */
function pageTitle(screenName: string | undefined, productName: string): string {
  return screenName ? `${screenName} | ${productName}` : productName;
}

/** Sets the document title while the calling page is shown; pass the already translated screen name. */
export function usePageTitle(screenName: string | undefined): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const productName = t('app.productName');
  useEffect(() => {
    document.title = pageTitle(screenName, productName);
    // On every navigation: the app router resets the title to the product name first.
  }, [screenName, productName, pathname]);
}
