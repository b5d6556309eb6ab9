import {
  CHANNELS_WITH_SUBJECT,
  INTERACTION_CHANNELS,
  SURVEY_LIMITS,
  messageTemplateSchema,
  templateOptionSchema,
  type InteractionChannel,
  type SurveyChannel,
} from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Checkbox, Form, Input, InputNumber, Select, Switch, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { StepFooter, StepRefusal, useFieldRefusal, useStepSave, type StepProps } from './step-frame';
import { TemplateTextField } from '@/components/message-text/template-text-field';
import styles from './wizard.module.css';

type Values = {
  Channels: InteractionChannel[];
  PrimaryChannel: InteractionChannel | null;
  Templates: Partial<Record<InteractionChannel, { Subject?: string | null; Body?: string }>>;
  ExpiryDays: number | null;
  CommunicationFrequencyDays: number | null;
  ReminderOn: boolean;
  Reminder: { FrequencyMinutes?: number; NotFinishedDays?: number | null; Subject?: string; Body?: string };
};

function initialValues(channel: SurveyChannel | undefined): Values {
  return {
    Channels: channel?.Channels ?? [],
    PrimaryChannel: channel?.PrimaryChannel ?? null,
    Templates: Object.fromEntries(
      (channel?.Templates ?? []).map((template) => [
        template.Channel,
        { Subject: template.Subject, Body: template.Body },
      ]),
    ),
    ExpiryDays: channel?.ExpiryDays ?? null,
    CommunicationFrequencyDays: channel?.CommunicationFrequencyDays ?? null,
    ReminderOn: Boolean(channel?.Reminder),
    Reminder: channel?.Reminder ?? {},
  };
}

function channelSave(values: Values): SurveyChannel {
  const channels = values.Channels ?? [];
  return {
    Channels: channels,
    PrimaryChannel: values.PrimaryChannel ?? null,
    Templates: channels
      .filter((channel) => values.Templates?.[channel]?.Body?.trim())
      .map((channel) => ({
        Channel: channel,
        Subject: CHANNELS_WITH_SUBJECT.includes(channel)
          ? (values.Templates[channel]?.Subject ?? null)
          : null,
        Body: values.Templates[channel]?.Body ?? '',
      })),
    ExpiryDays: values.ExpiryDays ?? null,
    // Empty or 0: no limit.
    CommunicationFrequencyDays: values.CommunicationFrequencyDays || null,
    Reminder: values.ReminderOn
      ? {
          FrequencyMinutes: values.Reminder.FrequencyMinutes ?? 0,
          NotFinishedDays: values.Reminder.NotFinishedDays ?? null,
          Subject: values.Reminder.Subject ?? '',
          Body: values.Reminder.Body ?? '',
        }
      : null,
  };
}

/**
 * "Use a saved template": the channel's invitation templates (`GET /api/invitation-templates-forSelect`); the
 * chosen one's subject and body are copied into the channel's template, which stays editable. The survey keeps
 * the copy, not a reference (docs/invitations-templates.md).
 */
function SavedTemplateSelect({ channel, form }: { channel: InteractionChannel; form: FormInstance<Values> }) {
  const { t } = useTranslation('surveys');
  const [copying, setCopying] = useState(false);
  const options = useQuery({
    queryKey: ['invitation-templates', 'options', channel],
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/api/invitation-templates-forSelect?channel=${channel}`,
        schema: z.array(templateOptionSchema),
        signal,
      }),
  });
  const copy = async (id: number) => {
    setCopying(true);
    try {
      const template = await apiRequest({
        path: `/api/invitation-templates/${id}`,
        schema: messageTemplateSchema,
      });
      form.setFieldValue(['Templates', channel], { Subject: template.Subject, Body: template.Body });
    } finally {
      setCopying(false);
    }
  };
  return (
    <Form.Item label={t('wizard.channel.useTemplate')} htmlFor={`saved-template-${channel}`}>
      <Select<number>
        id={`saved-template-${channel}`}
        style={{ maxInlineSize: 420 }}
        loading={options.isLoading || copying}
        placeholder={t('wizard.channel.useTemplatePlaceholder')}
        notFoundContent={t('wizard.channel.noSavedTemplate')}
        options={(options.data ?? []).map((option) => ({
          value: option.Id,
          label: `${option.Name} (${option.Language})`,
        }))}
        onChange={(id) => void copy(id)}
      />
    </Form.Item>
  );
}

/** Step 4, channel: the invitation channels, the primary one, a template per channel, expiry and reminders. */
export function ChannelStep({ survey, onSaved, onBack }: StepProps) {
  const { t } = useTranslation('surveys');
  const [form] = Form.useForm<Values>();
  const step = useStepSave('Channel', survey, onSaved);
  const fieldError = useFieldRefusal(step.refusal, step.field);
  const chosen = Form.useWatch('Channels', form) ?? [];
  const reminderOn = Form.useWatch('ReminderOn', form) ?? false;
  const channelName = (channel: number) => t(`wizard.channels.${channel}` as 'wizard.channels.1');
  const refusal = (name: string) => {
    const text = fieldError(name);
    return text ? { validateStatus: 'error' as const, help: text } : {};
  };

  const refusals = {
    channels: refusal('Channels'),
    primary: refusal('PrimaryChannel'),
    templates: refusal('Templates'),
  };

  const next = () =>
    form.validateFields().then(
      (values) => step.save(channelSave(values)),
      () => undefined,
    );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues(survey?.Channel)}
      onValuesChange={() => step.refusal && step.reset()}
    >
      <StepRefusal error={step.refusal} field={step.field} />
      <Form.Item name="Channels" label={t('wizard.channel.channels')} {...refusals.channels}>
        <Checkbox.Group
          options={INTERACTION_CHANNELS.map((channel) => ({ value: channel, label: channelName(channel) }))}
        />
      </Form.Item>
      <Form.Item name="PrimaryChannel" label={t('wizard.channel.primary')} {...refusals.primary}>
        <Select
          allowClear
          style={{ maxInlineSize: 320 }}
          options={chosen.map((channel) => ({ value: channel, label: channelName(channel) }))}
          placeholder={t('wizard.channel.primaryPlaceholder')}
        />
      </Form.Item>
      <Form.Item label={t('wizard.channel.templates')} {...refusals.templates}>
        {chosen.map((channel) => (
          <Card key={channel} size="small" title={channelName(channel)} className={styles.card}>
            <SavedTemplateSelect channel={channel} form={form} />
            {CHANNELS_WITH_SUBJECT.includes(channel) && (
              <Form.Item name={['Templates', channel, 'Subject']} label={t('wizard.channel.subject')}>
                <Input maxLength={SURVEY_LIMITS.templateSubjectMax} />
              </Form.Item>
            )}
            <Form.Item
              name={['Templates', channel, 'Body']}
              label={t('wizard.channel.body')}
              htmlFor={`template-${channel}`}
            >
              <TemplateTextField id={`template-${channel}`} maxLength={SURVEY_LIMITS.templateBodyMax} />
            </Form.Item>
          </Card>
        ))}
      </Form.Item>
      <Form.Item name="ExpiryDays" label={t('wizard.channel.expiryDays')}>
        <InputNumber min={1} max={SURVEY_LIMITS.expiryDaysMax} precision={0} />
      </Form.Item>
      <Form.Item
        name="CommunicationFrequencyDays"
        label={t('wizard.channel.communicationFrequencyDays')}
        extra={t('wizard.channel.communicationFrequencyHint', {
          max: SURVEY_LIMITS.communicationFrequencyDaysMax,
        })}
      >
        <InputNumber min={0} max={SURVEY_LIMITS.communicationFrequencyDaysMax} precision={0} />
      </Form.Item>
      <Form.Item name="ReminderOn" label={t('wizard.channel.reminder')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {reminderOn && (
        <Card size="small" className={styles.card}>
          <Form.Item
            name={['Reminder', 'FrequencyMinutes']}
            label={t('wizard.channel.frequencyMinutes')}
            extra={t('wizard.channel.frequencyHint', {
              min: SURVEY_LIMITS.reminderFrequencyMinutesMin,
              max: SURVEY_LIMITS.reminderFrequencyMinutesMax,
            })}
            rules={[{ required: true, message: t('wizard.required') }]}
          >
            <InputNumber
              min={SURVEY_LIMITS.reminderFrequencyMinutesMin}
              max={SURVEY_LIMITS.reminderFrequencyMinutesMax}
              precision={0}
            />
          </Form.Item>
          <Form.Item name={['Reminder', 'NotFinishedDays']} label={t('wizard.channel.notFinishedDays')}>
            <InputNumber min={1} max={SURVEY_LIMITS.notFinishedReminderDaysMax} precision={0} />
          </Form.Item>
          <Form.Item
            name={['Reminder', 'Subject']}
            label={t('wizard.channel.subject')}
            rules={[{ required: true, whitespace: true, message: t('wizard.required') }]}
          >
            <Input maxLength={SURVEY_LIMITS.templateSubjectMax} />
          </Form.Item>
          <Form.Item
            name={['Reminder', 'Body']}
            label={t('wizard.channel.body')}
            htmlFor="reminder-body"
            rules={[{ required: true, whitespace: true, message: t('wizard.required') }]}
          >
            <TemplateTextField id="reminder-body" maxLength={SURVEY_LIMITS.templateBodyMax} rows={3} />
          </Form.Item>
        </Card>
      )}
      <StepFooter onBack={onBack} pending={step.pending} onNext={() => void next()} />
    </Form>
  );
}
