import { FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { hasAnyScope, TABLE_PAGE_SIZES, type WidgetTablePage } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '@/lib/bootstrap';
import { displayTitle } from '@/lib/display-title';
import { tablePageQueryOptions, useTableExport, type TableExport } from './table-api';
import { columnTitleKey, columnWidth, formatCell, isNarrowTable, rowKeyOf, wrapsText } from './table-columns';
import {
  clampPage,
  columnSortOrder,
  pageSizeOf,
  sortFromSorter,
  tableSettings,
  type TableSort,
} from './table-query';
import styles from './table-views.module.css';
import type { WidgetViewProps } from '@/widgets/shared/view-types';

/*
 * The table widgets (reports spec §2 "widget kinds", §9 tables; docs/widgets-tables.md): ODataTable (NPS per
 * channel) and SurveyAnswersTable (one row per answered session). They fetch for themselves, a page at a time
 * (the card renders them only once the filters are applied); page sizes 5, 10, 20, 25, 50 with 5 first; sorting
 * when the Config allows it; a hint when the widget is narrower than full width; an Excel button for
 * report:export holders when the Config asks for it.
 */

type Row = WidgetTablePage['Items'][number];

export function ODataTableView(props: WidgetViewProps) {
  return <TableWidget {...props} />;
}

export function SurveyAnswersTableView(props: WidgetViewProps) {
  return <TableWidget {...props} />;
}

function TableWidget({ widget, kind, request, endpoint }: WidgetViewProps) {
  const { t, i18n } = useTranslation('widgetTables');
  const settings = useMemo(() => tableSettings(widget.config), [widget.config]);
  const scopes = useBootstrap().data?.User.Scopes ?? [];
  const canExport = settings.exportToExcel && hasAnyScope(scopes, ['report:export']);
  const requestKey = JSON.stringify(request);
  // A new filter starts again at the first page; sort and page size stay.
  const [paging, setPaging] = useState({ requestKey, page: 1 });
  const [pageSize, setPageSize] = useState(pageSizeOf(undefined));
  const [sort, setSort] = useState<TableSort | null>(settings.initialSort);
  const page = paging.requestKey === requestKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ requestKey, page: next });

  const query = useQuery(
    tablePageQueryOptions({
      widgetId: widget.id,
      endpoint,
      request,
      page,
      pageSize,
      sort,
      allowPaging: settings.allowPaging,
    }),
  );
  useEffect(() => {
    // Widget data failures are logged only (reports spec §8); the table shows its no-data state.
    if (query.error) console.error(`table widget ${widget.id}: data failed`, query.error);
  }, [query.error, widget.id]);

  const count = query.data?.Count;
  if (
    count !== undefined &&
    !query.isPlaceholderData &&
    page > 1 &&
    page !== clampPage(page, pageSize, count)
  ) {
    setPage(clampPage(page, pageSize, count));
  }

  if (query.isPending) {
    return (
      <div className={styles.state}>
        <Spin />
      </div>
    );
  }
  if (query.isError || query.data.Count === 0) return <NoData />;

  const data = query.data;
  const locale = i18n.language;
  const respondentType = (type: number) =>
    t(`respondentType.${type}` as 'respondentType.0', { defaultValue: '' });
  const wrap = wrapsText(widget.width, data.Columns.length);
  const columns: TableColumnsType<Row> = data.Columns.map((column) => {
    const sortable = settings.allowSorting && column.Sortable !== false;
    return {
      key: column.Field,
      dataIndex: column.Field,
      title: t(columnTitleKey(column) as 'column.Channel', { defaultValue: column.Field }),
      align: column.Type === 'number' ? 'end' : 'start',
      width: columnWidth(column, wrap),
      ellipsis: wrap ? false : { showTitle: true },
      className: wrap && column.Field === 'Comment' ? styles.comment : undefined,
      sorter: sortable,
      sortOrder: sortable ? columnSortOrder(sort, column.Field) : null,
      sortDirections: ['ascend', 'descend'],
      render: (value: Row[string]) => formatCell(column, value, { locale, respondentType }),
    };
  });
  const title =
    displayTitle(widget.title ?? '', (key) => t(key as 'noData', { defaultValue: key })).trim() ||
    t(kind === 'SurveyAnswersTable' ? 'title.answers' : 'title.channelTable');
  const narrow = isNarrowTable(widget.width);

  return (
    <div className={styles.table}>
      {(narrow || canExport) && (
        <div className={styles.toolbar}>
          {narrow && <Alert className={styles.hint} type="info" showIcon title={t('narrowHint')} />}
          {canExport && <ExportButton endpoint={endpoint} request={request} sort={sort} fileName={title} />}
        </div>
      )}
      <Table<Row>
        size="small"
        aria-label={t('tableLabel', { title })}
        rowKey={(row) => rowKeyOf(row, data.Items.indexOf(row))}
        columns={columns}
        dataSource={data.Items}
        loading={query.isFetching}
        tableLayout={wrap ? 'auto' : 'fixed'}
        scroll={wrap ? undefined : { x: 'max-content' }}
        pagination={
          settings.allowPaging && {
            current: page,
            pageSize,
            total: data.Count,
            pageSizeOptions: [...TABLE_PAGE_SIZES],
            showSizeChanger: true,
            size: 'small',
            showTotal: (total) => t('total', { count: total }),
          }
        }
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            setSort(sortFromSorter(Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter));
            setPage(1);
          } else if (extra.action === 'paginate') {
            const nextSize = pageSizeOf(pagination.pageSize);
            setPage(nextSize === pageSize ? (pagination.current ?? 1) : 1);
            setPageSize(nextSize);
          }
        }}
      />
    </div>
  );
}

function NoData() {
  const { t } = useTranslation('widgetTables');
  return (
    <div className={styles.state} role="status">
      <InboxOutlined aria-hidden="true" className={styles.stateIcon} />
      <Typography.Text>{t('noData')}</Typography.Text>
      <Typography.Text type="secondary">{t('noDataHint')}</Typography.Text>
    </div>
  );
}

/** Excel export of the whole table, in its order (reports spec §6 report:export; Config.exportToExcel). */
function ExportButton(props: TableExport) {
  const { t } = useTranslation('widgetTables');
  const exporting = useTableExport();
  return (
    <Button
      size="small"
      icon={<FileExcelOutlined />}
      loading={exporting.isPending}
      aria-label={t('export.label')}
      onClick={() => exporting.mutate(props)}
    >
      {t('export.button')}
    </Button>
  );
}
