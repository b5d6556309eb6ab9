import { formatJsonText } from '@loupe/contracts';
import { Button, Form, Input, Typography } from 'antd';
import { useState, type AriaAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './json-field.module.css';

export type JsonFieldProps = AriaAttributes & {
  /** The JSON text; Form.Item passes it. */
  value?: string;
  /** Called with the new text; Form.Item passes it. */
  onChange?: (value: string) => void;
  /** The text area's id, which a Form.Item label points at. */
  id?: string;
  rows?: number;
  disabled?: boolean;
};

/**
 * A JSON text field (shell spec §5): a monospace text area, always left to right (JSON reads so in Arabic pages
 * too), and a Format button that lays valid JSON out with 2 spaces, keeping numbers and strings as written.
 * When the text is not valid JSON the button says so with the json rule's message, unless the Form.Item already
 * shows an error. Give its Form.Item `rules={[jsonFieldRule(t)]}` (lib/form-rules) to check it on submit.
 */
export function JsonField({ value, onChange, id, rows = 8, disabled, ...aria }: JsonFieldProps) {
  const { t } = useTranslation('validation');
  const { status } = Form.Item.useStatus();
  const [formatFailed, setFormatFailed] = useState(false);
  const errorId = id ? `${id}-format-error` : undefined;
  const showFormatError = formatFailed && status !== 'error';

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
      <Input.TextArea
        {...aria}
        id={id}
        dir="ltr"
        rows={rows}
        value={value}
        disabled={disabled}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        className={styles.editor}
        aria-describedby={
          [aria['aria-describedby'], showFormatError ? errorId : undefined].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(event) => {
          setFormatFailed(false);
          onChange?.(event.target.value);
        }}
      />
      <div className={styles.toolbar}>
        {showFormatError && (
          <Typography.Text id={errorId} type="danger" role="alert">
            {t('customValidation.json')}
          </Typography.Text>
        )}
        <Button size="small" onClick={format} disabled={disabled} aria-controls={id}>
          {t('jsonField.format')}
        </Button>
      </div>
    </div>
  );
}
