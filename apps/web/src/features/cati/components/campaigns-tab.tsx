import { EditOutlined } from '@ant-design/icons';
import {
  CATI_CAMPAIGN_MANAGE_SCOPES,
  CATI_LIMITS,
  hasAnyScope,
  type CatiCampaign,
  type CatiCampaignSave,
} from '@loupe/contracts';
import { Alert, App, Button, Empty, Form, Input, InputNumber, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '@/lib/bootstrap';
import { errorMessage } from '@/lib/error-message';
import { useCatiCampaigns } from '../api/get-cati-campaigns';
import { useSaveCatiCampaign } from '../api/save-cati-campaign';
import styles from './cati.module.css';
import { LoadFailed } from '@/components/query-state';

/** Whether the signed-in user may change the campaigns' settings (survey:manage). */
function useCanManageCampaigns(): boolean {
  const user = useBootstrap().data?.User;
  return user !== undefined && hasAnyScope(user.Scopes, CATI_CAMPAIGN_MANAGE_SCOPES);
}

/** The CATI surveys' campaign settings; a survey:manage holder edits one in a dialog, others read them. */
export function CampaignsTab() {
  const { t } = useTranslation('cati');
  const campaigns = useCatiCampaigns();
  const canManage = useCanManageCampaigns();
  const [editing, setEditing] = useState<CatiCampaign>();

  if (campaigns.isError) {
    return <LoadFailed query={campaigns} title={t('campaigns.loadFailed')} />;
  }

  return (
    <>
      {!canManage && <Typography.Paragraph type="secondary">{t('campaigns.readOnly')}</Typography.Paragraph>}
      <Table<CatiCampaign>
        size="small"
        rowKey="SurveyId"
        loading={campaigns.isLoading}
        pagination={false}
        dataSource={campaigns.data ?? []}
        scroll={{ x: true }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('campaigns.empty')} />,
        }}
        columns={[
          { key: 'survey', title: t('campaigns.fields.survey'), dataIndex: 'SurveyName' },
          { key: 'priority', title: t('campaigns.fields.priority'), dataIndex: 'Priority', align: 'end' },
          {
            key: 'quota',
            title: t('campaigns.fields.dailyQuota'),
            dataIndex: 'DailyQuota',
            align: 'end',
            render: (value: number) => (value > 0 ? value : t('campaigns.noQuota')),
          },
          {
            key: 'attempts',
            title: t('campaigns.fields.maxAttempts'),
            dataIndex: 'MaxAttempts',
            align: 'end',
          },
          {
            key: 'noAnswer',
            title: t('campaigns.fields.noAnswerRetryMinutes'),
            dataIndex: 'NoAnswerRetryMinutes',
            align: 'end',
          },
          {
            key: 'busy',
            title: t('campaigns.fields.busyRetryMinutes'),
            dataIndex: 'BusyRetryMinutes',
            align: 'end',
          },
          {
            key: 'notes',
            title: t('campaigns.fields.scriptNotes'),
            dataIndex: 'ScriptNotes',
            ellipsis: true,
            render: (value: string | null) => value ?? '–',
          },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  title: <span className={styles.visuallyHidden}>{t('campaigns.actions')}</span>,
                  render: (_: unknown, campaign: CatiCampaign) => (
                    <Button
                      size="small"
                      icon={<EditOutlined aria-hidden="true" />}
                      aria-label={t('campaigns.editLabel', { survey: campaign.SurveyName })}
                      onClick={() => setEditing(campaign)}
                    >
                      {t('campaigns.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <CampaignDialog campaign={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}

type Values = Required<Omit<CatiCampaignSave, 'ScriptNotes'>> & { ScriptNotes?: string | null };

function CampaignDialog({ campaign, onClose }: { campaign: CatiCampaign; onClose: () => void }) {
  const { t } = useTranslation('cati');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveCatiCampaign();
  const [saveError, setSaveError] = useState<unknown>();
  const required = { required: true, message: t('campaigns.required') };

  const submit = (values: Values) => {
    setSaveError(undefined);
    save.mutate(
      { surveyId: campaign.SurveyId, campaign: { ...values, ScriptNotes: values.ScriptNotes ?? null } },
      {
        onSuccess: () => {
          void message.success(t('campaigns.saved', { survey: campaign.SurveyName }));
          onClose();
        },
        onError: setSaveError,
      },
    );
  };

  const number = (name: keyof Omit<Values, 'ScriptNotes'>, min: number, max: number) => (
    <Form.Item name={name} label={t(`campaigns.fields.${fieldKey[name]}`)} rules={[required]}>
      <InputNumber min={min} max={max} precision={0} className={styles.fullWidth} />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={t('campaigns.editTitle', { survey: campaign.SurveyName })}
      okText={tCommon('common.save')}
      cancelText={tCommon('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          Priority: campaign.Priority,
          DailyQuota: campaign.DailyQuota,
          MaxAttempts: campaign.MaxAttempts,
          NoAnswerRetryMinutes: campaign.NoAnswerRetryMinutes,
          BusyRetryMinutes: campaign.BusyRetryMinutes,
          ScriptNotes: campaign.ScriptNotes,
        }}
        onFinish={submit}
      >
        {number('Priority', CATI_LIMITS.priorityMin, CATI_LIMITS.priorityMax)}
        <Typography.Text type="secondary" className={styles.hint}>
          {t('campaigns.priorityHint', { min: CATI_LIMITS.priorityMin, max: CATI_LIMITS.priorityMax })}
        </Typography.Text>
        {number('DailyQuota', 0, CATI_LIMITS.dailyQuotaMax)}
        <Typography.Text type="secondary" className={styles.hint}>
          {t('campaigns.quotaHint')}
        </Typography.Text>
        {number('MaxAttempts', 1, CATI_LIMITS.maxAttemptsMax)}
        {number('NoAnswerRetryMinutes', 1, CATI_LIMITS.retryMinutesMax)}
        {number('BusyRetryMinutes', 1, CATI_LIMITS.retryMinutesMax)}
        <Form.Item name="ScriptNotes" label={t('campaigns.fields.scriptNotes')}>
          <Input.TextArea rows={4} maxLength={CATI_LIMITS.scriptNotesMax} showCount />
        </Form.Item>
        {saveError !== undefined && (
          <Alert
            type="error"
            showIcon
            title={t('campaigns.saveFailed')}
            description={errorMessage(saveError, tCommon)}
          />
        )}
      </Form>
    </Modal>
  );
}

const fieldKey = {
  Priority: 'priority',
  DailyQuota: 'dailyQuota',
  MaxAttempts: 'maxAttempts',
  NoAnswerRetryMinutes: 'noAnswerRetryMinutes',
  BusyRetryMinutes: 'busyRetryMinutes',
} as const;
