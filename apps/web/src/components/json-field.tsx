import { formatJsonText } from '@loupe/contracts';
import { Button, ConfigProvider, Form, Typography } from 'antd';
import { lazy, Suspense, useState, type AriaAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './json-field.module.css';

// CodeMirror comes with the first JSON field shown, not with the screens (or the sign-in page) that have none.
const JsonEditor = lazy(async () => ({ default: (await import('./json-editor')).JsonEditor }));

/** A line of the editor and the room above and below the lines (json-editor.tsx's theme), in pixels. */
const LINE_HEIGHT_PX = 20;
const PADDING_PX = 8;

export type JsonFieldProps = AriaAttributes & {
  /** The JSON text; Form.Item passes it. */
  value?: string;
  /** Called with the new text; Form.Item passes it. */
  onChange?: (value: string) => void;
  /** The editable area's id, which a Form.Item label points at. */
  id?: string;
  rows?: number;
  /** Read only; a disabled Form disables it too. */
  disabled?: boolean;
};

/**
 * A JSON text field (shell spec §5): a CodeMirror editor (components/json-editor.tsx) with JSON highlighting,
 * line numbers and syntax errors marked as you type, always left to right (JSON reads so in Arabic pages too), and
 * a Format button that lays valid JSON out with 2 spaces, keeping numbers and strings as written. When the text is
 * not valid JSON the button says so with the json rule's message, unless the Form.Item already shows an error.
 * Give its Form.Item `rules={[jsonFieldRule(t)]}` (lib/form-rules) to check it on submit. Tab leaves the editor.
 */
export function JsonField({ value, onChange, id, rows = 8, disabled, ...aria }: JsonFieldProps) {
  const { t } = useTranslation('validation');
  const { status } = Form.Item.useStatus();
  const { componentDisabled } = ConfigProvider.useConfig();
  const [formatFailed, setFormatFailed] = useState(false);
  const errorId = id ? `${id}-format-error` : undefined;
  const showFormatError = formatFailed && status !== 'error';
  const isDisabled = disabled ?? componentDisabled ?? false;
  const height = rows * LINE_HEIGHT_PX + 2 * PADDING_PX;

  function format(): void {
    const formatted = formatJsonText(value ?? '');
    if (formatted === undefined) {
      setFormatFailed(true);
      return;
    }
    setFormatFailed(false);
    if (formatted !== value) onChange?.(formatted);
  }

  return (
    <div className={styles.field}>
      <Suspense fallback={<div className={styles.editor} style={{ blockSize: height }} aria-busy="true" />}>
        <JsonEditor
          {...aria}
          id={id}
          value={value}
          height={height}
          disabled={isDisabled}
          invalid={status === 'error'}
          syntaxMessage={t('customValidation.json')}
          aria-describedby={
            [aria['aria-describedby'], showFormatError ? errorId : undefined].filter(Boolean).join(' ') ||
            undefined
          }
          onChange={(text) => {
            setFormatFailed(false);
            onChange?.(text);
          }}
        />
      </Suspense>
      <div className={styles.toolbar}>
        {showFormatError && (
          <Typography.Text id={errorId} type="danger" role="alert">
            {t('customValidation.json')}
          </Typography.Text>
        )}
        <Button size="small" onClick={format} disabled={isDisabled} aria-controls={id}>
          {t('jsonField.format')}
        </Button>
      </div>
    </div>
  );
}
