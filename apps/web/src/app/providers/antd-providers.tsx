import { ConfigProvider, theme as antTheme } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorDialogHost } from '@/components/error-dialog-host';
import { isBuiltPath } from '@/features/shell/menu-registry';
import { BuiltScreensProvider } from '@/lib/built-screens';
import { directionOf, isLocale, DEFAULT_LOCALE } from '@/lib/i18n';
import { usePrefersReducedMotion } from '@/lib/reduced-motion';
import { theme, withoutMotion } from './theme';
import { bundledUiLocale, loadUiLocale } from './ui-locales';

/**
 * The text colour, size and font that antd's App gives the pages inside it (app-frame.tsx), here for every
 * page in the frame: text that is not in an antd component reads them too.
 */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = antTheme.useToken();
  const style = {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
  };
  return <div style={style}>{children}</div>;
}

/**
 * antd's theme, language and direction, the error dialog, and which screens this build has: around every page
 * but the sign-in page, which is drawn without antd (features/auth/components/sign-in-page.tsx).
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  // useTranslation re-renders this on every language change.
  const { i18n: instance } = useTranslation();
  const locale = isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
  const [antLocale, setAntLocale] = useState(() => bundledUiLocale(locale));
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    let current = true;
    void loadUiLocale(locale).then((loaded) => {
      if (current) setAntLocale(loaded);
    });
    return () => {
      current = false;
    };
  }, [locale]);

  return (
    <BuiltScreensProvider value={isBuiltPath}>
      <ConfigProvider
        locale={antLocale}
        direction={directionOf(locale)}
        theme={reducedMotion ? withoutMotion : theme}
      >
        <BaseText>{children}</BaseText>
        <ErrorDialogHost />
      </ConfigProvider>
    </BuiltScreensProvider>
  );
}
