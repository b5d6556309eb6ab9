import { useQuery } from '@tanstack/react-query';
import { Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { findReport, reportsQueryOptions } from '../api/get-reports';
import { ReportLoadError, ReportLoading } from './report-states';
import { ReportView } from './report-view';

/**
 * `reports/{slug}` (report:read or report:manage): the report the address names, by slug or by id. A report
 * the user does not see goes to the shell's 404 page.
 */
export function ReportPage() {
  const { slug = '' } = useParams();
  // A new address asks afresh: a report just saved or renamed may not be in the cached list yet.
  return <ReportBySlug key={slug} slug={slug} />;
}

function ReportBySlug({ slug }: { slug: string }) {
  const { t } = useTranslation('reports');
  const reports = useQuery({
    ...reportsQueryOptions(),
    // An address the cached list does not know is checked against a fresh list before it counts as unknown.
    refetchOnMount: (query) => (findReport(query.state.data ?? [], slug) ? true : 'always'),
  });
  // The report this address opened. After a rename or a delete the list changes a moment before the address
  // does: the page keeps to the report it shows rather than calling the old address unknown.
  const [shownId, setShownId] = useState<number>();
  const found = reports.data ? findReport(reports.data, slug) : undefined;
  if (found && found.Id !== shownId) setShownId(found.Id);

  if (reports.isPending) return <ReportLoading />;
  if (reports.isError)
    return <ReportLoadError error={reports.error} onRetry={() => void reports.refetch()} />;
  const report = found ?? reports.data.find((item) => item.Id === shownId);
  if (report) return <ReportView key={report.Id} reportId={report.Id} />;
  if (shownId !== undefined) return <Result status="404" title={t('page.gone')} />;
  return reports.isFetching ? <ReportLoading /> : <Navigate to="/404" replace />;
}
