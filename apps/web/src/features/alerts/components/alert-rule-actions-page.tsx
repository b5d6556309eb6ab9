import { hasAnyScope, INTEGRATION_READ_SCOPES, type AlertStatusValue } from '@loupe/contracts';
import { App, Button, Card, Checkbox, Select, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { useBootstrap } from '@/lib/bootstrap';
import { errorMessage } from '@/lib/error-message';
import {
  ALERT_RULES_PATH,
  useAlertRule,
  useAlertRuleActions,
  useSaveAlertRuleActions,
} from '../api/alert-rules';
import { useActionSources } from '../api/integration-sources';
import {
  ACTION_STATUSES,
  actionsOfState,
  MAIL_ACTIONS,
  mailKey,
  MAX_SOURCES_PER_STATUS,
  stateOfActions,
  withMail,
  withSources,
  type RuleActionsState,
} from '../rule-actions';
import { AlertStatusTag } from './alert-status-tag';
import styles from './alerts.module.css';

/**
 * `/alert-rule-action/{id}`: what happens when one of the rule's alerts reaches each status — email its owner,
 * email the respondent's branch manager, deliver the alert's event to integration sources (docs/alerts.md
 * "Rule actions"). Choosing sources needs integration:read; without it the column shows the saved ones, disabled,
 * and a save keeps them.
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
  const scopes = useBootstrap().data?.User.Scopes ?? [];
  const canReadSources = hasAnyScope(scopes, INTEGRATION_READ_SCOPES);
  const actions = useAlertRuleActions(id);
  const sources = useActionSources(canReadSources);
  const save = useSaveAlertRuleActions(id);
  const [edited, setEdited] = useState<RuleActionsState | null>(null);
  const current = edited ?? stateOfActions(actions.data?.Actions ?? []);
  const statusName = (status: number) => t(`status.${status as AlertStatusValue}`);

  // A saved source the list lacks (a listener, or a list this user may not read) still shows, by its id.
  const options = (status: number) => {
    const listed = (sources.data ?? []).map((source) => ({ value: source.Id, label: source.Name }));
    const unlisted = (current.sources.get(status) ?? [])
      .filter((sourceId) => !listed.some((option) => option.value === sourceId))
      .map((sourceId) => ({ value: sourceId, label: t('ruleActions.sourceById', { id: sourceId }) }));
    return [...listed, ...unlisted];
  };
  const sourcesReason = canReadSources ? null : t('ruleActions.sourcesNeedScope');

  const submit = () =>
    save.mutate(actionsOfState(current), {
      onSuccess: () => {
        void message.success(t('ruleActions.saved', { name: title }));
        void navigate(ALERT_RULES_PATH);
      },
    });

  return (
    <AdminPage
      title={t('ruleActions.heading', { name: title })}
      back={{ to: ALERT_RULES_PATH, label: t('rule.back') }}
      size="large"
      intro={t('ruleActions.intro')}
    >
      <Card>
        {sourcesReason ? <FormNote type="info" title={sourcesReason} /> : null}
        {save.error ? <FormNote type="error" title={errorMessage(save.error, tCommon)} /> : null}
        {actions.isError ? <FormNote type="error" title={errorMessage(actions.error, tCommon)} /> : null}
        {sources.isError ? (
          <FormNote
            type="error"
            title={t('ruleActions.sourcesLoadFailed', { reason: errorMessage(sources.error, tCommon) })}
          />
        ) : null}
        <Table
          size="small"
          rowKey={(status) => status}
          pagination={false}
          loading={actions.isLoading}
          dataSource={ACTION_STATUSES}
          columns={[
            {
              key: 'status',
              title: t('fields.status'),
              render: (_value, status) => <AlertStatusTag status={status} />,
            },
            ...MAIL_ACTIONS.map((action) => ({
              key: action,
              title: t(`ruleActions.kinds.${action}`),
              render: (_value: unknown, status: number) => (
                <Checkbox
                  aria-label={t('ruleActions.checkbox', {
                    action: t(`ruleActions.kinds.${action}`),
                    status: statusName(status),
                  })}
                  checked={current.mails.has(mailKey(status, action))}
                  disabled={save.isPending}
                  onChange={(event) =>
                    setEdited(withMail(current, mailKey(status, action), event.target.checked))
                  }
                />
              ),
            })),
            {
              key: 'integration',
              title: t('ruleActions.kinds.integration'),
              render: (_value: unknown, status: number) => (
                <Tooltip title={sourcesReason}>
                  <Select<number[]>
                    mode="multiple"
                    className={styles.sourceSelect}
                    aria-label={
                      t('ruleActions.sourceSelect', { status: statusName(status) }) +
                      (sourcesReason ? `: ${sourcesReason}` : '')
                    }
                    placeholder={t('ruleActions.noSource')}
                    value={[...(current.sources.get(status) ?? [])]}
                    options={options(status)}
                    optionFilterProp="label"
                    maxCount={MAX_SOURCES_PER_STATUS}
                    allowClear
                    loading={sources.isLoading}
                    disabled={!canReadSources || save.isPending || actions.isLoading}
                    notFoundContent={t('ruleActions.noSources')}
                    onChange={(ids) => setEdited(withSources(current, status, ids))}
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
