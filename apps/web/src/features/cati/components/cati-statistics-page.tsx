import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { CampaignsTab } from './campaigns-tab';
import { StatisticsTab } from './statistics-tab';

/**
 * `/cati-statistics` (cati:stats): the calls per agent and period (calls, completes, completion rate, mean call
 * duration, outcomes, callbacks kept), and the CATI surveys' campaign settings (survey:manage edits them).
 */
export function CatiStatisticsPage() {
  const { t } = useTranslation('cati');
  return (
    <AdminPage title={t('statistics.title')} intro={t('statistics.intro')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'statistics', label: t('statistics.tab'), children: <StatisticsTab /> },
          { key: 'campaigns', label: t('campaigns.tab'), children: <CampaignsTab /> },
        ]}
      />
    </AdminPage>
  );
}
