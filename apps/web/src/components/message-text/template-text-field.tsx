import { Input, Space } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { PlaceholderPicker } from './placeholder-picker';

/** A plain-text template (an invitation's or reminder's body) whose placeholder picker inserts at the cursor. */
export function TemplateTextField({
  id,
  value,
  onChange,
  maxLength,
  rows = 4,
  invalid,
}: {
  id?: string;
  value?: string | null;
  onChange?: (text: string) => void;
  maxLength: number;
  rows?: number;
  invalid?: boolean;
}) {
  const ref = useRef<TextAreaRef>(null);
  const insert = (token: string) => {
    const area = ref.current?.resizableTextArea?.textArea;
    const text = value ?? '';
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    onChange?.(text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <Space direction="vertical" style={{ inlineSize: '100%' }}>
      <PlaceholderPicker onInsert={insert} />
      <Input.TextArea
        id={id}
        ref={ref}
        rows={rows}
        maxLength={maxLength}
        value={value ?? ''}
        onChange={(event) => onChange?.(event.target.value)}
        status={invalid ? 'error' : undefined}
      />
    </Space>
  );
}
