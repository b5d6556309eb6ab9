import { ClockCircleOutlined } from '@ant-design/icons';
import { LANGUAGES, SURVEY_FINISHED_MESSAGE, type CatiCall } from '@loupe/contracts';
import { Card, Descriptions, Empty, List, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, surveyTokenOf } from '../cati-values';
import { DateTimeText } from './date-time-text';
import { CallTimer } from './call-timer';
import { OutcomePanel } from './outcome-panel';
import { OutcomeTag } from './outcome-tag';
import styles from './cati.module.css';

/**
 * A call in progress: the customer's details (masked values as the server sends them for mask:invitee), the
 * script and the campaign's notes, the earlier calls, the survey flow in agent mode in a frame, and the outcome
 * panel. The frame's page posts SURVEY_FINISHED_MESSAGE when the flow is answered to its end (apps/respondent
 * parent-window.ts); the call is then read again, whose IsCompleted also survives a reload.
 */
export function CallView({ call, onCheckCompleted }: { call: CatiCall; onCheckCompleted: () => void }) {
  const { t } = useTranslation('cati');
  const [flowFinished, setFlowFinished] = useState(false);
  const token = useMemo(() => surveyTokenOf(call.SurveyPath), [call.SurveyPath]);

  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      // The respondent page is served by the console's own origin; anything else is not ours.
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; guid?: unknown } | null;
      if (typeof data !== 'object' || data === null || data.type !== SURVEY_FINISHED_MESSAGE) return;
      if (data.guid !== token) return;
      setFlowFinished(true);
      onCheckCompleted();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [token, onCheckCompleted]);

  const invitee = call.Invitee;
  const customer = invitee.FullName ?? invitee.Phone ?? t('call.unknownCustomer');
  const details: { key: string; label: string; value: string | null; ltr?: boolean }[] = [
    { key: 'fullName', label: t('call.fields.fullName'), value: invitee.FullName },
    { key: 'phone', label: t('call.fields.phone'), value: invitee.Phone, ltr: true },
    { key: 'email', label: t('call.fields.email'), value: invitee.Email, ltr: true },
    {
      key: 'language',
      label: t('call.fields.language'),
      value: LANGUAGES.find((language) => language.code === invitee.Language)?.name ?? invitee.Language,
    },
    {
      key: 'transactionDate',
      label: t('call.fields.transactionDate'),
      value: invitee.TransactionDate ? formatDateTime(invitee.TransactionDate) : null,
      ltr: true,
    },
    { key: 'productName', label: t('call.fields.productName'), value: invitee.ProductName },
    { key: 'channelName', label: t('call.fields.channelName'), value: invitee.ChannelName },
  ];

  return (
    <div className={styles.stack}>
      <div className={styles.callBar}>
        <Typography.Text strong className={styles.callCustomer}>
          {customer}
        </Typography.Text>
        {invitee.Phone && (
          // A masked number (mask:invitee) has nothing to copy.
          <Typography.Text copyable={invitee.Phone.includes('*') ? false : { text: invitee.Phone }}>
            <bdi dir="ltr">{invitee.Phone}</bdi>
          </Typography.Text>
        )}
        <Tag>{t('call.attempt', { number: call.Attempts })}</Tag>
        {call.WasCallback && <Tag color="blue">{t('call.callback')}</Tag>}
        <Space size={4}>
          <ClockCircleOutlined aria-hidden="true" />
          <CallTimer startedAt={call.StartedAt} />
        </Space>
      </div>
      <div className={styles.callGrid}>
        <div className={styles.callSide}>
          <Card size="small" title={<h2 className={styles.cardTitle}>{t('call.customer')}</h2>}>
            <Descriptions
              size="small"
              column={1}
              items={details.map((detail) => ({
                key: detail.key,
                label: detail.label,
                children: detail.value ? (
                  detail.ltr ? (
                    <bdi dir="ltr">{detail.value}</bdi>
                  ) : (
                    detail.value
                  )
                ) : (
                  '–'
                ),
              }))}
            />
          </Card>
          <Card size="small" title={<h2 className={styles.cardTitle}>{t('call.script')}</h2>}>
            {call.Script ? (
              // The script's own direction (a Turkish script reads left to right in the Arabic interface too).
              <p className={styles.script} dir="auto">
                {call.Script}
              </p>
            ) : (
              <Typography.Text type="secondary">{t('call.noScript')}</Typography.Text>
            )}
            {call.ScriptNotes && (
              <>
                <h3 className={styles.subTitle}>{t('call.scriptNotes')}</h3>
                <p className={styles.script} dir="auto">
                  {call.ScriptNotes}
                </p>
              </>
            )}
          </Card>
          <OutcomePanel call={call} canComplete={call.IsCompleted || flowFinished} />
          <Card size="small" title={<h2 className={styles.cardTitle}>{t('call.previousCalls')}</h2>}>
            {call.PreviousCalls.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('call.noPreviousCalls')} />
            ) : (
              <List
                size="small"
                dataSource={call.PreviousCalls}
                renderItem={(previous) => (
                  <List.Item>
                    <div>
                      <Space size={8} wrap>
                        <DateTimeText value={previous.StartedAt} />
                        <OutcomeTag outcome={previous.Outcome} />
                        <Typography.Text type="secondary">{previous.AgentName}</Typography.Text>
                      </Space>
                      {previous.Note && (
                        <div className={styles.note} dir="auto">
                          {previous.Note}
                        </div>
                      )}
                    </div>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </div>
        <Card
          size="small"
          className={styles.surveyCard}
          title={<h2 className={styles.cardTitle}>{t('call.survey')}</h2>}
          extra={
            call.IsCompleted || flowFinished ? (
              <Tag color="green">{t('call.flowFinished')}</Tag>
            ) : (
              <Tag>{t('call.flowOpen')}</Tag>
            )
          }
        >
          <iframe
            className={styles.surveyFrame}
            src={call.SurveyPath}
            title={t('call.surveyFrame', { survey: call.SurveyName, customer })}
          />
        </Card>
      </div>
    </div>
  );
}
