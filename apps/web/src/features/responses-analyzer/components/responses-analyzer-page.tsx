import {
  availablePresets,
  clampRange,
  DATE_FORMAT,
  isDisabledDay,
  presetRange,
  responseListItemSchema,
  responseListPageSchema,
  TIME_COLUMN_IDS,
  type ReportFilter,
  type ResponseListItem,
  type ResponsesAnalyzerFilter,
  type TimeColumn,
} from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { FilterChips, ReportFilterPanel } from '@/components/report-filter';
import { apiRequest } from '@/lib/api-client';
import { useBootstrap } from '@/lib/bootstrap';
import { useNumberFormats } from '@/widgets/shared/use-number-formats';
import { analyzerBody, analyzerParams, analyzerStateOf, type AnalyzerState } from '../analyzer-filter';
import { RESPONSES_ENDPOINT, RESPONSES_PATH } from '../api/responses';
import { AudienceTag, formatDateTime, SentimentTag } from './response-format';
import styles from './responses-analyzer.module.css';

/** The panel's part of a report filter: the date range is the page's own picker. */
function panelPart({ TimeRange: _range, TimePeriod: _period, ...panel }: ReportFilter) {
  return panel;
}

/**
 * `/responses-analyzer`: the answered sessions the report filter selects (the reports' own filter panel and chips,
 * a date range on a chosen date), newest first; a row opens the respondent's response. The filter is kept in the
 * address (analyzer-filter.ts), so the home counter's link and the back button from a response keep it.
 */
export function ResponsesAnalyzerPage() {
  const { t } = useTranslation('responsesAnalyzer');
  // The reports' date presets and the widgets' date types keep their one translation.
  const { t: tReports } = useTranslation('reports');
  const { t: tWidget } = useTranslation('widgetDialog');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const bootstrap = useBootstrap().data;
  const rangeId = useId();
  const columnId = useId();
  const retention = bootstrap?.LicenseInfo.DataRetentionTimeInMonths ?? 0;
  const state = analyzerStateOf(params, dayjs(), retention);
  const change = (next: Partial<AnalyzerState>) =>
    setParams(analyzerParams({ ...state, ...next }), { replace: true });

  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? (
      value
    ) : (
      <Typography.Text type="secondary">–</Typography.Text>
    );
  const columns: DataGridColumn<ResponseListItem>[] = [
    { key: 'AnsweredDate', title: t('fields.answeredDate'), width: 160, render: formatDateTime },
    { key: 'SurveyTitle', title: t('fields.survey'), width: 200, sortable: false },
    { key: 'NpsScore', title: t('fields.npsScore'), width: 100, render: text },
    {
      key: 'Audience',
      title: t('fields.audience'),
      width: 130,
      sortable: false,
      render: (value) => <AudienceTag audience={value as ResponseListItem['Audience']} />,
    },
    {
      key: 'Comment',
      title: t('fields.comment'),
      width: 300,
      sortable: false,
      render: (value) =>
        value === null ? text(null) : <span className={styles.comment}>{String(value)}</span>,
    },
    { key: 'ChannelName', title: t('fields.channel'), width: 170, sortable: false, render: text },
    { key: 'ProductName', title: t('fields.product'), width: 150, sortable: false, render: text },
    { key: 'EmployeeName', title: t('fields.employee'), width: 150, sortable: false, render: text },
    {
      key: 'SentimentScore',
      title: t('fields.sentiment'),
      width: 120,
      render: (value) => <SentimentTag score={value as number | null} />,
    },
    { key: 'SessionId', title: t('fields.sessionId'), width: 110, defaultHidden: true },
  ];

  const body = analyzerBody(state);
  if (!bootstrap) return null;
  const presets = availablePresets(retention);
  return (
    <AdminPage title={t('list.title')} intro={t('list.intro')}>
      <div className={styles.toolbar}>
        <span className={styles.field}>
          <label htmlFor={rangeId}>{t('list.dateRange')}</label>
          <DatePicker.RangePicker
            id={{ start: rangeId }}
            format={DATE_FORMAT}
            allowClear={false}
            value={state.range}
            disabledDate={(day) => isDisabledDay(day, dayjs(), retention)}
            presets={presets.map((preset) => ({
              label: tReports(`datePresets.${preset}`),
              value: () => clampRange(presetRange(preset, dayjs()), dayjs(), retention),
            }))}
            onChange={(range) => {
              const [from, to] = range ?? [];
              if (from && to) change({ range: [from, to] });
            }}
          />
        </span>
        <span className={styles.field}>
          <label htmlFor={columnId}>{t('list.timeColumn')}</label>
          <Select<TimeColumn>
            id={columnId}
            value={state.timeColumn}
            // A widget's responses are on the widget's own date type.
            disabled={state.widget !== undefined}
            style={{ minInlineSize: 170 }}
            options={TIME_COLUMN_IDS.map((id) => ({ value: id, label: tWidget(`timeColumns.${id}`) }))}
            onChange={(timeColumn) => change({ timeColumn })}
          />
        </span>
        <ReportFilterPanel
          value={state.panel}
          onApply={(filter) => change({ panel: panelPart(filter) })}
          aiModuleActive={bootstrap.IsAIModuleActive}
          savedFiltersPage="responses-analyzer"
        />
        <FilterChips value={state.panel} onChange={(filter) => change({ panel: panelPart(filter) })} />
      </div>
      {state.widget !== undefined && (
        <LineageBanner
          body={body}
          part={lineagePart(state)}
          onClear={() =>
            change({
              widget: undefined,
              group: undefined,
              point: undefined,
              location: undefined,
              segment: undefined,
              cell: undefined,
            })
          }
        />
      )}
      <DataGrid<ResponseListItem>
        endpoint={RESPONSES_ENDPOINT}
        item={responseListItemSchema}
        rowKey="SessionId"
        columns={columns}
        filterBody={body}
        defaultOrder="AnsweredDate desc"
        empty={t('list.empty')}
        onRowClick={(row) =>
          void navigate(`${RESPONSES_PATH}/${row.InviteeId}`, { state: { from: params.toString() } })
        }
      />
    </AdminPage>
  );
}

/** Which part of the widget the analyzer was opened on, as the address says (one at most). */
type LineagePart = 'bar' | 'point' | 'region' | 'segment' | 'cell';

function lineagePart(state: AnalyzerState): LineagePart | undefined {
  if (state.group !== undefined) return 'bar';
  if (state.point !== undefined) return 'point';
  if (state.location !== undefined) return 'region';
  if (state.segment !== undefined) return 'segment';
  return state.cell === undefined ? undefined : 'cell';
}

/** The banner's count and note of each part. */
const LINEAGE_TEXTS = {
  bar: { counts: 'lineage.countsBar', note: 'lineage.barNote' },
  point: { counts: 'lineage.countsPoint', note: 'lineage.pointNote' },
  region: { counts: 'lineage.countsRegion', note: 'lineage.regionNote' },
  segment: { counts: 'lineage.countsSegment', note: 'lineage.segmentNote' },
  cell: { counts: 'lineage.countsCell', note: 'lineage.cellNote' },
} as const;

/**
 * Lineage (docs/responses-analyzer.md): opened from a widget's "Show responses", the grid lists the sessions of
 * the facts the widget counts; the banner says how many responses (the widget's figure, FactCount; from one bar of
 * a grouped chart that bar's, from one point of a trend that point's, from one region of a map or one segment of a
 * per-segment gauge that region's or segment's, from one cell of the days-of-week chart that cell's) in how many
 * sessions, grouped as the widgets
 * write counts, and clears the widget to list every answered session of the filter again.
 */
function LineageBanner({
  body,
  part,
  onClear,
}: {
  body: ResponsesAnalyzerFilter;
  /** Opened from one bar, point, region, segment or cell of the widget (the count is that part's). */
  part: LineagePart | undefined;
  onClear: () => void;
}) {
  const { t } = useTranslation('responsesAnalyzer');
  const formats = useNumberFormats();
  const counts = useQuery({
    queryKey: ['responses-analyzer', 'lineage', body],
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${RESPONSES_ENDPOINT}?$top=1`,
        method: 'POST',
        body,
        schema: responseListPageSchema,
        signal,
        showErrorDialog: false,
      }),
  });
  const message = counts.isError
    ? t('lineage.failed')
    : counts.data
      ? t(part === undefined ? 'lineage.counts' : LINEAGE_TEXTS[part].counts, {
          count: counts.data.FactCount ?? 0,
          responses: formats.count(counts.data.FactCount ?? 0),
          sessions: formats.count(counts.data.Count),
        })
      : t('lineage.loading');
  return (
    <Alert
      className={styles.lineage}
      type={counts.isError ? 'warning' : 'info'}
      showIcon
      role="status"
      title={<span data-testid="lineage-counts">{message}</span>}
      description={t(part === undefined ? 'lineage.note' : LINEAGE_TEXTS[part].note)}
      action={
        <Button size="small" onClick={onClear}>
          {t('lineage.clear')}
        </Button>
      }
    />
  );
}
