import type { SurveyDetail, SurveyStepSave, WizardStep } from '@loupe/contracts';
import { Alert, Button } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useSaveSurvey } from '../api/save-survey';
import { refusalField } from '../wizard-refusals';
import styles from './wizard.module.css';

/** True for a reader without survey:manage: the steps show the survey, and Next saves nothing. */
export const WizardReadOnly = createContext(false);

/** What every step gets from the wizard. */
export type StepProps = {
  /** The survey (undefined on the general step of a new one). */
  survey: SurveyDetail | undefined;
  /** After the step's draft is saved: the wizard moves on. */
  onSaved: (survey: SurveyDetail) => void;
  /** Back to the previous step (none on the first). */
  onBack?: () => void;
};

/**
 * A step's save: `PUT /api/surveys/{id}` with the step's body. `refusal` is the server's last refusal, `field` the
 * step's field it belongs to (undefined: it shows above the step).
 */
export function useStepSave(
  step: WizardStep,
  survey: SurveyDetail | undefined,
  onSaved: StepProps['onSaved'],
) {
  const mutation = useSaveSurvey();
  const save = (body: Omit<Extract<SurveyStepSave, { Step: typeof step }>, 'Step'>) => {
    if (!survey) return;
    mutation.mutate(
      { id: survey.Id, body: { ...body, Step: step } as SurveyStepSave },
      { onSuccess: (saved) => onSaved(saved) },
    );
  };
  return {
    save,
    pending: mutation.isPending,
    refusal: mutation.error,
    field: refusalField(mutation.error, step),
    reset: mutation.reset,
  };
}

/** The step's refusal above its fields (when it names no field of the step), in the user's language. */
export function StepRefusal({ error, field }: { error: unknown; field?: string | undefined }) {
  const { t } = useTranslation();
  if (!error || field !== undefined) return null;
  return <Alert type="error" showIcon role="alert" message={errorMessage(error, t)} />;
}

/** The field's error text (the server's refusal), or undefined. */
export function useFieldRefusal(error: unknown, field: string | undefined) {
  const { t } = useTranslation();
  return (name: string) => (field === name && error ? errorMessage(error, t) : undefined);
}

/** Back and Next under a step. */
export function StepFooter({
  onBack,
  onNext,
  pending,
  nextLabel,
  extra,
}: {
  onBack?: (() => void) | undefined;
  onNext: () => void;
  pending: boolean;
  nextLabel?: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('surveys');
  const readOnly = useContext(WizardReadOnly);
  return (
    <div className={styles.footer}>
      <Button onClick={onBack} disabled={!onBack}>
        {t('wizard.back')}
      </Button>
      <span>
        {extra}
        <Button type="primary" onClick={onNext} loading={pending} disabled={readOnly}>
          {nextLabel ?? t('wizard.next')}
        </Button>
      </span>
    </div>
  );
}
