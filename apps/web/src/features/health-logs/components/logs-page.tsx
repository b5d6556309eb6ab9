import { LOG_LEVELS, serverLogRowSchema, type LogLevel, type ServerLogRow } from '@loupe/contracts';
import { Button, DatePicker, Input, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { LOGS_ENDPOINT } from '../api/health-check';
import { DATE_TIME_FORMAT, DATE_TIME_SECONDS_FORMAT, LEVEL_COLORS } from '../health-format';
import styles from './health-logs.module.css';
import { LogLineDrawer } from './log-line-drawer';

type Range = [Dayjs, Dayjs];

/** The last 24 hours, to the minute: the server's default range. */
const lastDay = (): Range => [
  dayjs().subtract(1, 'day').startOf('minute'),
  dayjs().add(1, 'minute').startOf('minute'),
];

/**
 * `/logs` (log:monitor; surveys spec §9): the server's own log lines, newest first, filtered by level, time range,
 * request id and message text (the grid's search box), with the grid's Excel export. An operator reads every line,
 * a tenant's reader the lines of its tenant's requests (docs/health-and-logs.md).
 */
export function LogsPage() {
  const { t } = useTranslation('healthLogs');
  const levelsId = useId();
  const rangeId = useId();
  const requestIdId = useId();
  const [levels, setLevels] = useState<LogLevel[]>([]);
  const [range, setRange] = useState<Range>(lastDay);
  const [requestId, setRequestId] = useState('');
  const [selected, setSelected] = useState<ServerLogRow | undefined>();

  const filterBody = useMemo(
    () => ({
      StartDate: range[0].toISOString(),
      EndDate: range[1].toISOString(),
      ...(levels.length > 0 ? { Levels: levels } : {}),
      ...(requestId.trim() ? { RequestId: requestId.trim() } : {}),
    }),
    [range, levels, requestId],
  );

  const columns: DataGridColumn<ServerLogRow>[] = [
    {
      key: 'Time',
      title: t('logs.fields.time'),
      width: 170,
      render: (value) => (
        <span className={styles.isolate}>
          {typeof value === 'string' ? dayjs(value).format(DATE_TIME_SECONDS_FORMAT) : ''}
        </span>
      ),
    },
    {
      key: 'Level',
      title: t('logs.fields.level'),
      width: 110,
      render: (value) =>
        typeof value === 'string' ? (
          <Tag color={LEVEL_COLORS[value as LogLevel]}>{t(`logs.levels.${value as LogLevel}`)}</Tag>
        ) : null,
    },
    {
      key: 'Message',
      title: t('logs.fields.message'),
      width: 300,
      render: (value) => <span className={styles.message}>{typeof value === 'string' ? value : ''}</span>,
    },
    {
      key: 'RequestId',
      title: t('logs.fields.requestId'),
      width: 200,
      render: (value) => (typeof value === 'string' ? <span className={styles.code}>{value}</span> : ''),
    },
    {
      key: 'Context',
      title: t('logs.fields.context'),
      width: 300,
      sortable: false,
      render: (value) => <span className={styles.contextCell}>{typeof value === 'string' ? value : ''}</span>,
    },
    { key: 'Id', title: t('logs.fields.id'), width: 100, defaultHidden: true },
  ];

  const filtered = levels.length > 0 || requestId.trim() !== '';

  return (
    <AdminPage title={t('logs.title')} intro={t('logs.intro')}>
      <div className={styles.filters} role="group" aria-label={t('logs.filtersLabel')}>
        <div className={styles.filter}>
          <label htmlFor={levelsId}>{t('logs.levelsLabel')}</label>
          <Select<LogLevel[]>
            id={levelsId}
            mode="multiple"
            allowClear
            className={styles.levelSelect}
            placeholder={t('logs.allLevels')}
            value={levels}
            onChange={setLevels}
            options={LOG_LEVELS.map((level) => ({ value: level, label: t(`logs.levels.${level}`) }))}
          />
        </div>
        <div className={styles.filter}>
          <label htmlFor={rangeId}>{t('logs.range.label')}</label>
          <DatePicker.RangePicker
            id={{ start: rangeId }}
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_FORMAT}
            allowClear={false}
            value={range}
            placeholder={[t('logs.range.start'), t('logs.range.end')]}
            onChange={(value) => {
              const [from, to] = value ?? [];
              if (from && to) setRange([from, to]);
            }}
          />
        </div>
        <div className={styles.filter}>
          <label htmlFor={requestIdId}>{t('logs.fields.requestId')}</label>
          <Input
            id={requestIdId}
            allowClear
            maxLength={200}
            placeholder={t('logs.anyRequest')}
            value={requestId}
            onChange={(event) => setRequestId(event.target.value)}
          />
        </div>
        {filtered && (
          <Button
            onClick={() => {
              setLevels([]);
              setRequestId('');
            }}
          >
            {t('logs.clearFilters')}
          </Button>
        )}
      </div>
      <DataGrid<ServerLogRow>
        endpoint={LOGS_ENDPOINT}
        item={serverLogRowSchema}
        rowKey="Id"
        columns={columns}
        filterBody={filterBody}
        searchField="Message"
        defaultOrder="Time desc"
        exportFileName={t('logs.exportFileName')}
        onRowClick={setSelected}
      />
      <LogLineDrawer
        line={selected}
        onClose={() => setSelected(undefined)}
        onShowRequest={(id) => {
          setRequestId(id);
          setLevels([]);
          setSelected(undefined);
        }}
      />
    </AdminPage>
  );
}
