import type { LookupTreeNode } from '@loupe/contracts';
import { Form, Select, TreeSelect, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmployees, useRestrictionTree } from '../api/get-restriction-options';
import styles from './users.module.css';

type TreeOption = { value: number; title: string; disabled?: boolean; children?: TreeOption[] };

function toTreeOptions(nodes: LookupTreeNode[]): TreeOption[] {
  return nodes.map((node) => ({
    value: node.Id,
    title: node.Name,
    // An ancestor shown only as the way to nodes the caller may see cannot be chosen.
    disabled: !node.Selectable,
    children: node.Children.length > 0 ? toTreeOptions(node.Children) : undefined,
  }));
}

type Props = {
  /** The lists are the caller's tenant's: for a user of another tenant they cannot be offered. */
  available: boolean;
};

/**
 * The user's restrictions (shell spec §3): transaction channels, products and employees whose data the user
 * sees; none chosen means no restriction. A chosen channel or product includes the nodes below it.
 */
export function UserRestrictionFields({ available }: Props) {
  const { t } = useTranslation('users');
  const channels = useRestrictionTree('channels', available);
  const products = useRestrictionTree('products', available);
  const employees = useEmployees(available);

  const channelOptions = useMemo(() => toTreeOptions(channels.data ?? []), [channels.data]);
  const productOptions = useMemo(() => toTreeOptions(products.data ?? []), [products.data]);
  const employeeOptions = useMemo(
    () =>
      (employees.data ?? []).map((employee) => ({
        value: employee.Id,
        label: `${employee.FullName} (${employee.Code})`,
      })),
    [employees.data],
  );

  const help = (failed: boolean) =>
    !available ? t('help.restrictionsOtherTenant') : failed ? t('help.optionsUnavailable') : undefined;

  const treeProps = {
    multiple: true,
    allowClear: true,
    showSearch: true,
    treeNodeFilterProp: 'title',
    maxTagCount: 2,
    disabled: !available,
    placeholder: t('placeholders.noRestriction'),
    notFoundContent: t('placeholders.noOptions'),
  } as const;

  return (
    <>
      <Typography.Paragraph type="secondary" className={styles.hint}>
        {t('help.restrictions')}
      </Typography.Paragraph>
      <div className={styles.columns}>
        <Form.Item
          name="TransactionChannels"
          label={t('fields.transactionChannels')}
          help={help(channels.isError)}
        >
          <TreeSelect {...treeProps} treeData={channelOptions} loading={channels.isLoading} />
        </Form.Item>
        <Form.Item name="Products" label={t('fields.products')} help={help(products.isError)}>
          <TreeSelect {...treeProps} treeData={productOptions} loading={products.isLoading} />
        </Form.Item>
        <Form.Item name="Employees" label={t('fields.employees')} help={help(employees.isError)}>
          <Select
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            maxTagCount={2}
            disabled={!available}
            options={employeeOptions}
            loading={employees.isLoading}
            placeholder={t('placeholders.noRestriction')}
            notFoundContent={t('placeholders.noOptions')}
          />
        </Form.Item>
      </div>
    </>
  );
}
