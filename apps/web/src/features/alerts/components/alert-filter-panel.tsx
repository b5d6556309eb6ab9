import { ALERT_STATUSES, hasAnyScope } from '@loupe/contracts';
import { Alert, DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FilterChipItem,
  FilterDrawer,
  FilterTreeSelect,
  reportFilterStyles,
  treeNames,
  useFilterTree,
} from '@/components/report-filter';
import { useBootstrap } from '@/lib/bootstrap';
import { useAlertRuleLookup, useRoleChoices, useUserChoices } from '../api/alert-rules';
import {
  ALERT_FILTER_KEYS,
  type AlertFilter,
  countSetAlertFilters,
  isAlertFilterSet,
  isValidInviteeName,
  normaliseAlertFilter,
  withoutAlertFilter,
  type AlertFilterKey,
} from '../alert-filter';
import styles from './alerts.module.css';

const fieldId = (key: AlertFilterKey) => `alert-filter-${key}`;
const DATE = 'YYYY-MM-DD';

type Choice = { value: number | string; label: string };

/** The filters' choices and the labels of chosen values, loaded when `enabled`. */
function useAlertFilterOptions(enabled: boolean) {
  const { t } = useTranslation('alerts');
  const rules = useAlertRuleLookup(enabled);
  const users = useUserChoices(enabled);
  const roles = useRoleChoices(enabled);
  const channels = useFilterTree('channels', enabled);
  const products = useFilterTree('products', enabled);
  const ruleChoices: Choice[] = (rules.data ?? []).map((rule) => ({ value: rule.Id, label: rule.Title }));
  const userChoices: Choice[] = (users.data ?? []).map((user) => ({ value: user.Id, label: user.FullName }));
  const roleChoices: Choice[] = (roles.data ?? []).map((role) => ({ value: role.Id, label: role.Name }));
  const statusChoices: Choice[] = ALERT_STATUSES.map((status) => ({
    value: status,
    label: t(`status.${status}`),
  }));
  const assignedChoices = [
    { value: 'unassigned', label: t('unassigned') },
    {
      label: t('filter.users'),
      title: t('filter.users'),
      options: userChoices.map((user) => ({ value: `U:${user.value}`, label: user.label })),
    },
    {
      label: t('filter.roles'),
      title: t('filter.roles'),
      options: roleChoices.map((role) => ({ value: `R:${role.value}`, label: role.label })),
    },
  ];
  const channelNames = treeNames(channels.data ?? []);
  const productNames = treeNames(products.data ?? []);
  const find = (choices: Choice[], value: unknown) =>
    choices.find((choice) => choice.value === value)?.label ?? String(value);

  const labelsOf = (filter: AlertFilter, key: AlertFilterKey): string[] => {
    switch (key) {
      case 'AlertRuleId':
        return (filter.AlertRuleId ?? []).map((id) => find(ruleChoices, id));
      case 'AlertReadStatus':
        return [filter.AlertReadStatus === 0 ? t('read.unread') : t('read.read')];
      case 'Status':
        return (filter.Status ?? []).map((status) => find(statusChoices, status));
      case 'AssignedTo': {
        const value = filter.AssignedTo ?? '';
        if (value === 'unassigned') return [t('unassigned')];
        const id = Number(value.slice(2));
        return [value.startsWith('U:') ? find(userChoices, id) : find(roleChoices, id)];
      }
      case 'AssignedUserId':
        return [find(userChoices, filter.AssignedUserId)];
      case 'AssignedRoleId':
        return [find(roleChoices, filter.AssignedRoleId)];
      case 'InviteeFullName':
        return [filter.InviteeFullName ?? ''];
      case 'DateRange':
        return [
          [filter.StartDate, filter.EndDate]
            .map((date) => (date ? dayjs(date).format('DD/MM/YYYY') : '…'))
            .join(' – '),
        ];
      case 'TransactionChannels':
        return (filter.TransactionChannels ?? []).map((id) => channelNames.get(id) ?? String(id));
      case 'Products':
        return (filter.Products ?? []).map((id) => productNames.get(id) ?? String(id));
    }
  };

  return {
    ruleChoices,
    userChoices,
    roleChoices,
    statusChoices,
    assignedChoices,
    channels,
    products,
    rulesLoading: rules.isLoading,
    peopleLoading: users.isLoading || roles.isLoading,
    labelsOf,
  };
}

/**
 * The alert list's filter panel (surveys spec §3 "Alert filters"): rule, read status, status, owner (nobody, a
 * user or a role), assigned user, assigned role, invitee name (letters and digits only; off for mask:invitee),
 * creation days, channels and products (tree nodes: a region covers its branches). Apply emits the filter.
 */
export function AlertFilterPanel({
  value,
  onApply,
}: {
  value: AlertFilter;
  onApply: (filter: AlertFilter) => void;
}) {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<AlertFilter>(value);
  const options = useAlertFilterOptions(open);
  const masked = hasAnyScope(useBootstrap().data?.User.Scopes ?? [], ['mask:invitee']);
  const nameInvalid = !isValidInviteeName(draft.InviteeFullName);
  const set = (next: Partial<AlertFilter>) => setDraft((current) => ({ ...current, ...next }));

  const apply = () => {
    if (nameInvalid) {
      document.getElementById(fieldId('InviteeFullName'))?.focus();
      return;
    }
    setOpen(false);
    onApply(normaliseAlertFilter(draft));
  };
  const select = (key: AlertFilterKey, label: string, control: ReactNode, help?: string) => (
    <Form.Item key={key} label={label} htmlFor={fieldId(key)} help={help}>
      {control}
    </Form.Item>
  );

  return (
    <FilterDrawer
      count={countSetAlertFilters(value)}
      total={ALERT_FILTER_KEYS.length}
      open={open}
      onOpen={() => {
        setDraft(value);
        setOpen(true);
      }}
      onClose={() => setOpen(false)}
      onApply={apply}
      onClear={() => {
        setDraft({});
        setOpen(false);
        onApply({});
      }}
      title={t('filter.title')}
    >
      {nameInvalid ? (
        <Alert type="error" showIcon title={t('filter.invalid')} className={reportFilterStyles.note} />
      ) : null}
      <Form layout="vertical" component="div">
        {select(
          'AlertRuleId',
          t('filter.fields.AlertRuleId'),
          <Select<number[]>
            id={fieldId('AlertRuleId')}
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            maxTagCount={2}
            loading={options.rulesLoading}
            options={options.ruleChoices}
            value={draft.AlertRuleId ?? []}
            onChange={(ids) => set({ AlertRuleId: ids })}
            placeholder={t('filter.any')}
            className={styles.control}
          />,
        )}
        {select(
          'AlertReadStatus',
          t('filter.fields.AlertReadStatus'),
          <Select<'all' | 0 | 1>
            id={fieldId('AlertReadStatus')}
            value={draft.AlertReadStatus ?? 'all'}
            onChange={(read) => set({ AlertReadStatus: read === 'all' ? undefined : read })}
            options={[
              { value: 'all', label: t('filter.any') },
              { value: 0, label: t('read.unread') },
              { value: 1, label: t('read.read') },
            ]}
            className={styles.control}
          />,
        )}
        {select(
          'Status',
          t('filter.fields.Status'),
          <Select<number[]>
            id={fieldId('Status')}
            mode="multiple"
            allowClear
            maxTagCount={3}
            options={options.statusChoices}
            value={draft.Status ?? []}
            onChange={(statuses) => set({ Status: statuses })}
            placeholder={t('filter.any')}
            className={styles.control}
          />,
        )}
        {select(
          'AssignedTo',
          t('filter.fields.AssignedTo'),
          <Select<string>
            id={fieldId('AssignedTo')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.peopleLoading}
            options={options.assignedChoices}
            value={draft.AssignedTo}
            onChange={(assigned) => set({ AssignedTo: assigned })}
            placeholder={t('filter.any')}
            className={styles.control}
          />,
        )}
        {select(
          'AssignedUserId',
          t('filter.fields.AssignedUserId'),
          <Select<number>
            id={fieldId('AssignedUserId')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.peopleLoading}
            options={options.userChoices}
            value={draft.AssignedUserId}
            onChange={(id) => set({ AssignedUserId: id })}
            placeholder={t('filter.any')}
            className={styles.control}
          />,
        )}
        {select(
          'AssignedRoleId',
          t('filter.fields.AssignedRoleId'),
          <Select<number>
            id={fieldId('AssignedRoleId')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.peopleLoading}
            options={options.roleChoices}
            value={draft.AssignedRoleId}
            onChange={(id) => set({ AssignedRoleId: id })}
            placeholder={t('filter.any')}
            className={styles.control}
          />,
        )}
        <Form.Item
          label={t('filter.fields.InviteeFullName')}
          htmlFor={fieldId('InviteeFullName')}
          validateStatus={nameInvalid ? 'error' : undefined}
          help={masked ? t('filter.masked') : nameInvalid ? t('filter.lettersAndDigits') : undefined}
        >
          <Input
            id={fieldId('InviteeFullName')}
            allowClear
            maxLength={100}
            disabled={masked}
            value={draft.InviteeFullName ?? ''}
            onChange={(event) => set({ InviteeFullName: event.target.value })}
            placeholder={t('filter.contains')}
          />
        </Form.Item>
        {select(
          'DateRange',
          t('filter.fields.DateRange'),
          <DatePicker.RangePicker
            id={{ start: fieldId('DateRange') }}
            format="DD/MM/YYYY"
            allowEmpty={[true, true]}
            value={[
              draft.StartDate ? dayjs(draft.StartDate) : null,
              draft.EndDate ? dayjs(draft.EndDate) : null,
            ]}
            placeholder={[t('filter.from'), t('filter.to')]}
            onChange={(range) =>
              set({
                StartDate: range?.[0]?.format(DATE) ?? undefined,
                EndDate: range?.[1]?.format(DATE) ?? undefined,
              })
            }
            className={styles.control}
          />,
        )}
        {select(
          'TransactionChannels',
          t('filter.fields.TransactionChannels'),
          <FilterTreeSelect
            id={fieldId('TransactionChannels')}
            nodes={options.channels.data ?? []}
            loading={options.channels.isLoading}
            value={draft.TransactionChannels ?? []}
            onChange={(ids) => set({ TransactionChannels: ids })}
            placeholder={t('filter.any')}
          />,
          options.channels.isError ? t('filter.unavailable') : undefined,
        )}
        {select(
          'Products',
          t('filter.fields.Products'),
          <FilterTreeSelect
            id={fieldId('Products')}
            nodes={options.products.data ?? []}
            loading={options.products.isLoading}
            value={draft.Products ?? []}
            onChange={(ids) => set({ Products: ids })}
            placeholder={t('filter.any')}
          />,
          options.products.isError ? t('filter.unavailable') : undefined,
        )}
      </Form>
    </FilterDrawer>
  );
}

/** The applied filters as chips; removing one applies the filter without it. */
export function AlertFilterChips({
  value,
  onChange,
}: {
  value: AlertFilter;
  onChange: (filter: AlertFilter) => void;
}) {
  const { t } = useTranslation('alerts');
  const keys = ALERT_FILTER_KEYS.filter((key) => isAlertFilterSet(value, key));
  const options = useAlertFilterOptions(keys.length > 0);
  if (keys.length === 0) return null;
  return (
    <ul className={reportFilterStyles.chips} aria-label={t('filter.chips')}>
      {keys.map((key) => (
        <FilterChipItem
          key={key}
          name={t(`filter.fields.${key}`)}
          labels={options.labelsOf(value, key)}
          removable
          onRemove={() => onChange(withoutAlertFilter(value, key))}
        />
      ))}
    </ul>
  );
}
