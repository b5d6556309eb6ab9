import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Alert, Card, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  OVERVIEW_COUNTER_KEYS,
  OVERVIEW_COUNTER_SCOPES,
  hasAnyScope,
  type OverviewCounter,
  type OverviewCounterKey,
} from '@loupe/contracts';
import { OVERVIEW_DAYS, useOverview } from '../api/overview';
import styles from './home-page.module.css';

/** Whether more is better (answers, imports) or worse (open alerts); active surveys are not judged. */
const MORE_IS: Record<OverviewCounterKey, 'good' | 'bad' | 'neutral'> = {
  imports: 'good',
  answers: 'good',
  activeSurveys: 'neutral',
  openAlerts: 'bad',
};

/** The home page's counters (docs/overview.md): each a link to its screen, with its change against the period before. */
export function OverviewCounters({ scopes }: { scopes: readonly string[] }) {
  const { t } = useTranslation('home');
  const overview = useOverview({ enabled: true });
  const expected = OVERVIEW_COUNTER_KEYS.filter((key) => hasAnyScope(scopes, OVERVIEW_COUNTER_SCOPES[key]));
  if (expected.length === 0) return null;

  return (
    <section aria-labelledby="overview-title" className={styles.counters}>
      <Typography.Title level={2} id="overview-title" className={styles.countersTitle}>
        {t('overview.title', { days: OVERVIEW_DAYS })}
      </Typography.Title>
      {overview.isError ? (
        <Alert type="warning" showIcon message={t('overview.loadFailed')} />
      ) : (
        <ul className={styles.grid}>
          {overview.data
            ? overview.data.Counters.map((counter) => (
                <li key={counter.Key}>
                  <CounterCard counter={counter} />
                </li>
              ))
            : expected.map((key) => (
                <li key={key} aria-busy="true">
                  <Card>
                    <Skeleton active paragraph={{ rows: 1 }} title={{ width: '60%' }} />
                  </Card>
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}

function CounterCard({ counter }: { counter: OverviewCounter }) {
  const { t, i18n } = useTranslation('home');
  const label = t(`overview.${counter.Key}`);
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  return (
    <Link to={`/${counter.Path}`} className={styles.counterLink} data-testid={`overview-${counter.Key}`}>
      <Card hoverable className={styles.counterCard}>
        <Statistic title={label} value={counter.Value} formatter={(value) => number(Number(value))} />
        <ChangeLine counter={counter} />
      </Card>
    </Link>
  );
}

function ChangeLine({ counter }: { counter: OverviewCounter }) {
  const { t, i18n } = useTranslation('home');
  const days = OVERVIEW_DAYS;
  if (counter.Previous === undefined)
    return <Typography.Text type="secondary">{t('overview.noHistory')}</Typography.Text>;
  if (counter.Change === null)
    return <Typography.Text type="secondary">{t('overview.noPrevious', { days })}</Typography.Text>;
  if (counter.Change === 0)
    return <Typography.Text type="secondary">{t('overview.unchanged', { days })}</Typography.Text>;
  const up = counter.Change > 0;
  const judged = MORE_IS[counter.Key];
  const good = judged === 'neutral' ? undefined : (judged === 'good') === up;
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
    Math.abs(counter.Change),
  );
  return (
    <Typography.Text type={good === undefined ? 'secondary' : good ? 'success' : 'danger'}>
      {up ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />}{' '}
      {t(up ? 'overview.up' : 'overview.down', { percent, days })}
    </Typography.Text>
  );
}
