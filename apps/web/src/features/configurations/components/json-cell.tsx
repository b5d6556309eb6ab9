import styles from './configurations.module.css';

/** A configuration's JSON in a list cell: the start of it, on one or two lines, as stored (or masked). */
export function JsonCell({ value }: { value: string }) {
  return (
    <code className={styles.jsonCell} title={value.length > 300 ? `${value.slice(0, 300)}…` : value}>
      {value.length > 200 ? `${value.slice(0, 200)}…` : value}
    </code>
  );
}
