import type { ReportListItem } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { reportsQueryOptions } from '@/api/reports';

export { reportsQueryOptions } from '@/api/reports';

export function useReports() {
  return useQuery(reportsQueryOptions());
}

/**
 * The report a `reports/{slug}` address names: by its slug first, then, for a number, by its id (reports spec
 * §2: "parameter is the report id"). Undefined when the caller sees no such report.
 */
export function findReport(reports: readonly ReportListItem[], slug: string): ReportListItem | undefined {
  const wanted = slug.trim().toLowerCase();
  const bySlug = reports.find((report) => report.Slug.toLowerCase() === wanted);
  if (bySlug) return bySlug;
  return /^\d+$/.test(wanted) ? reports.find((report) => report.Id === Number(wanted)) : undefined;
}
