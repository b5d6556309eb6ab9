import { AppstoreOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './report-page.module.css';

/**
 * What a widget card shows inside its frame. The widget catalogue and the data views (gauges, trends, tables,
 * …) arrive with the widget issue, which replaces this component; until then it says so rather than showing
 * made-up data.
 */
export function WidgetBody() {
  const { t } = useTranslation('reports');
  return (
    <div className={styles.widgetBody}>
      <AppstoreOutlined aria-hidden="true" className={styles.widgetBodyIcon} />
      <Typography.Text type="secondary">{t('widget.dataViewPending')}</Typography.Text>
    </div>
  );
}
