import type { CatiQueueSurvey } from '@loupe/contracts';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './cati.module.css';

/** Each CATI survey's priority, completes today against its daily quota (0: none) and waiting count. */
export function SurveyStrip({ surveys }: { surveys: readonly CatiQueueSurvey[] }) {
  const { t } = useTranslation('cati');
  return (
    <section aria-label={t('agent.surveys.title')} className={styles.strip}>
      {surveys.map((survey) => (
        <div key={survey.SurveyId} className={styles.stripItem}>
          <Typography.Text strong>{survey.SurveyName}</Typography.Text>
          <div className={styles.stripFacts}>
            <Tag>{t('agent.surveys.priority', { value: survey.Priority })}</Tag>
            <span>
              {survey.DailyQuota > 0
                ? t('agent.surveys.completedToday', {
                    number: survey.CompletedToday,
                    quota: survey.DailyQuota,
                  })
                : t('agent.surveys.completedTodayNoQuota', { number: survey.CompletedToday })}
            </span>
            <span>{t('agent.surveys.waiting', { number: survey.Waiting })}</span>
            {survey.QuotaReached && <Tag color="red">{t('agent.surveys.quotaReached')}</Tag>}
          </div>
        </div>
      ))}
    </section>
  );
}
