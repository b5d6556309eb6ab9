import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INTEGRATION_LIMITS } from '@loupe/contracts';
import { Button, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { mappingOrigin, type MappingRow } from '../mapping';
import styles from './integrations.module.css';

type Props = {
  /** Given by Form.Item. */
  id?: string;
  value?: MappingRow[];
  onChange?: (rows: MappingRow[]) => void;
  /** The chosen event's fields, the event-field choices. */
  eventFields: readonly string[];
  /** The action takes any field names (the webhook): rows can be added, named and removed. */
  anyField: boolean;
  disabled?: boolean;
  /** Shown instead of the rows while no action is chosen. */
  noAction?: string;
};

/**
 * The workflow's parameter mapping: one row per action field, each with an event field (a select) and a constant
 * (a text box); the last column says which one the action will use (the event field wins).
 */
export function MappingEditor({
  id,
  value = [],
  onChange,
  eventFields,
  anyField,
  disabled,
  noAction,
}: Props) {
  const { t } = useTranslation('integrations');
  if (noAction !== undefined)
    return (
      <Typography.Text id={id} type="secondary">
        {noAction}
      </Typography.Text>
    );
  const change = (index: number, patch: Partial<MappingRow>) =>
    onChange?.(value.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const eventOptions = eventFields.map((field) => ({ value: field, label: field }));
  const fieldName = (row: MappingRow, index: number) =>
    row.ActionField || t('mapping.fieldNameOf', { number: index + 1 });

  const columns: TableColumnsType<MappingRow & { index: number }> = [
    {
      key: 'ActionField',
      title: t('mapping.actionField'),
      render: (_value, row) =>
        anyField ? (
          <Input
            value={row.ActionField}
            maxLength={INTEGRATION_LIMITS.fieldNameMax}
            aria-label={t('mapping.fieldNameOf', { number: row.index + 1 })}
            placeholder={t('mapping.fieldName')}
            className={styles.code}
            disabled={disabled}
            onChange={(event) => change(row.index, { ActionField: event.target.value })}
          />
        ) : (
          <span>
            <span className={styles.code}>{row.ActionField}</span>{' '}
            {row.Required && <Tag color="red">{t('mapping.required')}</Tag>}
          </span>
        ),
    },
    {
      key: 'EventField',
      title: t('mapping.eventField'),
      render: (_value, row) => (
        <Select
          allowClear
          showSearch
          value={row.EventField}
          options={eventOptions}
          aria-label={t('mapping.eventFieldOf', { field: fieldName(row, row.index) })}
          className={styles.eventSelect}
          disabled={disabled}
          onChange={(field: string | undefined) => change(row.index, { EventField: field ?? undefined })}
        />
      ),
    },
    {
      key: 'Constant',
      title: t('mapping.constant'),
      render: (_value, row) => (
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 4 }}
          value={row.Constant}
          maxLength={INTEGRATION_LIMITS.constantMax}
          aria-label={t('mapping.constantOf', { field: fieldName(row, row.index) })}
          disabled={disabled}
          onChange={(event) => change(row.index, { Constant: event.target.value })}
        />
      ),
    },
    {
      key: 'origin',
      title: t('mapping.origin'),
      render: (_value, row) => {
        const origin = mappingOrigin(row);
        return (
          <Typography.Text type={origin === 'none' && row.Required ? 'danger' : 'secondary'}>
            {t(`mapping.origins.${origin}`)}
          </Typography.Text>
        );
      },
    },
    ...(anyField
      ? [
          {
            key: 'remove',
            render: (_value: unknown, row: MappingRow & { index: number }) => (
              <Button
                type="text"
                icon={<DeleteOutlined aria-hidden="true" />}
                aria-label={t('mapping.removeField', { field: fieldName(row, row.index) })}
                title={t('mapping.removeField', { field: fieldName(row, row.index) })}
                disabled={disabled}
                onClick={() => onChange?.(value.filter((_row, at) => at !== row.index))}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div id={id}>
      <Table<MappingRow & { index: number }>
        className={styles.mappingTable}
        rowKey="index"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={value.map((row, index) => ({ ...row, index }))}
        locale={{ emptyText: anyField ? t('mapping.anyFieldHelp') : t('mapping.noFields') }}
        scroll={{ x: 'max-content' }}
      />
      {anyField && value.length < INTEGRATION_LIMITS.mappingMax && (
        <Button
          icon={<PlusOutlined aria-hidden="true" />}
          disabled={disabled}
          onClick={() => onChange?.([...value, { ActionField: '', Required: false }])}
        >
          {t('mapping.addField')}
        </Button>
      )}
    </div>
  );
}
