import type { ImportField } from '@loupe/contracts';
import { Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { chooseField, type MappingRow } from '../column-mapping';
import styles from './imports.module.css';
import { useFieldOptions } from './use-field-labels';

/** The value of "Not imported" in a column's select (antd selects hold no null). */
const NOT_IMPORTED = '';

/**
 * The mapping step's table: each column of the file with its first values and the invitee field it fills.
 * Giving a field to a column takes it from the column that had it.
 */
export function MappingTable({
  rows,
  samples,
  onChange,
}: {
  rows: MappingRow[];
  /** The file's first data rows, cell by cell in the heading's order. */
  samples: string[][];
  onChange: (rows: MappingRow[]) => void;
}) {
  const { t } = useTranslation('imports');
  const fields = useFieldOptions();
  const options = [{ value: NOT_IMPORTED, label: t('upload.mapping.notImported') }, ...fields];
  return (
    <Table<MappingRow & { index: number }>
      rowKey="Column"
      size="small"
      pagination={false}
      dataSource={rows.map((row, index) => ({ ...row, index }))}
      columns={[
        { key: 'column', title: t('upload.mapping.column'), dataIndex: 'Column', width: 220 },
        {
          key: 'sample',
          title: t('upload.mapping.sample'),
          render: (_value, row) => (
            <span className={styles.sample}>
              {samples
                .slice(0, 3)
                .map((cells) => cells[row.index] ?? '')
                .filter((cell) => cell !== '')
                .join(' · ')}
            </span>
          ),
        },
        {
          key: 'field',
          title: t('upload.mapping.field'),
          width: 280,
          render: (_value, row) => (
            <Select<string>
              className={styles.fieldSelect}
              aria-label={t('upload.mapping.fieldLabel', { column: row.Column })}
              showSearch={{ optionFilterProp: 'label' }}
              options={options}
              value={row.Field ?? NOT_IMPORTED}
              onChange={(value) =>
                onChange(
                  chooseField(rows, row.Column, value === NOT_IMPORTED ? null : (value as ImportField)),
                )
              }
            />
          ),
        },
      ]}
    />
  );
}
