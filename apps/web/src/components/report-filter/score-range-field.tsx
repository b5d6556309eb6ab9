import type { ScoreRange } from '@loupe/contracts';
import { InputNumber, Slider } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './report-filter.module.css';

/** Scores run from 0 to 10 (reports spec §9: score-range slider 0 to 10). */
const SCORE_MIN = 0;
const SCORE_MAX = 10;

type Props = {
  /** The id of the lowest-score input, which the field's label names. */
  id: string;
  value: ScoreRange | null;
  onChange: (range: ScoreRange | null) => void;
  invalid?: boolean;
};

/**
 * ScoreRange: a 0–10 range slider between the lowest and highest score inputs. An empty input is an open bound;
 * sliding to the whole range 0–10 sets no range.
 */
export function ScoreRangeField({ id, value, onChange, invalid }: Props) {
  const { t } = useTranslation('filters');
  const min = value?.min ?? null;
  const max = value?.max ?? null;
  const change = (range: ScoreRange) => onChange(range.min === null && range.max === null ? null : range);
  const status = invalid ? 'error' : undefined;

  return (
    <div className={styles.scoreRange}>
      <InputNumber<number>
        id={id}
        aria-label={t('scoreRange.min')}
        min={SCORE_MIN}
        max={SCORE_MAX}
        precision={0}
        value={min}
        onChange={(next) => change({ min: next, max })}
        status={status}
        className={styles.scoreInput}
      />
      <Slider
        range
        min={SCORE_MIN}
        max={SCORE_MAX}
        value={[min ?? SCORE_MIN, max ?? SCORE_MAX]}
        onChange={([from = SCORE_MIN, to = SCORE_MAX]) =>
          change(from === SCORE_MIN && to === SCORE_MAX ? { min: null, max: null } : { min: from, max: to })
        }
        ariaLabelForHandle={[t('scoreRange.handleMin'), t('scoreRange.handleMax')]}
      />
      <InputNumber<number>
        aria-label={t('scoreRange.max')}
        min={SCORE_MIN}
        max={SCORE_MAX}
        precision={0}
        value={max}
        onChange={(next) => change({ min, max: next })}
        status={status}
        className={styles.scoreInput}
      />
    </div>
  );
}
