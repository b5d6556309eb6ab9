import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { Annotation, Compartment, EditorState, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useLayoutEffect, useRef, type AriaAttributes } from 'react';
import styles from './json-field.module.css';

/*
 * The CodeMirror 6 editor behind <JsonField /> (components/json-field.tsx loads this module on first use, so
 * CodeMirror is only fetched by screens that show a JSON field). The Form.Item contract stays a string: the editor
 * shows `value` and reports every edit through `onChange`.
 *
 * Keyboard: Tab and Shift+Tab leave the editor like any field (no indent-with-Tab, so the keyboard is never
 * trapped); Ctrl+] and Ctrl+[ indent, Ctrl+Z and Ctrl+Shift+Z undo and redo, and Format lays the text out.
 * Screen readers: the editable area is a multi-line textbox named by the Form.Item's label (aria-labelledby) and
 * described by its help and error texts. Always left to right, as JSON reads in Arabic pages too.
 */

export type JsonEditorProps = AriaAttributes & {
  value?: string;
  onChange?: (value: string) => void;
  /** The id of the editable area, which the Form.Item's label points at. */
  id?: string;
  /** The editor's height in pixels. */
  height: number;
  disabled: boolean;
  /** The Form.Item shows an error: a red border. */
  invalid: boolean;
  /** The JSON syntax message shown on the line of a syntax error. */
  syntaxMessage: string;
};

/** Marks the editor's own updates from `value`, which are not reported back through onChange. */
const fromValue = Annotation.define<boolean>();

/** The editor inside json-field.module.css's frame, in antd's colours, the text in lines of 20 px. */
const theme = EditorView.theme({
  '&': {
    height: '100%',
    color: 'var(--ant-color-text, rgba(0, 0, 0, 0.88))',
    backgroundColor: 'transparent',
  },
  // The frame shows the focus.
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
    fontSize: '13px',
    lineHeight: '20px',
  },
  '.cm-content': { paddingBlock: '8px' },
  '.cm-gutters': {
    borderInlineEnd: '1px solid var(--ant-color-split, rgba(5, 5, 5, 0.06))',
    backgroundColor: 'var(--ant-color-fill-quaternary, rgba(0, 0, 0, 0.02))',
    color: 'var(--ant-color-text-tertiary, rgba(0, 0, 0, 0.45))',
  },
  '.cm-activeLine, .cm-activeLineGutter': {
    backgroundColor: 'var(--ant-color-fill-quaternary, rgba(0, 0, 0, 0.02))',
  },
  '.cm-content[contenteditable=false] .cm-activeLine': { backgroundColor: 'transparent' },
});

/** JSON syntax errors, marked where JSON.parse stops, in the console's words; none while the field is blank. */
function syntaxLinter(message: string): Extension {
  const parse = jsonParseLinter();
  return linter(
    (view): Diagnostic[] =>
      view.state.doc.toString().trim() === ''
        ? []
        : parse(view).map((diagnostic) => ({ ...diagnostic, message })),
    { delay: 300 },
  );
}

/** The label element a `<label for={id}>` (antd's Form.Item label) gives the field, given an id to point at. */
function labelIdOf(id: string | undefined): string | undefined {
  if (!id || typeof CSS === 'undefined') return undefined;
  const label = document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(id)}"]`);
  if (!label) return undefined;
  // A contenteditable area is not labelable, so the label is tied to it by id instead.
  if (!label.id) label.id = `${id}-label`;
  return label.id;
}

/** The attributes of the editable area: its id and what assistive technology reads about it. */
function contentAttributes({
  id,
  disabled,
  aria,
}: {
  id: string | undefined;
  disabled: boolean;
  aria: AriaAttributes;
}): Record<string, string> {
  const attributes: Record<string, string> = { dir: 'ltr' };
  for (const [name, value] of Object.entries(aria)) {
    if (name.startsWith('aria-') && value !== undefined && value !== null && value !== '') {
      attributes[name] = String(value);
    }
  }
  if (id) attributes.id = id;
  const labelledBy = aria['aria-labelledby'] ?? (aria['aria-label'] ? undefined : labelIdOf(id));
  if (labelledBy) attributes['aria-labelledby'] = labelledBy;
  if (disabled) attributes['aria-readonly'] = 'true';
  return attributes;
}

export function JsonEditor({
  value,
  onChange,
  id,
  height,
  disabled,
  invalid,
  syntaxMessage,
  ...aria
}: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const compartments = useRef({
    editable: new Compartment(),
    attributes: new Compartment(),
    lint: new Compartment(),
  });
  const ariaKey = JSON.stringify(aria);

  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    if (!host.current) return;
    const { editable, attributes, lint } = compartments.current;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value ?? '',
        extensions: [
          theme,
          lineNumbers(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          json(),
          lintGutter(),
          lint.of(syntaxLinter(syntaxMessage)),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorState.tabSize.of(2),
          editable.of([EditorView.editable.of(!disabled), EditorState.readOnly.of(disabled)]),
          attributes.of(EditorView.contentAttributes.of(contentAttributes({ id, disabled, aria }))),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            if (update.transactions.every((transaction) => transaction.annotation(fromValue))) return;
            onChangeRef.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; the effects below follow the props
  }, []);

  useEffect(() => {
    const editor = view.current;
    const text = value ?? '';
    if (!editor || editor.state.doc.toString() === text) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: text },
      annotations: [fromValue.of(true)],
    });
  }, [value]);

  useEffect(() => {
    const { editable, attributes } = compartments.current;
    view.current?.dispatch({
      effects: [
        editable.reconfigure([EditorView.editable.of(!disabled), EditorState.readOnly.of(disabled)]),
        attributes.reconfigure(EditorView.contentAttributes.of(contentAttributes({ id, disabled, aria }))),
      ],
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `ariaKey` stands for `aria`, a new object each render
  }, [disabled, id, ariaKey]);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.lint.reconfigure(syntaxLinter(syntaxMessage)) });
  }, [syntaxMessage]);

  return (
    <div
      ref={host}
      dir="ltr"
      className={[styles.editor, invalid ? styles.invalid : '', disabled ? styles.disabled : '']
        .filter(Boolean)
        .join(' ')}
      style={{ blockSize: height }}
    />
  );
}
