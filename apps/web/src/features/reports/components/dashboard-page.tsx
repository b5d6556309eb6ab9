import { DASHBOARD_CATEGORY } from '@loupe/contracts';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/page-title';
import { useReports } from '../api/get-reports';
import styles from './report-page.module.css';
import { ReportLoadError, ReportLoading } from './report-states';
import { ReportView } from './report-view';

/** `dashboard`: the report whose category is Dashboard (the first in menu order), or an empty state. */
export function DashboardPage() {
  const reports = useReports();
  if (reports.isPending) return <ReportLoading />;
  if (reports.isError)
    return <ReportLoadError error={reports.error} onRetry={() => void reports.refetch()} />;
  const dashboard = reports.data.find((report) => report.Category === DASHBOARD_CATEGORY);
  if (!dashboard) return <NoDashboard />;
  return <ReportView key={dashboard.Id} reportId={dashboard.Id} />;
}

function NoDashboard() {
  const { t } = useTranslation('reports');
  usePageTitle(t('page.dashboardTitle'));
  return (
    <div className={styles.page}>
      <Typography.Title level={1} className={styles.title}>
        {t('page.dashboardTitle')}
      </Typography.Title>
      <Empty description={t('page.noDashboard')} />
    </div>
  );
}
