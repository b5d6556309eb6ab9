import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { confidenceView, type ConfidenceData } from './confidence';
import type { NumberFormats } from './widget-format';
import styles from './confidence-facts.module.css';

/**
 * Under a gauge's or card's figure: its 95 % interval "95 % CI 12.3 – 45.6" (read out as "95 % confidence interval
 * from 12.3 to 45.6") and a "Small sample" tag whose tooltip names the minimum. Nothing without ShowConfidence.
 */
export function ConfidenceFacts({
  data,
  format,
}: {
  data: ConfidenceData;
  format: NumberFormats['score'] | NumberFormats['integer'];
}) {
  const { t } = useTranslation('widgets');
  const view = confidenceView(data, format);
  if (!view) return null;
  const hint = t('confidence.smallSampleHint', { minimum: view.minimum ?? '' });
  return (
    <div className={styles.confidence}>
      {view.interval ? (
        <span
          className={styles.interval}
          role="note"
          aria-label={t('confidence.intervalLabel', view.interval)}
        >
          {t('confidence.interval', view.interval)}
        </span>
      ) : (
        <span className={styles.interval}>{t('confidence.noInterval')}</span>
      )}
      {view.smallSample && (
        <Tooltip title={hint}>
          <Tag color="orange" tabIndex={0} aria-description={hint}>
            {t('confidence.smallSample')}
          </Tag>
        </Tooltip>
      )}
    </div>
  );
}
