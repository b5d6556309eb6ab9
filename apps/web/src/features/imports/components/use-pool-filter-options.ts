import { ELIMINATION_REASON, STAGED_RECORD_STATUS, type LookupTreeNode } from '@loupe/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { treeNames, useFilterList, useFilterTree } from '@/components/report-filter';
import { useCustomDataLabel } from '@/lib/custom-data-label';
import { eliminationReasonLabel, stagedStatusLabel } from '../import-labels';
import { poolFilterKind, type PoolFilterKey } from '../pool-filter';

/** A choice of a flat select, or a titled group of them (segments by group). */
type SelectOption = { value: number | string; label: string };
type SelectGroup = { label: string; title: string; options: SelectOption[] };

export type PoolFilterOptions = {
  selects: Partial<Record<PoolFilterKey, (SelectOption | SelectGroup)[]>>;
  trees: Partial<Record<PoolFilterKey, LookupTreeNode[]>>;
  /** The property's name: custom data by the tenant's slot name. */
  nameOf: (key: PoolFilterKey) => string;
  /** A value's label (the value itself while its list loads). */
  labelOf: (key: PoolFilterKey, value: number | string) => string;
  stateOf: (key: PoolFilterKey) => { loading: boolean; failed: boolean };
};

/**
 * The options and labels of the invitee pool's filter: the statuses and reasons from the contracts' labels, the
 * rest from the filter lookups (loaded once, when `enabled`, and shared with the report filters).
 */
export function usePoolFilterOptions(enabled: boolean): PoolFilterOptions {
  const { t, i18n } = useTranslation('imports');
  const language = i18n.language;
  const surveys = useFilterList('surveys', enabled);
  const transactionTypes = useFilterList('transactionTypes', enabled);
  const employees = useFilterList('employees', enabled);
  const segments = useFilterList('segments', enabled);
  const channels = useFilterTree('channels', enabled);
  const products = useFilterTree('products', enabled);
  const locations = useFilterTree('locations', enabled);
  const customDataLabel = useCustomDataLabel();

  const queries = {
    Surveys: surveys,
    TransactionTypes: transactionTypes,
    Employees: employees,
    Segments: segments,
    TransactionChannels: channels,
    Products: products,
    InviteeLocations: locations,
  } as const;

  const selects = useMemo(
    () => ({
      Statuses: Object.values(STAGED_RECORD_STATUS).map((value) => ({
        value,
        label: stagedStatusLabel(value, language),
      })),
      EliminationReasons: Object.values(ELIMINATION_REASON).map((value) => ({
        value,
        label: eliminationReasonLabel(value, language),
      })),
      Surveys: (surveys.data ?? []).map((survey) => ({ value: survey.Id, label: survey.Title })),
      TransactionTypes: (transactionTypes.data ?? []).map((item) => ({ value: item.Id, label: item.Name })),
      Employees: (employees.data ?? []).map((item) => ({ value: item.Id, label: item.FullName })),
      Segments: (segments.data ?? []).map((group) => ({
        label: group.Name,
        title: group.Name,
        options: group.Children.map((segment) => ({ value: segment.Value, label: segment.Name })),
      })),
    }),
    [language, surveys.data, transactionTypes.data, employees.data, segments.data],
  );

  const trees = useMemo(
    () => ({
      TransactionChannels: channels.data ?? [],
      Products: products.data ?? [],
      InviteeLocations: locations.data ?? [],
    }),
    [channels.data, products.data, locations.data],
  );

  const labelOf = useMemo(() => {
    const labels = new Map<string, string>();
    for (const [key, options] of Object.entries(selects)) {
      for (const option of options) {
        if ('options' in option) {
          for (const segment of option.options)
            labels.set(`${key}:${segment.value}`, `${option.label}: ${segment.label}`);
        } else labels.set(`${key}:${option.value}`, option.label);
      }
    }
    const names = Object.fromEntries(Object.entries(trees).map(([key, nodes]) => [key, treeNames(nodes)]));
    return (key: PoolFilterKey, value: number | string): string => {
      if (poolFilterKind(key) === 'tree') return names[key]?.get(Number(value)) ?? String(value);
      return labels.get(`${key}:${value}`) ?? String(value);
    };
  }, [selects, trees]);

  const nameOf = (key: PoolFilterKey): string => {
    if (poolFilterKind(key) !== 'text') return t(`poolFilter.fields.${key as 'Statuses'}`);
    return customDataLabel(key);
  };

  const stateOf = (key: PoolFilterKey) => {
    const query = (queries as Partial<Record<PoolFilterKey, { isLoading: boolean; isError: boolean }>>)[key];
    return { loading: query?.isLoading ?? false, failed: query?.isError ?? false };
  };

  return { selects, trees, nameOf, labelOf, stateOf };
}
