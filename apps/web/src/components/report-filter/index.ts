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
export { ReportFilterPanel } from './report-filter-panel';
export { FilterChips } from './filter-chips';
export { type FilterKey, type FilterRestrictions } from './panel-filter';
export { useFilterOptions } from './use-filter-options';
export { useFilterTree } from './api/get-filter-tree';
export { FilterChipItem } from './filter-chips';
export { FilterDrawer } from './filter-drawer';
/** The panel's and chips' classes, for other screens' filters built of these parts (the invitee pool). */
export { default as reportFilterStyles } from './report-filter.module.css';
export { FilterTreeSelect } from './filter-tree-select';
export { useFilterList } from './api/get-filter-lists';
export { useSurveyQuestions } from './api/get-survey-questions';
export { treeNames } from './tree-options';
