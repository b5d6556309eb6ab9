import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { BAND_COLORS } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { deviationDirection, type NumberFormats } from '@/widgets/shared/widget-format';
import styles from './widget-views.module.css';

const ICONS = { up: ArrowUpOutlined, down: ArrowDownOutlined, flat: MinusOutlined } as const;
const COLOURS = { up: BAND_COLORS.green, down: BAND_COLORS.red, flat: undefined } as const;

/**
 * The deviation on the previous period of equal length (reports spec §4): an arrow flat at 0, up when positive,
 * down when negative, and the difference: one decimal for a score, whole for a count (`of` 'count').
 */
export function DeviationArrow({
  value,
  formats,
  of = 'score',
}: {
  value: number;
  formats: NumberFormats;
  of?: 'score' | 'count';
}) {
  const { t } = useTranslation('widgets');
  const direction = deviationDirection(value);
  const Icon = ICONS[direction];
  const text = of === 'count' ? formats.countDeviation(value) : formats.deviation(value);
  const size = of === 'count' ? formats.count(Math.abs(value)) : formats.score(Math.abs(value));
  const label = direction === 'flat' ? t('deviation.flat') : t(`deviation.${direction}`, { value: size });
  return (
    <span className={styles.deviation} style={{ color: COLOURS[direction] }} title={label}>
      <Icon aria-hidden />
      <span aria-hidden>{text}</span>
      <span className={styles.visuallyHidden}>{label}</span>
    </span>
  );
}
