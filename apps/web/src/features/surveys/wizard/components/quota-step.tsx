import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PRESENTATION_FREQUENCIES,
  QUOTA_LIMIT_TYPES,
  QuotaLimitType,
  SURVEY_LIMITS,
  type QuotaSave,
} from '@loupe/contracts';
import { Button, Card, Collapse, Empty, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionsEditor } from './conditions-editor';
import { StepFooter, StepRefusal, useStepSave, type StepProps } from './step-frame';
import styles from './wizard.module.css';

/** An example that falls within the refresh job's schedule (daily at midnight). */
const CRON_EXAMPLE = '0 0 * * *';

/** Step 5, quota: limits on completes, answers, responses or one question's answers, with their refresh. */
export function QuotaStep({ survey, onSaved, onBack }: StepProps) {
  const { t } = useTranslation('surveys');
  const [quotas, setQuotas] = useState<QuotaSave[]>(
    () => survey?.Quotas.map((quota) => ({ ...quota })) ?? [],
  );
  const [missingName, setMissingName] = useState(false);
  const step = useStepSave('Quota', survey, onSaved);
  const questions = (survey?.Flows ?? []).flatMap((flow) => flow.Questions);

  const change = (index: number, patch: Partial<QuotaSave>) =>
    setQuotas((current) => current.map((quota, i) => (i === index ? { ...quota, ...patch } : quota)));

  const next = () => {
    if (quotas.some((quota) => !quota.Name.trim())) {
      setMissingName(true);
      return;
    }
    step.save({
      Quotas: quotas.map((quota) => ({
        ...quota,
        Name: quota.Name.trim(),
        QuestionId: quota.LimitType === QuotaLimitType.Question ? (quota.QuestionId ?? null) : null,
        RefreshCron: quota.RefreshCron?.trim() ? quota.RefreshCron.trim() : null,
      })),
    });
  };

  return (
    <div>
      <StepRefusal error={step.refusal} field={step.field} />
      <Typography.Paragraph type="secondary">
        {t('wizard.quota.limits', { count: quotas.length, max: SURVEY_LIMITS.quotasMax })}
      </Typography.Paragraph>
      {quotas.length === 0 && <Empty description={t('wizard.quota.none')} />}
      {quotas.map((quota, index) => (
        <Card
          key={quota.Id ?? `new-${index}`}
          size="small"
          className={styles.card}
          title={quota.Name || t('wizard.quota.untitled', { number: index + 1 })}
          extra={
            <Button
              danger
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('wizard.quota.remove', { name: quota.Name })}
              onClick={() => setQuotas((current) => current.filter((_, i) => i !== index))}
            />
          }
        >
          <Form layout="vertical" component="div">
            <Form.Item
              label={t('wizard.quota.name')}
              htmlFor={`quota-${index}-name`}
              validateStatus={missingName && !quota.Name.trim() ? 'error' : undefined}
              help={missingName && !quota.Name.trim() ? t('wizard.required') : undefined}
            >
              <Input
                id={`quota-${index}-name`}
                value={quota.Name}
                maxLength={SURVEY_LIMITS.titleMax}
                onChange={(event) => change(index, { Name: event.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('wizard.quota.limitType')} htmlFor={`quota-${index}-type`}>
              <Select
                id={`quota-${index}-type`}
                value={quota.LimitType}
                onChange={(LimitType: QuotaSave['LimitType']) => change(index, { LimitType })}
                options={QUOTA_LIMIT_TYPES.map((type) => ({
                  value: type,
                  label: t(`wizard.quota.limitTypes.${type}` as 'wizard.quota.limitTypes.1'),
                }))}
              />
            </Form.Item>
            <Form.Item label={t('wizard.quota.limit')} htmlFor={`quota-${index}-limit`}>
              <InputNumber
                id={`quota-${index}-limit`}
                min={1}
                max={2_000_000_000}
                precision={0}
                value={quota.Limit}
                onChange={(Limit) => change(index, { Limit: Limit ?? 1 })}
              />
            </Form.Item>
            {quota.LimitType === QuotaLimitType.Question && (
              <Form.Item label={t('wizard.quota.question')} htmlFor={`quota-${index}-question`}>
                <Select
                  id={`quota-${index}-question`}
                  value={quota.QuestionId ?? undefined}
                  onChange={(QuestionId: number) => change(index, { QuestionId })}
                  options={questions.map((question) => ({
                    value: question.QuestionId,
                    label: question.Text,
                  }))}
                />
              </Form.Item>
            )}
            <Form.Item
              label={t('wizard.quota.refreshCron')}
              htmlFor={`quota-${index}-cron`}
              // A cron reads left to right in Arabic too: isolated (LRI…PDI) in the hint, ltr in the field.
              extra={t('wizard.quota.refreshCronHint', {
                schedule: `\u2066${SURVEY_LIMITS.quotaRefreshJobCron}\u2069`,
              })}
            >
              <Input
                id={`quota-${index}-cron`}
                dir="ltr"
                value={quota.RefreshCron ?? ''}
                placeholder={CRON_EXAMPLE}
                maxLength={100}
                onChange={(event) => change(index, { RefreshCron: event.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('wizard.quota.frequency')} htmlFor={`quota-${index}-frequency`}>
              <Select
                id={`quota-${index}-frequency`}
                value={quota.PresentationFrequency}
                onChange={(PresentationFrequency: QuotaSave['PresentationFrequency']) =>
                  change(index, { PresentationFrequency })
                }
                options={PRESENTATION_FREQUENCIES.map((frequency) => ({
                  value: frequency,
                  label: t(`wizard.quota.frequencies.${frequency}` as 'wizard.quota.frequencies.1'),
                }))}
              />
            </Form.Item>
          </Form>
          <Collapse
            size="small"
            items={[
              {
                key: 'conditions',
                label: t('wizard.quota.conditions', { count: quota.Conditions.length }),
                children: (
                  <ConditionsEditor
                    idPrefix={`quota-${index}`}
                    value={quota.Conditions}
                    onChange={(Conditions) => change(index, { Conditions })}
                    max={SURVEY_LIMITS.quotaConditionsMax}
                  />
                ),
              },
            ]}
          />
        </Card>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={quotas.length >= SURVEY_LIMITS.quotasMax}
        onClick={() =>
          setQuotas((current) => [
            ...current,
            {
              Name: '',
              LimitType: 1,
              Limit: 100,
              QuestionId: null,
              Conditions: [],
              RefreshCron: null,
              PresentationFrequency: 1,
            },
          ])
        }
      >
        {t('wizard.quota.add')}
      </Button>
      <StepFooter onBack={onBack} pending={step.pending} onNext={next} />
    </div>
  );
}
