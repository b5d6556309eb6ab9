import { Card, Empty, Result, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { recordIdOf } from '@/components/admin-page/record-id';
import { EChart } from '@/components/echart';
import { ApiError } from '@/lib/api-client';
import { useSurveyStatistics } from '../api/get-survey-statistics';
import { funnelOption, funnelSummary, isEmptyFunnel } from '../statistics-charts';
import { formatDuration } from '../statistics-format';
import {
  callerTimezoneOffset,
  queryFromParams,
  queryToParams,
  type StatisticsQuery,
} from '../statistics-query';
import { ChannelTable } from './channel-table';
import { FunnelFigures } from './funnel-figures';
import { OverTimeCard } from './over-time-card';
import { QuestionCard } from './question-card';
import { StatisticsFilters } from './statistics-filters';
import { LoadError } from './load-error';
import styles from './statistics.module.css';
import { useStatisticsTexts } from './use-statistics-texts';

/**
 * `/surveys/{id}/stats` (survey:read): one survey's funnel in a date range as figures and bars (each stage's share
 * of the invited), by channel, over time, the median completion time, and per question the answers per choice
 * and the drop-off. The range and period come from, and go back to, the all-surveys screen's address.
 */
export function SurveyStatisticsPage() {
  const { t } = useTranslation('surveyStats');
  const id = recordIdOf(useParams().id);
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(params, dayjs());
  const offset = callerTimezoneOffset(new Date());
  const statistics = useSurveyStatistics(id ?? undefined, query, offset);
  const texts = useStatisticsTexts();
  const { formats, rtl, stageLabel, locale } = texts;
  const setQuery = (next: StatisticsQuery) =>
    setParams(queryToParams({ ...next, surveyIds: [] }), { replace: true });
  const funnel = statistics.data?.Funnel;
  const option = useMemo(
    () => funnel && funnelOption({ funnel, stageLabel, formats, rtl }),
    [funnel, stageLabel, formats, rtl],
  );
  const back = {
    to: `/surveys/statistics?${new URLSearchParams(queryToParams({ ...query, surveyIds: [] })).toString()}`,
    label: t('survey.back'),
  };

  let content;
  const notFound = id === null || (statistics.error instanceof ApiError && statistics.error.status === 404);
  if (notFound) {
    content = <Result status="404" title={t('survey.notFound')} />;
  } else if (statistics.isPending) {
    content = <Spin className={styles.state} />;
  } else if (statistics.isError) {
    content = <LoadError error={statistics.error} onRetry={() => void statistics.refetch()} />;
  } else {
    const data = statistics.data;
    const median = data.MedianCompletionSeconds;
    const empty = isEmptyFunnel(data.Funnel);
    content = (
      <>
        <FunnelFigures
          funnel={data.Funnel}
          texts={texts}
          extra={[
            {
              label: t('survey.median'),
              value: median === null ? t('survey.noMedian') : formatDuration(median, locale),
            },
          ]}
        />
        {empty ? (
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
        ) : (
          <>
            <div className={styles.cards}>
              <Card title={t('survey.funnel')} extra={t('survey.funnelHelp')} size="small">
                {option && (
                  <EChart
                    option={option}
                    height={260}
                    label={funnelSummary(data.Funnel, stageLabel, formats)}
                  />
                )}
              </Card>
              <OverTimeCard rows={data.OverTime} period={query.period} texts={texts} />
            </div>
            <ChannelTable rows={data.ByChannel} texts={texts} />
          </>
        )}
        <Typography.Title level={2} className={styles.sectionTitle}>
          {t('survey.questions')}
        </Typography.Title>
        {data.Questions.length === 0 ? (
          <Typography.Text type="secondary">{t('survey.noQuestions')}</Typography.Text>
        ) : (
          <div className={styles.questions}>
            {data.Questions.map((question) => (
              <QuestionCard key={question.QuestionId} question={question} texts={texts} />
            ))}
          </div>
        )}
      </>
    );
  }

  return (
    <AdminPage
      title={statistics.data ? t('survey.title', { title: statistics.data.Title }) : t('survey.titleLoading')}
      back={back}
      headerExtra={<StatisticsFilters query={query} onChange={setQuery} showSurveys={false} />}
    >
      {content}
    </AdminPage>
  );
}
