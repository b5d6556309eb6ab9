import {
  FILTER_FIELDS,
  REPORT_DIALOG_FILTER_KEYS,
  type LookupTreeNode,
  type ReportDialogFilterKey,
} from '@loupe/contracts';
import { Form, Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterOptions } from '@/components/report-filter';
import styles from './report-dialog.module.css';

type TreeOption = { value: number; title: string; disabled?: boolean; children?: TreeOption[] };

function toTreeOptions(nodes: readonly LookupTreeNode[]): TreeOption[] {
  return nodes.map((node) => ({
    value: node.Id,
    title: node.Name,
    // An ancestor listed only as the way to nodes the caller may see cannot be chosen.
    disabled: !node.Selectable,
    children: node.Children.length > 0 ? toTreeOptions(node.Children) : undefined,
  }));
}

/**
 * The report's fixed filters (config.filters, reports spec §3): channel, product and location trees (a chosen
 * node includes those below it), transaction types and segments; none chosen means no restriction. The lists
 * are the shared report filter's lookups (already trimmed by the caller's restrictions on the server), loaded
 * when this chooser is first unfolded.
 */
export function ReportDialogFilters() {
  const { t } = useTranslation('reports');
  const options = useFilterOptions({ keys: REPORT_DIALOG_FILTER_KEYS });
  const { trees, selects } = options;

  const treeData = useMemo(
    () => ({
      channels: toTreeOptions(trees.channels),
      products: toTreeOptions(trees.products),
      locations: toTreeOptions(trees.locations),
    }),
    [trees],
  );

  const fieldProps = (key: ReportDialogFilterKey) => {
    const { loading, failed } = options.stateOf(key);
    return {
      item: {
        name: ['filters', key],
        label: t(`dialog.filter.${key}`),
        help: failed ? t('dialog.optionsUnavailable') : undefined,
      },
      control: {
        loading,
        allowClear: true,
        showSearch: true,
        maxTagCount: 2,
        placeholder: t('dialog.filterAll'),
        notFoundContent: t('dialog.noOptions'),
      },
    };
  };

  return (
    <div className={styles.filterGrid}>
      {REPORT_DIALOG_FILTER_KEYS.map((key) => {
        const { item, control } = fieldProps(key);
        const { tree } = FILTER_FIELDS[key];
        return (
          <Form.Item key={key} {...item}>
            {tree !== undefined ? (
              <TreeSelect {...control} multiple treeNodeFilterProp="title" treeData={treeData[tree]} />
            ) : (
              <Select {...control} mode="multiple" optionFilterProp="label" options={selects[key] ?? []} />
            )}
          </Form.Item>
        );
      })}
    </div>
  );
}
