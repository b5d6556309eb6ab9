/**
 * The shared report filter (reports spec §2 filter panel and applied-filter chips), reused by the report pages,
 * alerts and invitee screens.
 *
 * @example
 * ```tsx
 * const [filter, setFilter] = useState<ReportFilter>({ TimeRange: thisYear });
 * <ReportFilterPanel
 *   value={filter}
 *   onApply={setFilter}
 *   onClear={setFilter}
 *   restrictions={{ channelIds: user.TransactionChannels, productIds: user.Products, employeeIds: user.Employees }}
 *   hidden={config.hiddenFilters}
 *   aiModuleActive={bootstrap.IsAIModuleActive}
 *   savedFiltersPage={`reports/${slug}`}
 * />
 * <FilterChips value={filter} onChange={setFilter} restrictions={restrictions} />
 * ```
 */
export { ReportFilterPanel, type ReportFilterPanelProps } from './report-filter-panel';
export { FilterChips, type FilterChipsProps } from './filter-chips';
export {
  AI_FILTER_KEYS,
  BASE_FILTER_KEYS,
  ADVANCED_FILTER_KEYS,
  applyPanelFilter,
  clearPanelFilter,
  countSetFilters,
  offeredFilterKeys,
  type FilterKey,
  type FilterRestrictions,
} from './panel-filter';
export { useFilterOptions, type FilterOptions } from './use-filter-options';
export { useUserFilters } from './api/get-user-filters';
export { filterKeys } from './api/filter-query-keys';
