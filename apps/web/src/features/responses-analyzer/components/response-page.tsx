import type { AlertStatusValue, ResponseDetail } from '@loupe/contracts';
import { Alert, Card, Descriptions, Empty, List, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { RESPONSES_PATH, useResponse } from '../api/responses';
import { AudienceTag, formatDateTime, SentimentTag } from './response-format';
import styles from './responses-analyzer.module.css';

/** The analyzer with the filter it was left with (a row click passes its address along). */
function useBackLink() {
  const { t } = useTranslation('responsesAnalyzer');
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const search = typeof from === 'string' && from ? `?${from}` : '';
  return { to: `${RESPONSES_PATH}${search}`, label: t('detail.back') };
}

/** `/responses-analyzer/{inviteeId}`: one respondent's response (docs/responses-analyzer.md "The detail"). */
export function ResponsePage() {
  const { t } = useTranslation('responsesAnalyzer');
  const back = useBackLink();
  return (
    <RecordLoader
      query={useRouteRecord(useResponse)}
      title={t('detail.title')}
      back={back}
      notFound={t('detail.notFound')}
      loadFailed={t('detail.loadFailed')}
    >
      {(response) => response && <ResponseView response={response} back={back} />}
    </RecordLoader>
  );
}

const PATH_STEPS = [
  ['invited', 'InvitedDate'],
  ['sent', 'SentDate'],
  ['delivered', 'DeliveredDate'],
  ['opened', 'OpenedDate'],
  ['started', 'StartedDate'],
  ['completed', 'CompletedDate'],
] as const;

/** A delivery's status colour, as the delivery log's tag. */
const DELIVERY_COLORS: Record<string, string | undefined> = {
  succeeded: 'green',
  failed: 'orange',
  dead: 'red',
  pending: 'blue',
};

function ResponseView({ response, back }: { response: ResponseDetail; back: { to: string; label: string } }) {
  const { t } = useTranslation('responsesAnalyzer');
  const { t: tAlerts } = useTranslation('alerts');
  const { t: tIntegrations } = useTranslation('integrations');
  const none = <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>;
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? none : value;
  const ltr = (value: string | null) => (value ? <bdi dir="ltr">{value}</bdi> : none);
  const invitation = response.Invitation;

  return (
    <AdminPage title={t('detail.heading', { survey: response.SurveyTitle })} back={back}>
      <div className={styles.grid}>
        <div className={styles.stack}>
          <Card title={t('detail.summary')}>
            <Descriptions
              column={{ xs: 1, sm: 1, md: 2 }}
              size="small"
              items={[
                { key: 'survey', label: t('fields.survey'), children: response.SurveyTitle },
                {
                  key: 'answered',
                  label: t('fields.answeredDate'),
                  children: response.AnsweredDate ? formatDateTime(response.AnsweredDate) : none,
                },
                {
                  key: 'nps',
                  label: t('fields.npsScore'),
                  children: (
                    <>
                      {text(response.NpsScore)} <AudienceTag audience={response.Audience} />
                    </>
                  ),
                },
                {
                  key: 'completion',
                  label: t('fields.completion'),
                  children: t(response.Completion === 1 ? 'completion.completed' : 'completion.partial'),
                },
                { key: 'channel', label: t('fields.channel'), children: text(response.Channel?.Name) },
                { key: 'product', label: t('fields.product'), children: text(response.Product?.Name) },
                { key: 'employee', label: t('fields.employee'), children: text(response.Employee?.Name) },
                {
                  key: 'transaction',
                  label: t('fields.transactionDate'),
                  children: formatDateTime(response.TransactionDate),
                },
                { key: 'source', label: t('fields.source'), children: response.Source },
                { key: 'session', label: t('fields.sessionId'), children: response.SessionId },
                { key: 'invitee', label: t('fields.invitee'), children: text(response.Invitee.FullName) },
                { key: 'email', label: t('fields.email'), children: ltr(response.Invitee.Email) },
                { key: 'msisdn', label: t('fields.msisdn'), children: ltr(response.Invitee.Msisdn) },
              ]}
            />
            {response.Masked && (
              <Alert className={styles.labels} type="info" showIcon title={t('detail.masked')} />
            )}
            {response.OtherSessionIds.length > 0 && (
              <Typography.Paragraph type="secondary" className={styles.labels}>
                {t('detail.otherSessions', { ids: response.OtherSessionIds.join(', ') })}
              </Typography.Paragraph>
            )}
          </Card>

          <Card title={t('detail.answers')}>
            <Table
              size="small"
              rowKey={(row) => `${row.QuestionId}:${row.Answer ?? ''}`}
              pagination={false}
              dataSource={response.Answers}
              locale={{
                emptyText: <Empty description={t('detail.noAnswers')} image={Empty.PRESENTED_IMAGE_SIMPLE} />,
              }}
              columns={[
                { key: 'question', title: t('fields.question'), dataIndex: 'Question' },
                {
                  key: 'answer',
                  title: t('fields.answer'),
                  dataIndex: 'Answer',
                  render: (value: string | null) => text(value),
                },
              ]}
            />
          </Card>

          <Card title={t('detail.comments')}>
            {response.Comments.length === 0 ? (
              <Empty description={t('detail.noComments')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <List
                dataSource={response.Comments}
                renderItem={(comment) => (
                  <List.Item key={comment.QuestionId}>
                    <div>
                      <Typography.Text strong>{comment.Question}</Typography.Text>
                      <Typography.Paragraph className={styles.commentText}>
                        {comment.Text}
                      </Typography.Paragraph>
                      {comment.TranslatedText && comment.TranslatedText !== comment.Text && (
                        <Typography.Paragraph type="secondary" className={styles.commentText}>
                          {t('detail.translation')}: {comment.TranslatedText}
                        </Typography.Paragraph>
                      )}
                      <div className={styles.labels} aria-label={t('detail.analysis')}>
                        <Typography.Text type="secondary">{t('fields.sentiment')}:</Typography.Text>
                        {comment.SentimentScore === null ? (
                          none
                        ) : (
                          <SentimentTag score={comment.SentimentScore} />
                        )}
                      </div>
                      <div className={styles.labels}>
                        <Typography.Text type="secondary">{t('detail.topics')}:</Typography.Text>
                        {comment.Topics.length === 0
                          ? none
                          : comment.Topics.map((topic) => (
                              <Tag
                                key={topic.Id}
                                color={
                                  topic.SentimentScore === 4
                                    ? 'success'
                                    : topic.SentimentScore === 0
                                      ? 'error'
                                      : 'default'
                                }
                              >
                                {topic.Name}
                              </Tag>
                            ))}
                      </div>
                      <div className={styles.labels}>
                        <Typography.Text type="secondary">{t('detail.emotions')}:</Typography.Text>
                        {comment.Emotions.length === 0
                          ? none
                          : comment.Emotions.map((emotion) => (
                              <Tag key={emotion.Id} color="purple">
                                {emotion.Name}
                              </Tag>
                            ))}
                      </div>
                    </div>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </div>

        <div className={styles.stack}>
          <Card title={t('detail.invitationPath')}>
            {invitation === null ? (
              <Empty description={t('detail.noInvitation')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <>
                <Typography.Paragraph type="secondary">
                  {t('detail.invitationChannel', {
                    channel: t(`channels.${invitation.Channel}`, {
                      defaultValue: String(invitation.Channel),
                    }),
                  })}{' '}
                  <span aria-label={t('detail.invitationStatus')}>
                    <Tag color={invitation.Status === 'failed' ? 'red' : undefined}>
                      {t(`path.${invitation.Status}`)}
                    </Tag>
                  </span>
                </Typography.Paragraph>
                <Timeline
                  items={[
                    ...PATH_STEPS.map(([step, field]) => ({
                      color: invitation[field] ? 'green' : 'gray',
                      content: (
                        <>
                          <Typography.Text strong={Boolean(invitation[field])}>
                            {t(`path.${step}`)}
                          </Typography.Text>{' '}
                          {invitation[field] ? formatDateTime(invitation[field]) : none}
                        </>
                      ),
                    })),
                    ...(invitation.FailedDate
                      ? [
                          {
                            color: 'red',
                            content: (
                              <>
                                {t('path.failed')} {formatDateTime(invitation.FailedDate)}
                              </>
                            ),
                          },
                        ]
                      : []),
                  ]}
                />
              </>
            )}
          </Card>
          <Card title={t('detail.alerts')}>
            {response.Alerts.length === 0 ? (
              <Empty description={t('detail.noAlerts')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <List
                dataSource={response.Alerts}
                renderItem={(alert) => (
                  <List.Item key={alert.Id} className={styles.alert}>
                    <Link to={`/alerts/${alert.Id}`}>
                      {alert.RuleTitle ?? t('detail.alert', { id: alert.Id })}
                    </Link>
                    <span>
                      <Tag>{tAlerts(`status.${alert.Status as AlertStatusValue}`)}</Tag>
                      {formatDateTime(alert.CreatedDate)}
                    </span>
                  </List.Item>
                )}
              />
            )}
          </Card>
          {response.Deliveries !== null && (
            <Card title={t('detail.deliveries')}>
              {response.Deliveries.length === 0 ? (
                <Empty description={t('detail.noDeliveries')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ) : (
                <List
                  dataSource={response.Deliveries}
                  renderItem={(delivery) => (
                    <List.Item key={delivery.Id} className={styles.alert}>
                      <span>
                        {t('detail.delivery', {
                          event: delivery.Event,
                          action: delivery.Action,
                          workflow: delivery.WorkflowName,
                        })}
                      </span>
                      <span>
                        <Tag color={DELIVERY_COLORS[delivery.Status]}>
                          {tIntegrations(
                            `deliveries.statuses.${delivery.Status === 'dead' ? 'deadLetter' : (delivery.Status as 'pending')}`,
                            { defaultValue: delivery.Status },
                          )}
                        </Tag>
                        {t('detail.attempts', { count: delivery.Attempts })} ·{' '}
                        {formatDateTime(delivery.OccurredDate)}
                      </span>
                    </List.Item>
                  )}
                />
              )}
              <Typography.Paragraph className={styles.deliveryLog}>
                <Link to="/integration-deliveries">{t('detail.deliveryLog')}</Link>
              </Typography.Paragraph>
            </Card>
          )}
        </div>
      </div>
    </AdminPage>
  );
}
