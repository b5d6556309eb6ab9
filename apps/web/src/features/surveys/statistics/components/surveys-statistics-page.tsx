import { Card, Empty, Spin, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { SurveysStatistics } from '@loupe/contracts';
import { AdminPage } from '@/components/admin-page/admin-page';
import { LaterRelease } from '@/components/later-release';
import { useIsBuiltPath } from '@/lib/built-screens';
import { useSurveysStatistics } from '../api/get-surveys-statistics';
import { isEmptyFunnel } from '../statistics-charts';
import {
  callerTimezoneOffset,
  queryFromParams,
  queryToParams,
  type StatisticsQuery,
} from '../statistics-query';
import { ChannelTable } from './channel-table';
import { funnelColumns } from './funnel-columns';
import { FunnelFigures } from './funnel-figures';
import { OverTimeCard } from './over-time-card';
import { StatisticsFilters } from './statistics-filters';
import { LoadError } from './load-error';
import styles from './statistics.module.css';
import { useStatisticsTexts, type StatisticsTexts } from './use-statistics-texts';

type SurveyRow = SurveysStatistics['Surveys'][number];

/**
 * `/surveys/statistics` (survey:read): every survey's invitation funnel in a date range — totals, a sortable row
 * per survey leading to its own statistics, by channel and over time. The query lives in the address.
 */
export function SurveysStatisticsPage() {
  const { t } = useTranslation('surveyStats');
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(params, dayjs());
  const offset = callerTimezoneOffset(new Date());
  const statistics = useSurveysStatistics(query, offset);
  const texts = useStatisticsTexts();
  const setQuery = (next: StatisticsQuery) => setParams(queryToParams(next), { replace: true });

  let content;
  if (statistics.isPending) {
    content = <Spin className={styles.state} />;
  } else if (statistics.isError) {
    content = <LoadError error={statistics.error} onRetry={() => void statistics.refetch()} />;
  } else if (isEmptyFunnel(statistics.data.Total)) {
    content = (
      <Empty
        className={styles.state}
        description={
          <>
            <strong>{t('statistics.empty')}</strong>
            <br />
            {t('statistics.emptyHint')}
          </>
        }
      />
    );
  } else {
    const data = statistics.data;
    content = (
      <>
        <FunnelFigures funnel={data.Total} texts={texts} />
        <SurveyTable
          rows={data.Surveys}
          texts={texts}
          search={new URLSearchParams(queryToParams({ ...query, surveyIds: [] })).toString()}
        />
        <div className={styles.cards}>
          <ChannelTable rows={data.ByChannel} texts={texts} />
          <OverTimeCard rows={data.OverTime} period={query.period} texts={texts} />
        </div>
      </>
    );
  }

  return (
    <AdminPage
      title={t('statistics.title')}
      headerExtra={<StatisticsFilters query={query} onChange={setQuery} showSurveys />}
    >
      {content}
    </AdminPage>
  );
}

/** A row per survey, sortable by every figure; the title opens the survey's statistics with the same range. */
function SurveyTable({
  rows,
  texts,
  search,
}: {
  rows: readonly SurveyRow[];
  texts: StatisticsTexts;
  search: string;
}) {
  const { t } = useTranslation('surveyStats');
  const isBuiltPath = useIsBuiltPath();
  const columns = useMemo(
    () =>
      funnelColumns<SurveyRow>(texts, { response: t('rates.response'), completion: t('rates.completion') }),
    [texts, t],
  );
  return (
    <Card title={t('statistics.bySurvey')} size="small" data-testid="survey-table">
      <Table<SurveyRow>
        size="small"
        rowKey="SurveyId"
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        dataSource={[...rows]}
        columns={[
          {
            key: 'Title',
            dataIndex: 'Title',
            title: t('columns.survey'),
            fixed: 'start',
            sorter: (a, b) => a.Title.localeCompare(b.Title),
            render: (title: string, row) => {
              const path = `/surveys/${row.SurveyId}/stats`;
              // The survey's statistics belong to the surveys screen, which a build may not have yet.
              return isBuiltPath(path) ? (
                <Link to={`${path}?${search}`} aria-label={t('statistics.openSurvey', { title })}>
                  {title}
                </Link>
              ) : (
                <LaterRelease label={t('statistics.openSurvey', { title })}>{title}</LaterRelease>
              );
            },
          },
          ...columns,
        ]}
      />
    </Card>
  );
}
