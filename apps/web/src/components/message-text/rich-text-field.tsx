import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { Button, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPicker } from './placeholder-picker';
import styles from './message-text.module.css';

type Props = {
  id?: string;
  /** HTML; empty or null for no message. */
  value?: string | null;
  onChange?: (html: string | null) => void;
  /** The accessible name of the editing area. */
  label: string;
  invalid?: boolean;
};

/** An empty editor still holds `<p></p>`: that is no message. */
function htmlOrNull(html: string, isEmpty: boolean): string | null {
  return isEmpty ? null : html;
}

/**
 * A rich-text message (TipTap's starter kit: bold, italic, lists, links of the text) with the placeholder picker
 * that inserts a token at the cursor. An antd Form control: `value`/`onChange` carry HTML.
 */
export function RichTextField({ id, value, onChange, label, invalid }: Props) {
  const { t } = useTranslation('messageText');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: false, codeBlock: false, code: false, horizontalRule: false }),
    ],
    content: value ?? '',
    immediatelyRender: true,
    editorProps: {
      attributes: {
        ...(id === undefined ? {} : { id }),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: styles.richTextArea ?? '',
      },
    },
    onUpdate: ({ editor: current }) => onChange?.(htmlOrNull(current.getHTML(), current.isEmpty)),
  });
  const marks = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
    }),
  });

  // A value set from outside (the survey loaded, the form reset) replaces the text; typing does not come back here.
  useEffect(() => {
    const current = htmlOrNull(editor.getHTML(), editor.isEmpty);
    if ((value ?? null) !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const buttons = [
    { mark: 'bold', icon: <BoldOutlined />, run: () => editor.chain().focus().toggleBold().run() },
    { mark: 'italic', icon: <ItalicOutlined />, run: () => editor.chain().focus().toggleItalic().run() },
    {
      mark: 'bulletList',
      icon: <UnorderedListOutlined />,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      mark: 'orderedList',
      icon: <OrderedListOutlined />,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
  ] as const;

  return (
    <div className={`${styles.richText} ${invalid ? styles.richTextInvalid : ''}`}>
      <Space size={4} className={styles.richTextToolbar} wrap>
        {buttons.map(({ mark, icon, run }) => (
          <Button
            key={mark}
            size="small"
            type={marks[mark] ? 'primary' : 'text'}
            icon={icon}
            aria-label={t(`richText.${mark}`)}
            aria-pressed={marks[mark]}
            onClick={run}
          />
        ))}
        <PlaceholderPicker onInsert={(token) => editor.chain().focus().insertContent(token).run()} />
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
