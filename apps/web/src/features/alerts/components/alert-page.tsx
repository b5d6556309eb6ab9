import {
  ALERT_MANAGE_SCOPES,
  ALERT_CLOSED_STATUSES,
  alertCommentSchema,
  hasAnyScope,
  type AlertDetail,
  type AlertStatusValue,
} from '@loupe/contracts';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Popconfirm,
  Select,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { useBootstrap } from '@/lib/bootstrap';
import { errorMessage } from '@/lib/error-message';
import { zodRule } from '@/lib/form-rules';
import { useRoleChoices, useUserChoices } from '../api/alert-rules';
import {
  ALERTS_PATH,
  useAddAlertComment,
  useAlert,
  useChangeAlertStatus,
  useUpdateAlert,
} from '../api/alerts';
import { formatDateTime, ownerName } from '../alert-format';
import { AlertStatusTag } from './alert-status-tag';
import styles from './alerts.module.css';

/** Who works an alert they see: comments and the read mark (the server's rule for PUT and comments). */
const ALERT_WORK_SCOPES = ['alert:read', 'alert:manage'] as const;

/** `/alerts/{id}`: one alert, its answers, thread and history; alert:manage also moves and assigns it. */
export function AlertPage() {
  const { t } = useTranslation('alerts');
  return (
    <RecordLoader
      query={useRouteRecord(useAlert)}
      title={t('detail.title')}
      back={{ to: ALERTS_PATH, label: t('detail.back') }}
      notFound={t('detail.notFound')}
      loadFailed={t('detail.loadFailed')}
    >
      {(alert) => alert && <AlertDetailView key={alert.Id} alert={alert} />}
    </RecordLoader>
  );
}

function AlertDetailView({ alert }: { alert: AlertDetail }) {
  const { t } = useTranslation('alerts');
  const scopes = useBootstrap().data?.User.Scopes ?? [];
  // Status moves and assignment need alert:manage; the owner's comments and read mark alert:read too (an overseer
  // with alert:readall alone only reads; docs/alerts.md "Who comments, who marks read").
  const canManage = hasAnyScope(scopes, ALERT_MANAGE_SCOPES);
  const canWork = hasAnyScope(scopes, ALERT_WORK_SCOPES);
  const markRead = useUpdateAlert(alert.Id, { quiet: true });
  const marked = useRef(false);

  // Opening an unread alert marks it read (once; the bell's count follows).
  useEffect(() => {
    if (alert.ReadStatus !== 0 || marked.current) return;
    marked.current = true;
    markRead.mutate({ ReadStatus: 1 });
  }, [alert.ReadStatus, markRead]);

  const none = <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>;
  const text = (value: string | number | null) => (value === null || value === '' ? none : value);

  return (
    <AdminPage
      title={t('detail.heading', { id: alert.Id, rule: alert.RuleTitle ?? t('detail.noRule') })}
      back={{ to: ALERTS_PATH, label: t('detail.back') }}
    >
      <div className={styles.grid}>
        <div className={styles.stack}>
          <Card title={t('detail.summary')} extra={canWork && <ReadToggle alert={alert} />}>
            <Descriptions
              column={{ xs: 1, sm: 1, md: 2 }}
              size="small"
              items={[
                {
                  key: 'status',
                  label: t('fields.status'),
                  children: <AlertStatusTag status={alert.Status} />,
                },
                {
                  key: 'read',
                  label: t('fields.read'),
                  children: alert.ReadStatus === 0 ? t('read.unread') : t('read.read'),
                },
                { key: 'rule', label: t('fields.rule'), children: text(alert.RuleTitle) },
                { key: 'score', label: t('fields.score'), children: text(alert.Score) },
                { key: 'owner', label: t('fields.owner'), children: ownerName(alert) ?? t('unassigned') },
                { key: 'survey', label: t('fields.survey'), children: text(alert.SurveyName) },
                { key: 'channel', label: t('fields.channel'), children: text(alert.ChannelName) },
                { key: 'product', label: t('fields.product'), children: text(alert.ProductName) },
                { key: 'employee', label: t('fields.employee'), children: text(alert.EmployeeName) },
                { key: 'invitee', label: t('fields.invitee'), children: text(alert.InviteeFullName) },
                {
                  key: 'email',
                  label: t('fields.email'),
                  children: alert.InviteeEmail ? <bdi dir="ltr">{alert.InviteeEmail}</bdi> : none,
                },
                {
                  key: 'msisdn',
                  label: t('fields.msisdn'),
                  children: alert.InviteeMsisdn ? <bdi dir="ltr">{alert.InviteeMsisdn}</bdi> : none,
                },
                { key: 'created', label: t('fields.createdAt'), children: formatDateTime(alert.CreatedAt) },
                {
                  key: 'due',
                  label: t('fields.dueAt'),
                  children: (
                    <>
                      {alert.DueAt ? formatDateTime(alert.DueAt) : none}{' '}
                      {alert.IsOverdue && <Tag color="red">{t('overdue')}</Tag>}
                    </>
                  ),
                },
                {
                  key: 'closed',
                  label: t('fields.closedAt'),
                  children: alert.ClosedAt ? formatDateTime(alert.ClosedAt) : none,
                },
              ]}
            />
          </Card>
          <Card title={t('detail.answers')}>
            <Table
              size="small"
              rowKey="QuestionId"
              pagination={false}
              dataSource={alert.Answers}
              locale={{
                emptyText: <Empty description={t('detail.noAnswers')} image={Empty.PRESENTED_IMAGE_SIMPLE} />,
              }}
              columns={[
                {
                  key: 'question',
                  title: t('detail.question'),
                  dataIndex: 'Question',
                  render: (value: string) => <bdi>{value}</bdi>,
                },
                {
                  key: 'answer',
                  title: t('detail.answer'),
                  dataIndex: 'Answer',
                  render: (value: string | null) => (value ? <bdi>{value}</bdi> : none),
                },
                {
                  key: 'score',
                  title: t('fields.score'),
                  dataIndex: 'Score',
                  width: 90,
                  render: (value: number | null) => text(value),
                },
              ]}
            />
          </Card>
          <CommentThread alert={alert} canComment={canWork} />
        </div>
        <div className={styles.stack}>
          {canManage && <AlertActions alert={alert} />}
          <AlertHistory alert={alert} />
        </div>
      </div>
    </AdminPage>
  );
}

type Choice = { value: string; label: string };

/**
 * The choices with the alert's current owner among them: a caller who may not list users or roles (alert:read
 * alone) still sees the owner's name, not its `U:{id}`.
 */
function withCurrent(choices: Choice[], owner: Choice | null): Choice[] {
  return owner && !choices.some((choice) => choice.value === owner.value) ? [owner, ...choices] : choices;
}

/** The status buttons (only the moves AllowedStatuses lists; closing, to Completed, asks first) and the assignment. */
function AlertActions({ alert }: { alert: AlertDetail }) {
  const { t } = useTranslation('alerts');
  const { t: tCommon } = useTranslation();
  const { message, modal } = App.useApp();
  const changeStatus = useChangeAlertStatus(alert.Id);
  // The move under way: its button spins, the others wait.
  const moving = changeStatus.isPending ? (changeStatus.variables?.Status ?? null) : null;
  const update = useUpdateAlert(alert.Id);
  const users = useUserChoices();
  const roles = useRoleChoices();
  const noteId = useId();
  const assignId = useId();
  const [note, setNote] = useState('');
  const current =
    alert.AssignedUserId !== null
      ? `U:${alert.AssignedUserId}`
      : alert.AssignedRoleId !== null
        ? `R:${alert.AssignedRoleId}`
        : 'unassigned';
  const [assignee, setAssignee] = useState(current);
  const refused = (title: string) => (error: unknown) => {
    modal.error({ title, content: errorMessage(error, tCommon), okText: tCommon('common.close') });
  };

  const move = (status: number) =>
    changeStatus.mutate(
      { Status: status, ...(note.trim() ? { Note: note.trim() } : {}) },
      {
        onSuccess: () => {
          setNote('');
          void message.success(t('actions.moved', { status: t(`status.${status as AlertStatusValue}`) }));
        },
        onError: refused(t('actions.moveRefused')),
      },
    );

  return (
    <Card title={t('actions.title')}>
      <Typography.Title level={2} className="ant-typography-h5" style={{ fontSize: 16 }}>
        {t('actions.status')}
      </Typography.Title>
      {alert.AllowedStatuses.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('actions.noMoves')}</Typography.Paragraph>
      ) : (
        <>
          <Form layout="vertical" component="div">
            <Form.Item label={t('actions.note')} htmlFor={noteId}>
              <Input.TextArea
                id={noteId}
                rows={2}
                maxLength={1000}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </Form.Item>
          </Form>
          <div className={styles.actions}>
            {alert.AllowedStatuses.map((status) => {
              const name = t(`status.${status as AlertStatusValue}`);
              const label = t('actions.moveTo', { status: name });
              return ALERT_CLOSED_STATUSES.includes(status as AlertStatusValue) ? (
                <Popconfirm
                  key={status}
                  title={t('actions.completeTitle')}
                  description={t('actions.completeDescription')}
                  okText={label}
                  cancelText={tCommon('common.cancel')}
                  onConfirm={() => move(status)}
                >
                  <Button
                    type="primary"
                    loading={moving === status}
                    disabled={moving !== null && moving !== status}
                  >
                    {label}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  key={status}
                  loading={moving === status}
                  disabled={moving !== null && moving !== status}
                  onClick={() => move(status)}
                >
                  {label}
                </Button>
              );
            })}
          </div>
        </>
      )}
      <Typography.Title level={2} style={{ fontSize: 16, marginBlockStart: 24 }}>
        {t('actions.assign')}
      </Typography.Title>
      <Form layout="vertical" component="div">
        <Form.Item label={t('actions.assignTo')} htmlFor={assignId}>
          <Select<string>
            id={assignId}
            showSearch={{ optionFilterProp: 'label' }}
            loading={users.isLoading || roles.isLoading}
            value={assignee}
            onChange={setAssignee}
            options={[
              { value: 'unassigned', label: t('unassigned') },
              {
                label: t('filter.users'),
                title: t('filter.users'),
                options: withCurrent(
                  (users.data ?? []).map((user) => ({ value: `U:${user.Id}`, label: user.FullName })),
                  alert.AssignedUserId === null
                    ? null
                    : { value: current, label: alert.AssignedUserName ?? current },
                ),
              },
              {
                label: t('filter.roles'),
                title: t('filter.roles'),
                options: withCurrent(
                  (roles.data ?? []).map((role) => ({ value: `R:${role.Id}`, label: role.Name })),
                  alert.AssignedUserId === null && alert.AssignedRoleId !== null
                    ? { value: current, label: alert.AssignedRoleName ?? current }
                    : null,
                ),
              },
            ]}
            className={styles.control}
          />
        </Form.Item>
      </Form>
      <div className={styles.actions}>
        <Button
          disabled={assignee === current}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { AssignedTo: assignee },
              {
                onSuccess: () => void message.success(t('actions.assigned')),
                onError: refused(t('actions.assignRefused')),
              },
            )
          }
        >
          {t('actions.assignButton')}
        </Button>
      </div>
    </Card>
  );
}

/** Marks the alert read or unread again (the bell counts the unread ones). */
function ReadToggle({ alert }: { alert: AlertDetail }) {
  const { t } = useTranslation('alerts');
  const { message } = App.useApp();
  const update = useUpdateAlert(alert.Id);
  return (
    <Button
      size="small"
      loading={update.isPending}
      onClick={() =>
        update.mutate(
          { ReadStatus: alert.ReadStatus === 0 ? 1 : 0 },
          {
            onSuccess: () =>
              void message.success(
                alert.ReadStatus === 0 ? t('actions.markedRead') : t('actions.markedUnread'),
              ),
          },
        )
      }
    >
      {alert.ReadStatus === 0 ? t('actions.markRead') : t('actions.markUnread')}
    </Button>
  );
}

type CommentValues = { Text: string };

/** The alert's comment thread, oldest first, and (for alert:read and alert:manage) a comment box. */
function CommentThread({ alert, canComment }: { alert: AlertDetail; canComment: boolean }) {
  const { t } = useTranslation('alerts');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CommentValues>();
  const add = useAddAlertComment(alert.Id);
  return (
    <Card title={t('comments.title', { count: alert.Comments.length })}>
      {alert.Comments.length === 0 ? (
        <Empty description={t('comments.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ol
          className={styles.stack}
          style={{ listStyle: 'none', padding: 0, margin: 0, gap: 0 }}
          aria-label={t('comments.list')}
        >
          {alert.Comments.map((comment) => (
            <li key={comment.Id} className={styles.comment}>
              <Typography.Text type="secondary" className={styles.commentMeta}>
                {comment.UserName ?? t('history.system')} · {formatDateTime(comment.CreatedAt)}
              </Typography.Text>
              <div dir="auto">{comment.Text}</div>
            </li>
          ))}
        </ol>
      )}
      {canComment && (
        <Form<CommentValues>
          form={form}
          layout="vertical"
          style={{ marginBlockStart: 16 }}
          disabled={add.isPending}
          onFinish={(values) =>
            add.mutate(
              { Text: values.Text.trim() },
              {
                onSuccess: () => {
                  form.resetFields();
                  void message.success(t('comments.added'));
                },
              },
            )
          }
        >
          <Form.Item
            name="Text"
            label={t('comments.add')}
            rules={[zodRule(alertCommentSchema.shape.Text, tCommon)]}
          >
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t('comments.submit')}
          </Button>
        </Form>
      )}
    </Card>
  );
}

const HISTORY_KINDS = [
  'created',
  'status',
  'assigned',
  'read',
  'unread',
  'comment',
  'escalated',
  'mailed',
  'action',
] as const;
type HistoryKind = (typeof HISTORY_KINDS)[number];

/** Every event of the alert, newest first. */
function AlertHistory({ alert }: { alert: AlertDetail }) {
  const { t } = useTranslation('alerts');
  const statusName = (status: number | null) =>
    status === null ? '' : t(`status.${status as AlertStatusValue}`);
  const events = [...alert.History].sort((a, b) => b.CreatedAt.localeCompare(a.CreatedAt) || b.Id - a.Id);
  const describe = (event: AlertDetail['History'][number]) => {
    const kind = (HISTORY_KINDS as readonly string[]).includes(event.Kind)
      ? (event.Kind as HistoryKind)
      : null;
    const who = event.UserName ?? t('history.system');
    if (kind === 'status')
      return t('history.kinds.status', {
        who,
        from: statusName(event.FromStatus),
        to: statusName(event.ToStatus),
      });
    if (kind === 'assigned')
      return t('history.kinds.assigned', {
        who,
        owner: event.AssignedUserName ?? event.AssignedRoleName ?? t('unassigned'),
      });
    return kind ? t(`history.kinds.${kind}`, { who }) : `${event.Kind} (${who})`;
  };
  return (
    <Card title={t('history.title')}>
      {events.length === 0 ? (
        <Empty description={t('history.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Timeline
          items={events.map((event) => ({
            key: event.Id,
            content: (
              <>
                <div>{describe(event)}</div>
                {event.Note && (
                  <Typography.Text italic>
                    <bdi>{event.Note}</bdi>
                  </Typography.Text>
                )}
                <Typography.Text type="secondary" className={styles.commentMeta}>
                  {formatDateTime(event.CreatedAt)}
                </Typography.Text>
              </>
            ),
          }))}
        />
      )}
    </Card>
  );
}
