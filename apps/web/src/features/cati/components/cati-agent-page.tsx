import { Spin } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { useCurrentCatiCall } from '../api/get-current-call';
import { CallView } from './call-view';
import { QueueView } from './queue-view';
import { LoadFailed } from '@/components/query-state';

/**
 * `/cati` (catiagent): the agent's queue, or the call in progress (also after a reload: the server keeps the
 * caller's open call) with the customer, the script, the survey flow in agent mode and the outcome panel.
 */
export function CatiAgentPage() {
  const { t } = useTranslation('cati');
  const { t: tCommon } = useTranslation();
  const current = useCurrentCatiCall();
  const call = current.data?.Call;
  const { refetch } = current;
  const checkCompleted = useCallback(() => void refetch(), [refetch]);

  return (
    <AdminPage title={call ? t('call.title', { survey: call.SurveyName }) : t('agent.title')}>
      {current.isError ? (
        <LoadFailed query={current} title={t('agent.callLoadFailed')} />
      ) : !current.data ? (
        <Spin description={tCommon('common.loading')} />
      ) : call ? (
        // A new call starts with a fresh panel and timer.
        <CallView key={call.Id} call={call} onCheckCompleted={checkCompleted} />
      ) : (
        <QueueView />
      )}
    </AdminPage>
  );
}
