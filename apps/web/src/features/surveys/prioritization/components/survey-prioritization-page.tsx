import { LockOutlined } from '@ant-design/icons';
import { SURVEY_LIMITS, type SurveyPrioritisationRow } from '@loupe/contracts';
import { Alert, App, Button, Empty, InputNumber, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { errorMessage } from '@/lib/error-message';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useNumberFormats } from '@/widgets/shared/use-number-formats';
import { useChannelName } from '../../statistics/components/use-channel-name';
import { usePrioritisation } from '../api/get-prioritisation';
import { useSavePrioritisation } from '../api/save-prioritisation';
import {
  changedRows,
  limitProblem,
  saveBody,
  shownLimit,
  withDraft,
  type Drafts,
  type Limit,
  type LimitProblem,
} from '../prioritisation-drafts';
import styles from './prioritization.module.css';

/**
 * `/survey-prioritization` (survey:manage): each survey's most invitations per interval, edited in the table and
 * saved together (only the changed rows go). A survey with no invitation channel and a touchpoint primary channel
 * is read-only here, saying why (4024's words). Leaving with unsaved changes asks first.
 */
export function SurveyPrioritizationPage() {
  const { t } = useTranslation('surveyStats');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const formats = useNumberFormats();
  const rows = usePrioritisation();
  const save = useSavePrioritisation();
  const [drafts, setDrafts] = useState<Drafts>(new Map());
  const data = rows.data ?? [];
  const changed = changedRows(data, drafts);
  const problems = new Map(
    changed.flatMap((row) => {
      const problem = limitProblem(shownLimit(row, drafts));
      return problem ? [[row.SurveyId, problem] as const] : [];
    }),
  );
  useUnsavedChanges(changed.length > 0, {
    title: t('prioritization.unsaved.title'),
    description: t('prioritization.unsaved.description'),
    leave: t('prioritization.unsaved.leave'),
    stay: t('prioritization.unsaved.stay'),
  });

  const channelName = useChannelName();
  const problemText = (problem: LimitProblem) => {
    switch (problem) {
      case 'bothOrNone':
      case 'wholeNumber':
        return t(`prioritization.problems.${problem}`);
      case 'maxInvitationsRange':
        return t('prioritization.problems.maxInvitationsRange', {
          max: formats.count(SURVEY_LIMITS.maxInvitationsPerIntervalMax),
        });
      case 'intervalRange':
        return t('prioritization.problems.intervalRange', {
          max: formats.count(SURVEY_LIMITS.intervalMinutesMax),
        });
    }
  };

  const onSave = () => {
    const body = saveBody(data, drafts);
    if (!body || problems.size > 0) return;
    save.mutate(body, {
      onSuccess: () => {
        setDrafts(new Map());
        void message.success(t('prioritization.saved', { count: body.Items.length }));
      },
    });
  };

  // The interval's cell also says what is wrong with the row, under its input.
  const numberCell = (field: keyof Limit, max: number, label: string) =>
    function NumberCell(value: number | null, row: SurveyPrioritisationRow) {
      if (!row.Editable) {
        return (
          <Tooltip title={tCommon('errorCodes.4024')}>
            <span className={styles.locked} data-testid="locked">
              <LockOutlined aria-label={t('prioritization.notEditable')} />{' '}
              {value === null ? t('prioritization.noLimit') : formats.count(value)}
            </span>
          </Tooltip>
        );
      }
      const problem = problems.get(row.SurveyId);
      const input = (
        <InputNumber<number>
          aria-label={`${row.Title} · ${label}`}
          min={1}
          max={max}
          precision={0}
          step={1}
          value={shownLimit(row, drafts)[field]}
          placeholder={t('prioritization.noLimit')}
          status={problem ? 'error' : undefined}
          className={styles.number}
          onChange={(next) => setDrafts((current) => withDraft(current, row, field, next ?? null))}
        />
      );
      if (field !== 'IntervalMinutes' || !problem) return input;
      return (
        <div className={styles.cell}>
          {input}
          <Typography.Text type="danger" role="alert">
            {problemText(problem)}
          </Typography.Text>
        </div>
      );
    };

  return (
    <AdminPage title={t('prioritization.title')} intro={t('prioritization.intro')}>
      {save.isError && (
        <Alert
          type="error"
          showIcon
          title={t('prioritization.refused')}
          description={errorMessage(save.error, tCommon)}
          data-testid="save-refused"
        />
      )}
      {problems.size > 0 && (
        <Alert type="warning" showIcon title={t('prioritization.fixFirst')} data-testid="fix-first" />
      )}
      <div className={styles.toolbar}>
        <Button
          type="primary"
          disabled={changed.length === 0 || problems.size > 0}
          loading={save.isPending}
          onClick={onSave}
        >
          {t('prioritization.save')}
        </Button>
        <Button disabled={changed.length === 0 || save.isPending} onClick={() => setDrafts(new Map())}>
          {t('prioritization.discard')}
        </Button>
        {changed.length > 0 && (
          <Typography.Text type="secondary" aria-live="polite">
            {t('prioritization.changed', { count: changed.length })}
          </Typography.Text>
        )}
      </div>
      <Table<SurveyPrioritisationRow>
        rowKey="SurveyId"
        size="small"
        loading={rows.isPending}
        dataSource={data}
        pagination={data.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('prioritization.empty')} /> }}
        rowClassName={(row) => (row.Editable ? '' : (styles.readOnlyRow ?? ''))}
        columns={[
          { key: 'Title', dataIndex: 'Title', title: t('prioritization.columns.title') },
          {
            key: 'IsActive',
            dataIndex: 'IsActive',
            title: t('prioritization.columns.active'),
            render: (active: boolean) =>
              active ? (
                <Tag color="green">{t('prioritization.active')}</Tag>
              ) : (
                <Tag>{t('prioritization.inactive')}</Tag>
              ),
          },
          {
            key: 'Channels',
            dataIndex: 'Channels',
            title: t('prioritization.columns.channels'),
            render: (channels: number[]) =>
              channels.length === 0
                ? t('prioritization.none')
                : channels.map((channel) => (
                    <Tag key={channel} bordered={false}>
                      {channelName(channel)}
                    </Tag>
                  )),
          },
          {
            key: 'PrimaryChannel',
            dataIndex: 'PrimaryChannel',
            title: t('prioritization.columns.primaryChannel'),
            render: (channel: number | null) =>
              channel === null ? t('prioritization.none') : channelName(channel),
          },
          {
            key: 'MaxInvitationsPerInterval',
            dataIndex: 'MaxInvitationsPerInterval',
            title: t('prioritization.columns.maxInvitations'),
            render: numberCell(
              'MaxInvitationsPerInterval',
              SURVEY_LIMITS.maxInvitationsPerIntervalMax,
              t('prioritization.columns.maxInvitations'),
            ),
          },
          {
            key: 'IntervalMinutes',
            dataIndex: 'IntervalMinutes',
            title: t('prioritization.columns.intervalMinutes'),
            render: numberCell(
              'IntervalMinutes',
              SURVEY_LIMITS.intervalMinutesMax,
              t('prioritization.columns.intervalMinutes'),
            ),
          },
        ]}
      />
    </AdminPage>
  );
}
