import { Breadcrumb, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDrill } from './drill-context';
import styles from '@/widgets/performance/performance-views.module.css';

/**
 * A master widget's breadcrumbs (reports spec §4): the root crumb, then one per level drilled into. Each crumb
 * but the last is a button that drills back up to it; the last (where the user is) is plain text, so a lone
 * root crumb does nothing. Shown above the channel chart, and by the card in place of the chart when a drilled
 * level has no data, so the user can always climb back.
 */
export function DrillBreadcrumbs({ widgetId, title }: { widgetId: number; title: string }) {
  const { t } = useTranslation('widgetCharts');
  const { crumbs, drillUp } = useDrill(widgetId);
  const lastIndex = crumbs.length - 1;

  return (
    <nav aria-label={t('drill.breadcrumb', { title })} className={styles.breadcrumbs}>
      <Breadcrumb
        items={crumbs.map((crumb, index) => ({
          key: `${index}-${crumb.id ?? 'root'}`,
          title:
            index === lastIndex ? (
              <span aria-current="location" className={styles.currentCrumb}>
                {crumb.label}
              </span>
            ) : (
              <Button
                type="link"
                size="small"
                className={styles.crumbButton}
                aria-label={t('drill.goUp', { label: crumb.label })}
                onClick={() => drillUp(index)}
              >
                {crumb.label}
              </Button>
            ),
        }))}
      />
    </nav>
  );
}
