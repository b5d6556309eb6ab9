import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A screen of the spec that this release does not have yet, reached by its address. */
export function NotBuiltPage({ screenName }: { screenName: string }) {
  const { t } = useTranslation('shell');
  return <Result status="info" title={screenName} subTitle={t('menu.notBuilt')} />;
}
