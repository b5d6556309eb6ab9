import { Typography } from 'antd';
import styles from './code-block.module.css';

/**
 * Data shown as it is (an audit record's JSON, a REST request): monospaced, left to right in every language,
 * scrollable, with a copy button. `copy` is what the button copies when it differs from what is shown.
 */
export function CodeBlock({ text, copy = text }: { text: string; copy?: string }) {
  return (
    <Typography.Paragraph copyable={{ text: copy }}>
      <pre className={styles.block} dir="ltr">
        {text}
      </pre>
    </Typography.Paragraph>
  );
}
