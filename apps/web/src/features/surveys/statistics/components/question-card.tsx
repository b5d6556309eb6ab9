import type { SurveyStatistics } from '@loupe/contracts';
import { Card, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/components/echart';
import { distributionHeight, distributionOption } from '../statistics-charts';
import styles from './statistics.module.css';
import type { StatisticsTexts } from './use-statistics-texts';

type Question = SurveyStatistics['Questions'][number];

/**
 * One question's card: how many sessions answered it, how many stopped after it, and for a closed question its
 * answers per choice as bars with each choice's share.
 */
export function QuestionCard({ question, texts }: { question: Question; texts: StatisticsTexts }) {
  const { t } = useTranslation('surveyStats');
  const { formats, rtl } = texts;
  const option = useMemo(
    () => distributionOption({ question, seriesName: t('survey.answers'), formats, rtl }),
    [question, t, formats, rtl],
  );
  const counted = question.Distribution.some((choice) => choice.Count > 0);
  return (
    <Card
      size="small"
      title={
        // A question in another script than the interface reads in its own direction (its "?" at its end).
        <span title={question.Text} dir="auto">
          {question.Text}
        </span>
      }
      extra={<Typography.Text type="secondary">{question.QuestionTypeName}</Typography.Text>}
      data-testid={`question-${question.QuestionId}`}
    >
      <dl className={styles.questionCounts}>
        <div>
          <dt>{t('survey.answered')}</dt>
          <dd className={styles.figureValue} data-testid="answered">
            {formats.count(question.Answered)}
          </dd>
        </div>
        <div>
          <dt>
            <Tooltip title={t('survey.dropOffHelp')}>{t('survey.dropOff')}</Tooltip>
          </dt>
          <dd className={styles.figureValue} data-testid="drop-off">
            {formats.count(question.DropOff)}
          </dd>
        </div>
      </dl>
      {question.Distribution.length === 0 ? (
        <Typography.Text type="secondary">{t('survey.openEnded')}</Typography.Text>
      ) : counted ? (
        <EChart
          option={option}
          height={distributionHeight(question.Distribution.length)}
          label={`${question.Text}: ${question.Distribution.map((choice) => `${choice.Label} ${formats.count(choice.Count)}`).join('; ')}`}
        />
      ) : (
        <Typography.Text type="secondary">{t('survey.noAnswers')}</Typography.Text>
      )}
    </Card>
  );
}
