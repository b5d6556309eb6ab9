import {
  WIZARD_STEPS,
  hasAnyScope,
  wizardStepNumber,
  type SurveyDetail,
  type WizardStep,
} from '@loupe/contracts';
import { Alert, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { useBootstrap } from '@/lib/bootstrap';
import { usePageTitle } from '@/lib/page-title';
import { useSurvey } from '../api/get-survey';
import { canOpen, openingStep } from '../wizard-steps';
import { ActivateStep } from './activate-step';
import { AudienceStep } from './audience-step';
import { ChannelStep } from './channel-step';
import { FlowStep } from './flow-step';
import { GeneralStep } from './general-step';
import { QuotaStep } from './quota-step';
import { WizardReadOnly, type StepProps } from './step-frame';
import styles from './wizard.module.css';

const LIST_PATH = '/surveys';

/** `/surveys/create` and `/surveys/:id`: the six-step wizard, each step saved as a draft by Next. */
export function SurveyWizardPage() {
  const { t } = useTranslation('surveys');
  const query = useRouteRecord(useSurvey);
  usePageTitle(t('wizard.title'));
  return (
    <RecordLoader
      query={query}
      title={t('wizard.title')}
      back={{ to: LIST_PATH, label: t('wizard.backToList') }}
      notFound={t('wizard.notFound')}
      loadFailed={t('wizard.loadFailed')}
    >
      {(survey) => <SurveyWizard key={survey?.Id ?? 'new'} survey={survey} />}
    </RecordLoader>
  );
}

function StepBody({ step, ...props }: StepProps & { step: WizardStep }) {
  switch (step) {
    case 'General':
      return <GeneralStep {...props} />;
    case 'Flow':
      return <FlowStep {...props} />;
    case 'Audience':
      return <AudienceStep {...props} />;
    case 'Channel':
      return <ChannelStep {...props} />;
    case 'Quota':
      return <QuotaStep {...props} />;
    case 'Activate':
      return <ActivateStep {...props} />;
  }
}

function SurveyWizard({ survey }: { survey: SurveyDetail | undefined }) {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const readOnly = !hasAnyScope(useBootstrap().data?.User.Scopes ?? [], ['survey:manage']);
  const step = openingStep(survey?.WizardStep, params.get('step'));
  const index = wizardStepNumber(step) - 1;

  const go = (next: WizardStep, id = survey?.Id) => {
    if (id === undefined) return;
    if (id !== survey?.Id) void navigate(`${LIST_PATH}/${id}?step=${next}`, { replace: true });
    else setParams({ step: next });
  };

  const onSaved = (saved: SurveyDetail) => {
    if (step === 'Activate') {
      void navigate(LIST_PATH);
      return;
    }
    go(WIZARD_STEPS[index + 1] ?? 'Activate', saved.Id);
  };

  const previous = WIZARD_STEPS[index - 1];
  return (
    <AdminPage
      title={survey ? t('wizard.editTitle', { title: survey.Title }) : t('wizard.newTitle')}
      back={{ to: LIST_PATH, label: t('wizard.backToList') }}
      size="large"
    >
      <div className={styles.wizard}>
        {readOnly && <Alert type="info" showIcon message={t('wizard.readOnly')} />}
        <Steps
          current={index}
          size="small"
          onChange={(number) => {
            const target = WIZARD_STEPS[number];
            if (target && canOpen(target, survey?.WizardStep)) go(target);
          }}
          items={WIZARD_STEPS.map((name) => ({
            title: t(`wizard.steps.${name}`),
            disabled: !survey || !canOpen(name, survey.WizardStep),
          }))}
        />
        <div className={styles.stepBody}>
          <WizardReadOnly value={readOnly}>
            <StepBody
              key={step}
              step={step}
              survey={survey}
              onSaved={onSaved}
              {...(previous ? { onBack: () => go(previous) } : {})}
            />
          </WizardReadOnly>
        </div>
      </div>
    </AdminPage>
  );
}
