import {
  CHANNELS_WITH_SUBJECT,
  ErrorCode,
  INTERACTION_CHANNELS,
  InteractionChannel,
  LANGUAGES,
  TEMPLATE_LIMITS,
  messageTemplateSaveSchema,
  toLanguageCode,
  type MessageTemplate,
  type MessageTemplateSave,
  type TemplateKind,
} from '@loupe/contracts';
import { App, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, RecordForm, useFieldRefusal } from '@/components/admin-page/record-form';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { JsonField } from '@/components/json-field';
import { RichTextField } from '@/components/message-text/rich-text-field';
import { TemplateTextField } from '@/components/message-text/template-text-field';
import { zodRule } from '@/lib/form-rules';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useSaveTemplate } from '../api/save-template';
import { TEMPLATE_SCREENS } from '../api/template-kinds';
import { DeleteTemplateButton } from './delete-template-button';
import { useChannelName } from './template-channel';
import { TemplatePreviewPanel } from './template-preview-panel';
import { useCanManageTemplates } from './templates-page';
import styles from './templates.module.css';

type Values = {
  Name: string;
  TemplateId: string;
  Channel: InteractionChannel;
  Language: string;
  Subject: string;
  Body: string | null;
  Payload: string;
};

const fieldOf = fieldOfCode<Values>({ [ErrorCode.MessageTemplateNameExists]: 'Name' });

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const hasSubject = (channel: number) => CHANNELS_WITH_SUBJECT.some((item) => item === channel);

function initialValues(template: MessageTemplate | undefined, language: string): Values {
  return {
    Name: template?.Name ?? '',
    TemplateId: template?.TemplateId ?? '',
    Channel: template?.Channel ?? InteractionChannel.Email,
    Language: template?.Language ?? toLanguageCode(language) ?? 'tr',
    Subject: template?.Subject ?? '',
    Body: template?.Body ?? null,
    Payload: template?.Payload ?? '',
  };
}

function saveOf(values: Values): MessageTemplateSave {
  return {
    Name: values.Name,
    TemplateId: values.TemplateId.trim() || null,
    Channel: values.Channel,
    Language: values.Language,
    Subject: hasSubject(values.Channel) ? values.Subject.trim() || null : null,
    Body: values.Body ?? '',
    Payload: values.Payload.trim() || null,
  };
}

/**
 * The form of an invitation or message template (one form, `kind` a prop): name, provider template id, channel,
 * language, subject (e-mail only), body (rich text for e-mail, plain text elsewhere, both with the placeholder
 * picker) and payload (JSON), beside a live preview for a sample invitee.
 */
export function TemplateForm({ kind, template }: { kind: TemplateKind; template?: MessageTemplate }) {
  const { t, i18n } = useTranslation('templates');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const channelName = useChannelName();
  const [form] = Form.useForm<Values>();
  const save = useSaveTemplate(kind);
  const canManage = useCanManageTemplates(kind);
  const screen = TEMPLATE_SCREENS[kind];
  const [dirty, setDirty] = useState(false);
  const { release } = useUnsavedChanges(dirty, {
    title: t('unsaved.title'),
    description: t('unsaved.description'),
    leave: t('unsaved.leave'),
    stay: t('unsaved.stay'),
  });
  const onError = useFieldRefusal(form, fieldOf);
  const initial = initialValues(template, i18n.language);
  const channel = Form.useWatch('Channel', form) ?? initial.Channel;
  const subject = Form.useWatch('Subject', form) ?? initial.Subject;
  const body = Form.useWatch('Body', form) ?? initial.Body;
  const back = { to: screen.path, label: t(`${kind}.back`) };

  const submit = (values: Values) =>
    save.mutate(
      { id: template?.Id, body: saveOf(values) },
      {
        onSuccess: (saved) => {
          release();
          setDirty(false);
          void message.success(t(template ? 'messages.saved' : 'messages.created', { name: saved.Name }));
          void navigate(screen.path);
        },
        onError,
      },
    );

  const payloadRule = {
    validator: (_rule: unknown, value: string | undefined) =>
      !value?.trim() || isJson(value)
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.payloadJson'))),
  };

  return (
    <AdminPage
      title={template ? t(`${kind}.editTitle`, { name: template.Name }) : t(`${kind}.createTitle`)}
      back={back}
    >
      <div className={styles.layout}>
        <div className={styles.form}>
          <RecordForm<Values>
            form={form}
            initialValues={initial}
            onFinish={submit}
            save={save}
            fieldOf={fieldOf}
            readOnly={!canManage}
            listPath={screen.path}
            backLabel={back.label}
            onValuesChange={() => setDirty(true)}
            footerExtra={
              template && (
                <DeleteTemplateButton
                  kind={kind}
                  record={template}
                  onDeleted={() => {
                    release();
                    void navigate(screen.path);
                  }}
                />
              )
            }
            notes={!canManage && <FormNote type="info" title={t('readOnlyNote')} />}
          >
            <Form.Item
              name="Name"
              label={t('fields.name')}
              rules={[
                { required: true, whitespace: true, message: tCommon('form.required') },
                zodRule(messageTemplateSaveSchema.shape.Name, tCommon),
              ]}
            >
              <Input autoComplete="off" maxLength={TEMPLATE_LIMITS.nameMax} />
            </Form.Item>
            <Form.Item name="Channel" label={t('fields.channel')} rules={[{ required: true }]}>
              <Select
                style={{ maxInlineSize: 320 }}
                options={INTERACTION_CHANNELS.map((value) => ({ value, label: channelName(value) }))}
              />
            </Form.Item>
            <Form.Item name="Language" label={t('fields.language')} rules={[{ required: true }]}>
              <Select
                style={{ maxInlineSize: 320 }}
                showSearch
                optionFilterProp="label"
                options={LANGUAGES.map((language) => ({ value: language.code, label: language.name }))}
              />
            </Form.Item>
            <Form.Item name="TemplateId" label={t('fields.templateId')} extra={t('help.templateId')}>
              <Input autoComplete="off" maxLength={TEMPLATE_LIMITS.templateIdMax} />
            </Form.Item>
            {hasSubject(channel) && (
              <Form.Item name="Subject" label={t('fields.subject')}>
                <Input maxLength={TEMPLATE_LIMITS.subjectMax} />
              </Form.Item>
            )}
            <Form.Item
              name="Body"
              label={t('fields.body')}
              htmlFor="template-body"
              extra={t('help.body')}
              rules={[{ required: true, whitespace: true, message: tCommon('form.required') }]}
            >
              {channel === InteractionChannel.Email ? (
                <RichTextField id="template-body" label={t('fields.body')} />
              ) : (
                <TemplateTextField id="template-body" maxLength={TEMPLATE_LIMITS.bodyMax} rows={6} />
              )}
            </Form.Item>
            <Form.Item
              name="Payload"
              label={t('fields.payload')}
              htmlFor="template-payload"
              extra={t('help.payload')}
              rules={[payloadRule]}
            >
              <JsonField id="template-payload" rows={5} aria-label={t('fields.payload')} />
            </Form.Item>
          </RecordForm>
        </div>
        <TemplatePreviewPanel kind={kind} channel={channel} subject={subject || null} body={body ?? ''} />
      </div>
    </AdminPage>
  );
}
