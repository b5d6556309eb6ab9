import { LANGUAGES, type LanguageCode } from '@loupe/contracts';
import { App, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '@/lib/i18n';
import { useSaveOverrides } from '../api/translations';
import type { TranslationRow } from '../coverage';

/**
 * The dialog that edits one key's override: the default text beside a text area; saving an empty text removes the
 * override (the default shows again). Refusals show in the global error dialog, translated.
 */
export function OverrideDialog({
  language,
  row,
  maxLength,
  onClose,
}: {
  language: LanguageCode;
  row: TranslationRow;
  maxLength: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('translations');
  const { message } = App.useApp();
  const [value, setValue] = useState(row.override ?? '');
  const save = useSaveOverrides();
  const languageName = LANGUAGES.find(({ code }) => code === language)?.name ?? language;

  const submit = () =>
    save.mutate(
      { Items: [{ Language: language, Namespace: row.namespace, Key: row.key, Value: value }] },
      {
        onSuccess: () => {
          void message.success(value === '' ? t('remove.done') : t('edit.saved'));
          onClose();
        },
      },
    );

  return (
    <Modal
      open
      title={t('edit.title', { language: languageName })}
      okText={t('edit.save')}
      cancelText={t('edit.cancel')}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'key', label: t('columns.key'), children: <Typography.Text code>{row.id}</Typography.Text> },
          {
            key: 'default',
            label: row.fallback ? t('edit.defaultEnglish') : t('columns.default'),
            children: (
              <span dir={row.fallback ? 'ltr' : directionOf(language)} style={{ whiteSpace: 'pre-wrap' }}>
                {row.defaultText}
              </span>
            ),
          },
        ]}
      />
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('columns.override')}
          htmlFor="translation-override"
          extra={t('edit.hint', { placeholder: '{{count}}' })}
        >
          <Input.TextArea
            id="translation-override"
            dir={directionOf(language)}
            autoFocus
            value={value}
            maxLength={maxLength}
            showCount
            autoSize={{ minRows: 3, maxRows: 10 }}
            onChange={(event) => setValue(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
