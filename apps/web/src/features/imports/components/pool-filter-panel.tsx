import type { InviteePoolFilter } from '@loupe/contracts';
import { Alert, Collapse, Form, Input, Select } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FilterChipItem,
  FilterDrawer,
  FilterTreeSelect,
  reportFilterStyles as styles,
} from '@/components/report-filter';
import {
  POOL_FILTER_GROUPS,
  POOL_FILTER_KEYS,
  applyPoolFilter,
  countSetPoolFilters,
  poolFilterKind,
  poolFilterValues,
  withoutPoolFilter,
  type PoolFilterKey,
} from '../pool-filter';
import { usePoolFilterOptions, type PoolFilterOptions } from './use-pool-filter-options';

/** The longest custom data text a filter takes (contracts `inviteePoolFilterSchema`). */
const CUSTOM_DATA_FILTER_MAX = 500;

const fieldId = (key: PoolFilterKey) => `pool-filter-${key}`;

/**
 * The invitee pool's filter dropdown panel (surveys spec §2 generic pieces): a "Filters" button with the "N of M"
 * badge opening a drawer of collapsible groups; Apply checks the draft first and emits it only when valid, Clear
 * emits the empty filter.
 */
export function PoolFilterPanel({
  value,
  onApply,
}: {
  value: InviteePoolFilter;
  onApply: (filter: InviteePoolFilter) => void;
}) {
  const { t } = useTranslation('imports');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<InviteePoolFilter>(value);
  const [invalid, setInvalid] = useState<PoolFilterKey[]>([]);
  const options = usePoolFilterOptions(open);
  const count = countSetPoolFilters(value);

  const show = () => {
    setDraft(value);
    setInvalid([]);
    setOpen(true);
  };
  const apply = () => {
    const result = applyPoolFilter(draft);
    if (!result.ok) {
      setInvalid(result.invalid);
      if (result.invalid[0]) document.getElementById(fieldId(result.invalid[0]))?.focus();
      return;
    }
    setOpen(false);
    onApply(result.filter);
  };
  const clear = () => {
    setDraft({});
    setOpen(false);
    onApply({});
  };
  // The groups holding a value start open, the first one too.
  const openGroups = POOL_FILTER_GROUPS.filter(
    (group, index) => index === 0 || group.keys.some((key) => poolFilterValues(value, key).length > 0),
  ).map((group) => group.id);

  return (
    <FilterDrawer
      count={count}
      total={POOL_FILTER_KEYS.length}
      open={open}
      onOpen={show}
      onClose={() => setOpen(false)}
      onApply={apply}
      onClear={clear}
      title={t('poolFilter.title')}
    >
      {invalid.length > 0 ? (
        <Alert type="error" showIcon title={t('poolFilter.invalid')} className={styles.note} />
      ) : null}
      <Form layout="vertical" component="div">
        <Collapse
          ghost
          defaultActiveKey={openGroups}
          items={POOL_FILTER_GROUPS.map((group) => ({
            key: group.id,
            label: t(`poolFilter.groups.${group.id}`),
            forceRender: true,
            children: group.keys.map((key) => (
              <PoolFilterField
                key={key}
                filterKey={key}
                draft={draft}
                onChange={(next) => {
                  setDraft(next);
                  setInvalid((current) => current.filter((item) => item !== key));
                }}
                options={options}
                invalid={invalid.includes(key)}
              />
            )),
          }))}
        />
      </Form>
    </FilterDrawer>
  );
}

/** One property's control, by its kind: a multiple select, a tree select or a text box. */
function PoolFilterField({
  filterKey: key,
  draft,
  onChange,
  options,
  invalid,
}: {
  filterKey: PoolFilterKey;
  draft: InviteePoolFilter;
  onChange: (next: InviteePoolFilter) => void;
  options: PoolFilterOptions;
  invalid: boolean;
}) {
  const { t } = useTranslation('imports');
  const state = options.stateOf(key);
  const set = (value: unknown) => onChange({ ...draft, [key]: value });
  const status = invalid ? ('error' as const) : undefined;
  let control: ReactNode;
  switch (poolFilterKind(key)) {
    case 'tree':
      control = (
        <FilterTreeSelect
          id={fieldId(key)}
          nodes={options.trees[key] ?? []}
          value={poolFilterValues(draft, key) as number[]}
          onChange={(ids) => set({ Ids: ids })}
          loading={state.loading}
          placeholder={t('poolFilter.any')}
          status={status}
        />
      );
      break;
    case 'text':
      control = (
        <Input
          id={fieldId(key)}
          allowClear
          maxLength={CUSTOM_DATA_FILTER_MAX}
          value={((draft as Record<string, unknown>)[key] as string | undefined) ?? ''}
          onChange={(event) => set(event.target.value)}
          placeholder={t('poolFilter.contains')}
          status={status}
        />
      );
      break;
    case 'choices':
    case 'ids':
    case 'segments':
      control = (
        <Select
          id={fieldId(key)}
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          maxTagCount={2}
          options={options.selects[key] ?? []}
          value={poolFilterValues(draft, key)}
          onChange={(values: (number | string)[]) => set(values)}
          loading={state.loading}
          placeholder={t('poolFilter.any')}
          status={status}
          className={styles.control}
        />
      );
  }
  return (
    <Form.Item
      label={options.nameOf(key)}
      htmlFor={fieldId(key)}
      validateStatus={invalid ? 'error' : undefined}
      help={invalid ? t('poolFilter.invalidField') : state.failed ? t('poolFilter.unavailable') : undefined}
    >
      {control}
    </Form.Item>
  );
}

/** The applied filters as chips (surveys spec §2 chip strip); removing one applies the filter without it. */
export function PoolFilterChips({
  value,
  onChange,
}: {
  value: InviteePoolFilter;
  onChange: (filter: InviteePoolFilter) => void;
}) {
  const { t } = useTranslation('imports');
  const keys = POOL_FILTER_KEYS.filter((key) => poolFilterValues(value, key).length > 0);
  const options = usePoolFilterOptions(keys.length > 0);
  if (keys.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={t('poolFilter.chips')}>
      {keys.map((key) => (
        <FilterChipItem
          key={key}
          name={options.nameOf(key)}
          labels={poolFilterValues(value, key).map((item) => options.labelOf(key, item))}
          removable
          onRemove={() => onChange(withoutPoolFilter(value, key))}
        />
      ))}
    </ul>
  );
}
