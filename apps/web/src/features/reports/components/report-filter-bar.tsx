import type { ReportFilter } from '@loupe/contracts';
import { FilterChips, ReportFilterPanel, type FilterRestrictions } from '@/components/report-filter';
import type { PanelFilter } from '../report-filter-params';
import styles from './report-page.module.css';

/** The panel's part of a report filter: the time range belongs to the date picker. */
function panelPart({ TimeRange: _range, TimePeriod: _period, ...panel }: ReportFilter): PanelFilter {
  return panel;
}

/**
 * The filter panel's button and the applied-filter chips of a report (reports spec §2). Apply, Clear (which
 * keeps the restricted filters) and removing a chip all hand the new filter to `onChange`.
 */
export function ReportFilterBar({
  reportId,
  value,
  restrictions,
  hidden,
  aiModuleActive,
  onChange,
}: {
  reportId: number;
  value: PanelFilter;
  restrictions: FilterRestrictions;
  hidden: readonly string[];
  aiModuleActive: boolean;
  onChange: (filter: PanelFilter) => void;
}) {
  const change = (filter: ReportFilter) => onChange(panelPart(filter));
  return (
    <div className={styles.filters}>
      <ReportFilterPanel
        value={value}
        onApply={change}
        restrictions={restrictions}
        hidden={hidden}
        aiModuleActive={aiModuleActive}
        savedFiltersPage={`report:${reportId}`}
      />
      <FilterChips value={value} onChange={change} restrictions={restrictions} />
    </div>
  );
}
