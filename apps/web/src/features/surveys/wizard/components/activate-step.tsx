import { BarChartOutlined, SendOutlined } from '@ant-design/icons';
import { LANGUAGES, SURVEY_LIMITS } from '@loupe/contracts';
import { Alert, App, Button, Descriptions, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/error-message';
import { SurveyLinksPanel } from '../../links/components/survey-links-panel';
import { useSetSurveyStatus } from '../api/save-survey';
import { StepFooter, StepRefusal, useStepSave, type StepProps } from './step-frame';
import { TestInvitationDialog } from './test-invitation-dialog';

/** Step 6, activate: the summary, the active switch (confirmed), test invitations and the statistics. */
export function ActivateStep({ survey, onSaved, onBack }: StepProps) {
  const { t } = useTranslation('surveys');
  const { t: tc } = useTranslation();
  const { modal } = App.useApp();
  const status = useSetSurveyStatus();
  const step = useStepSave('Activate', survey, onSaved);
  const [testing, setTesting] = useState(false);
  if (!survey) return null;

  const questionCount = survey.Flows.reduce((sum, flow) => sum + flow.Questions.length, 0);
  const channelNames = survey.Channel.Channels.map((c) => t(`wizard.channels.${c}` as 'wizard.channels.1'));

  const toggle = (IsActive: boolean) =>
    void modal.confirm({
      title: t(IsActive ? 'wizard.activate.confirmOn' : 'wizard.activate.confirmOff', {
        title: survey.Title,
      }),
      content: t(IsActive ? 'wizard.activate.confirmOnText' : 'wizard.activate.confirmOffText'),
      okText: t(IsActive ? 'wizard.activate.activate' : 'wizard.activate.deactivate'),
      cancelText: t('wizard.cancel'),
      onOk: () => status.mutate({ id: survey.Id, IsActive }),
    });

  return (
    <div>
      <StepRefusal error={step.refusal} field={step.field} />
      <Descriptions bordered size="small" column={1} title={t('wizard.activate.summary')}>
        <Descriptions.Item label={t('wizard.general.title')}>{survey.Title}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.general.language')}>
          {LANGUAGES.find((language) => language.code === survey.Language)?.name ?? survey.Language}
        </Descriptions.Item>
        <Descriptions.Item label={t('wizard.activate.flows')}>
          {t('wizard.activate.flowsValue', { flows: survey.Flows.length, questions: questionCount })}
        </Descriptions.Item>
        <Descriptions.Item label={t('wizard.activate.audience')}>
          {t('wizard.conditions.count', {
            count: survey.Audience.Conditions.length,
            max: SURVEY_LIMITS.audienceConditionsMax,
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('wizard.channel.channels')}>
          {channelNames.length ? channelNames.join(', ') : t('wizard.general.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('wizard.activate.quotas')}>{survey.Quotas.length}</Descriptions.Item>
      </Descriptions>
      <Space style={{ display: 'flex', marginBlock: 16 }} align="center" wrap>
        <Switch
          id="survey-active"
          checked={survey.IsActive}
          loading={status.isPending}
          onChange={toggle}
          aria-label={t('wizard.activate.active')}
        />
        <label htmlFor="survey-active">{t('wizard.activate.active')}</label>
        <Typography.Text type={survey.IsActive ? 'success' : 'secondary'}>
          {survey.IsActive ? t('list.active') : t('list.inactive')}
        </Typography.Text>
      </Space>
      {status.error && <Alert type="error" showIcon role="alert" message={errorMessage(status.error, tc)} />}
      <Space wrap style={{ display: 'flex', marginBlock: 16 }}>
        <Button icon={<SendOutlined />} disabled={!survey.IsActive} onClick={() => setTesting(true)}>
          {t('wizard.activate.test.open')}
        </Button>
        <Link to={`/surveys/${survey.Id}/stats`}>
          <BarChartOutlined /> {t('wizard.activate.statistics')}
        </Link>
        <Link to="/surveys/statistics">{t('wizard.activate.allStatistics')}</Link>
      </Space>
      {!survey.IsActive && (
        <Typography.Paragraph type="secondary">{t('wizard.activate.testOnlyActive')}</Typography.Paragraph>
      )}
      {testing && <TestInvitationDialog survey={survey} onClose={() => setTesting(false)} />}
      <SurveyLinksPanel survey={survey} />
      <StepFooter
        onBack={onBack}
        pending={step.pending}
        nextLabel={t('wizard.finish')}
        onNext={() => step.save({ IsActive: survey.IsActive })}
      />
    </div>
  );
}
