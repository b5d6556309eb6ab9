import { hasAnyScope, REPORT_MAX_WIDGETS } from '@loupe/contracts';
import { Alert, Empty, Result, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useFilterTree } from '@/components/report-filter';
import { ApiError } from '@/lib/api-client';
import { useBootstrap } from '@/lib/bootstrap';
import { usePageTitle } from '@/lib/page-title';
import { useReport } from '../api/get-report';
import { parseReportConfig } from '../report-config';
import {
  hiddenFilterKeys,
  panelFilterFromParams,
  reconcileLinkFilter,
  reportFilterOf,
  scopedRestrictions,
  startingFilter,
  timeFromParams,
  withPanelFilterParam,
  withTimeParams,
  type PanelFilter,
  type ReportTime,
} from '../report-filter-params';
import { PDF_IGNORE_ATTRIBUTE } from '@/widgets/shared/pdf-ignore';
import { displayTitle } from '@/lib/display-title';
import { NewReportButton } from './new-report-button';
import { PdfExportButton } from './pdf-export-button';
import { ReportDateRange } from './report-date-range';
import type { SavedReport } from './report-dialog';
import { ReportEditMenu } from './report-edit-menu';
import { ReportFilterBar } from './report-filter-bar';
import styles from './report-page.module.css';
import { ReportLoadError, ReportLoading } from './report-states';
import { DrillProvider } from '@/widgets/shared/drill-context';
import { ReportWidgetProvider } from '@/widgets/shared/report-context';
import { placeWidgets } from '@/widgets/shared/widget-layout';
import { WidgetGrid } from './widget-grid';
import { AddWidgetButton } from './widget-dialog/widget-dialog';

const pdfIgnore = { [PDF_IGNORE_ATTRIBUTE]: '' };

/**
 * One report (reports spec §2): the header with its title, the edit menu and PDF export; the date range and
 * the filter panel with its chips (both kept in the address); and the widget grid, or an empty state.
 */
export function ReportView({ reportId }: { reportId: number }) {
  const { t } = useTranslation('reports');
  const { t: tFilters } = useTranslation('filters');
  const navigate = useNavigate();
  const { search } = useLocation();
  const [params, setParams] = useSearchParams();
  const bootstrap = useBootstrap().data;
  const query = useReport(reportId);
  const exportTarget = useRef<HTMLDivElement>(null);
  // Tables and comment widgets wait for applied filters (reports spec §4): filters in the address count as applied.
  const [filtersApplied, setFiltersApplied] = useState(() => params.size > 0);
  // A user with scoped data: a link's channels and products are checked against the user's trees.
  // Only those trees are awaited: another part of the page (the filter panel, a dialog) loading the same tree later
  // must not put the whole page back into its loading state, which would close the dialog that asked for it.
  const scopedChannels = (bootstrap?.User.TransactionChannels.length ?? 0) > 0;
  const scopedProducts = (bootstrap?.User.Products.length ?? 0) > 0;
  const channelTree = useFilterTree('channels', scopedChannels);
  const productTree = useFilterTree('products', scopedProducts);
  const treesPending = (scopedChannels && channelTree.isPending) || (scopedProducts && productTree.isPending);
  const report = query.data;
  const title = report
    ? displayTitle(report.Title, (key) => t(key as 'page.dashboardTitle', { defaultValue: key }))
    : undefined;
  usePageTitle(title);

  // The shell renders pages only once bootstrap has loaded.
  if (!bootstrap) return null;
  if (query.isPending || treesPending) return <ReportLoading />;
  if (query.isError) {
    // Gone since the list was read (deleted, or taken from the user's roles): said in place, because a
    // delete navigates away by itself a moment later.
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <Result status="404" title={t('page.gone')} />;
    }
    return <ReportLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!report || title === undefined) return null;

  const user = bootstrap.User;
  const canManage = hasAnyScope(user.Scopes, ['report:manage']);
  const canExport = hasAnyScope(user.Scopes, ['report:export']);
  const retentionMonths = bootstrap.LicenseInfo.DataRetentionTimeInMonths;
  const config = parseReportConfig(report.Config);
  const time = timeFromParams(params, dayjs(), retentionMonths);
  const linked = reconcileLinkFilter({
    filter: panelFilterFromParams(params, startingFilter(config, user)),
    config,
    user,
    trees: { channels: channelTree.data, products: productTree.data },
  });
  const panelFilter = linked.filter;
  const widgetCount = report.ReportWidgets.length;

  const setTime = (next: ReportTime) => {
    setFiltersApplied(true);
    setParams(withTimeParams(params, next), { replace: true });
  };
  const setPanelFilter = (next: PanelFilter) => {
    setFiltersApplied(true);
    setParams(withPanelFilterParam(params, next), { replace: true });
  };
  // After a save the address follows the (new) title's slug; the filters stay.
  const goToSaved = (saved: SavedReport) => void navigate({ pathname: `/reports/${saved.Slug}`, search });

  return (
    <div className={styles.page} ref={exportTarget} data-report-view="">
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          {title}
        </Typography.Title>
        <div className={styles.actions} {...pdfIgnore}>
          {canManage && <AddWidgetButton report={report} />}
          {canManage && <NewReportButton onSaved={goToSaved} />}
          {canManage && <ReportEditMenu report={report} title={title} onSaved={goToSaved} />}
          {canExport && <PdfExportButton target={exportTarget} title={title} disabled={widgetCount === 0} />}
        </div>
      </header>

      <div className={styles.toolbar}>
        <ReportDateRange value={time} retentionMonths={retentionMonths} onChange={setTime} />
        <ReportFilterBar
          reportId={report.Id}
          value={panelFilter}
          restrictions={scopedRestrictions(config, user)}
          hidden={hiddenFilterKeys(config)}
          aiModuleActive={bootstrap.IsAIModuleActive}
          onChange={setPanelFilter}
        />
      </div>

      {linked.dropped.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={t('page.linkOutOfScope', {
            filters: linked.dropped
              .map(({ key, ids }) => `${tFilters(`fields.${key}`)} (${ids.length})`)
              .join(', '),
          })}
        />
      )}

      {canManage && widgetCount >= REPORT_MAX_WIDGETS && (
        <Alert type="warning" showIcon title={t('page.widgetLimit', { max: REPORT_MAX_WIDGETS })} />
      )}

      {widgetCount === 0 ? (
        <Empty
          className={styles.empty}
          description={
            <>
              <Typography.Paragraph strong>{t('page.emptyTitle')}</Typography.Paragraph>
              <Typography.Paragraph type="secondary">
                {canManage ? t('page.emptyManage') : t('page.emptyRead')}
              </Typography.Paragraph>
            </>
          }
        >
          {canManage && (
            <div {...pdfIgnore}>
              <AddWidgetButton report={report} getStarted />
            </div>
          )}
        </Empty>
      ) : (
        <ReportWidgetProvider
          value={{
            reportId: report.Id,
            filter: reportFilterOf(time, panelFilter),
            filtersApplied,
            widgets: placeWidgets(report.ReportWidgets),
            canManage,
          }}
        >
          <DrillProvider>
            <WidgetGrid report={report} canManage={canManage} />
          </DrillProvider>
        </ReportWidgetProvider>
      )}
    </div>
  );
}
