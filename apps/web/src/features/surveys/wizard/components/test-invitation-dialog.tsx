import { SURVEY_LIMITS, type InteractionChannel, type SurveyDetail } from '@loupe/contracts';
import { Alert, App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useSendTestInvitation } from '../api/survey-actions';
import { useTestUsers } from '../api/wizard-lookups';

/** A test invitation of an active survey: test users (1-50) and the channel; the request is stored for sending. */
export function TestInvitationDialog({ survey, onClose }: { survey: SurveyDetail; onClose: () => void }) {
  const { t } = useTranslation('surveys');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const users = useTestUsers(true);
  const send = useSendTestInvitation();
  const channels = survey.Channel.Channels;
  const [userIds, setUserIds] = useState<number[]>([]);
  const [channel, setChannel] = useState<InteractionChannel | undefined>(
    survey.Channel.PrimaryChannel ?? channels[0],
  );

  return (
    <Modal
      open
      title={t('wizard.activate.test.title')}
      okText={t('wizard.activate.test.send')}
      cancelText={t('wizard.cancel')}
      okButtonProps={{ disabled: userIds.length === 0 || channel === undefined, loading: send.isPending }}
      onCancel={onClose}
      onOk={() =>
        channel !== undefined &&
        send.mutate(
          { id: survey.Id, body: { TestUserIds: userIds, Channel: channel } },
          {
            onSuccess: () => {
              void message.success(t('wizard.activate.test.sent', { count: userIds.length }));
              onClose();
            },
          },
        )
      }
    >
      {send.error && <Alert type="error" showIcon role="alert" message={errorMessage(send.error, tc)} />}
      <Form layout="vertical">
        <Form.Item label={t('wizard.activate.test.users')} htmlFor="test-users">
          <Select<number[]>
            id="test-users"
            mode="multiple"
            loading={users.isLoading}
            value={userIds}
            onChange={(ids) => setUserIds(ids.slice(0, SURVEY_LIMITS.testUsersMax))}
            showSearch={{ optionFilterProp: 'label' }}
            options={(users.data ?? []).map((user) => ({
              value: user.Id,
              label: [user.FullName, user.Email ?? user.MSISDN].filter(Boolean).join(' · '),
            }))}
            notFoundContent={t('wizard.activate.test.noUsers')}
          />
        </Form.Item>
        <Form.Item label={t('wizard.activate.test.channel')} htmlFor="test-channel">
          <Select
            id="test-channel"
            value={channel}
            onChange={setChannel}
            options={channels.map((c) => ({
              value: c,
              label: t(`wizard.channels.${c}` as 'wizard.channels.1'),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
