import { SURVEY_LIMITS, type AudienceCondition } from '@loupe/contracts';
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionsEditor } from './conditions-editor';
import { StepFooter, StepRefusal, useStepSave, type StepProps } from './step-frame';

/** Step 3, audience: who is invited, as conditions on the transaction's data. No condition: everyone. */
export function AudienceStep({ survey, onSaved, onBack }: StepProps) {
  const { t } = useTranslation('surveys');
  const [conditions, setConditions] = useState<AudienceCondition[]>(survey?.Audience.Conditions ?? []);
  const step = useStepSave('Audience', survey, onSaved);
  return (
    <div>
      <StepRefusal error={step.refusal} field={step.field} />
      <Typography.Paragraph>{t('wizard.audience.intro')}</Typography.Paragraph>
      <ConditionsEditor
        idPrefix="audience"
        value={conditions}
        onChange={setConditions}
        max={SURVEY_LIMITS.audienceConditionsMax}
      />
      <StepFooter
        onBack={onBack}
        pending={step.pending}
        onNext={() => step.save({ Conditions: conditions })}
      />
    </div>
  );
}
