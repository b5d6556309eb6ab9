import { type ALERT_ACTION_KINDS, ALERT_STATUSES, type AlertStatusValue } from '@loupe/contracts';
import { App, Button, Card, Checkbox, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { errorMessage } from '@/lib/error-message';
import {
  ALERT_RULES_PATH,
  useAlertRule,
  useAlertRuleActions,
  useSaveAlertRuleActions,
} from '../api/alert-rules';
import { AlertStatusTag } from './alert-status-tag';
import styles from './alerts.module.css';

type ActionKind = (typeof ALERT_ACTION_KINDS)[number];
/** The statuses an alert reaches (None 0 is only before its first mail). */
const STATUSES = ALERT_STATUSES.filter((status) => status !== 0);
const key = (status: number, action: ActionKind) => `${status}:${action}`;

/**
 * `/alert-rule-action/{id}`: what happens when one of the rule's alerts reaches each status — email its owner,
 * email the respondent's branch manager; calling an integration comes with the integrations issue.
 */
export function AlertRuleActionsPage() {
  const { t } = useTranslation('alerts');
  return (
    <RecordLoader
      query={useRouteRecord(useAlertRule)}
      title={t('ruleActions.title')}
      back={{ to: ALERT_RULES_PATH, label: t('rule.back') }}
      size="large"
      notFound={t('rule.notFound')}
      loadFailed={t('rule.loadFailed')}
    >
      {(loaded) => loaded && <ActionsForm key={loaded.Id} id={loaded.Id} title={loaded.Title} />}
    </RecordLoader>
  );
}

function ActionsForm({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation('alerts');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const actions = useAlertRuleActions(id);
  const save = useSaveAlertRuleActions(id);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const current =
    chosen ?? new Set((actions.data?.Actions ?? []).map((action) => key(action.Status, action.Action)));
  const toggle = (item: string, on: boolean) => {
    const next = new Set(current);
    if (on) next.add(item);
    else next.delete(item);
    setChosen(next);
  };
  const submit = () =>
    save.mutate(
      {
        Actions: STATUSES.flatMap((status) =>
          (['emailOwner', 'emailBranchManager'] as const)
            .filter((action) => current.has(key(status, action)))
            .map((action) => ({ Status: status, Action: action, IntegrationId: null })),
        ),
      },
      {
        onSuccess: () => {
          void message.success(t('ruleActions.saved', { name: title }));
          void navigate(ALERT_RULES_PATH);
        },
      },
    );

  return (
    <AdminPage
      title={t('ruleActions.heading', { name: title })}
      back={{ to: ALERT_RULES_PATH, label: t('rule.back') }}
      size="large"
      intro={t('ruleActions.intro')}
    >
      <Card>
        <FormNote type="info" title={t('ruleActions.integrationLater')} />
        {save.error ? <FormNote type="error" title={errorMessage(save.error, tCommon)} /> : null}
        {actions.isError ? <FormNote type="error" title={errorMessage(actions.error, tCommon)} /> : null}
        <Table
          size="small"
          rowKey={(status) => status}
          pagination={false}
          loading={actions.isLoading}
          dataSource={STATUSES}
          columns={[
            {
              key: 'status',
              title: t('fields.status'),
              render: (_value, status) => <AlertStatusTag status={status} />,
            },
            ...(['emailOwner', 'emailBranchManager'] as const).map((action) => ({
              key: action,
              title: t(`ruleActions.kinds.${action}`),
              render: (_value: unknown, status: number) => (
                <Checkbox
                  aria-label={t('ruleActions.checkbox', {
                    action: t(`ruleActions.kinds.${action}`),
                    status: t(`status.${status as AlertStatusValue}`),
                  })}
                  checked={current.has(key(status, action))}
                  disabled={save.isPending}
                  onChange={(event) => toggle(key(status, action), event.target.checked)}
                />
              ),
            })),
            {
              key: 'integration',
              title: t('ruleActions.kinds.integration'),
              render: () => (
                <Tooltip title={t('ruleActions.integrationLater')}>
                  <Checkbox
                    aria-label={`${t('ruleActions.kinds.integration')}: ${t('ruleActions.integrationLater')}`}
                    disabled
                  />
                </Tooltip>
              ),
            },
          ]}
        />
        <div className={styles.actions}>
          <Button type="primary" loading={save.isPending} disabled={actions.isLoading} onClick={submit}>
            {tCommon('common.save')}
          </Button>
          <Button onClick={() => void navigate(ALERT_RULES_PATH)}>{tCommon('common.cancel')}</Button>
        </div>
      </Card>
    </AdminPage>
  );
}
