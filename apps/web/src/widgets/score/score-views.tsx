import {
  BAND_COLORS,
  CHART_TALL_AFTER_ROWS,
  CHART_TALL_HEIGHT,
  CHART_MIN_HEIGHT,
  type CardData,
  type GaugeData,
  type NpsGaugeData,
  type SegmentedGaugeData,
} from '@loupe/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/components/echart';
import { DeviationArrow } from './deviation-arrow';
import {
  cardFigure,
  cardValueField,
  gaugeOption,
  npsBreakdown,
  npsDeviation,
  npsGaugeBands,
  NPS_RANGE,
  rankingText,
  scaleOf,
  scoreGaugeBandsOf,
  scoreRangeOf,
  segmentBarOption,
  SEGMENT_GAUGES_MAX,
  showsAsInteger,
  showsDeviation,
} from './score-options';
import { trendMeasure } from '@/widgets/trend/trend-options';
import { ConfidenceFacts } from '@/widgets/shared/confidence-facts';
import { useNumberFormats } from '@/widgets/shared/use-number-formats';
import type { WidgetViewProps } from '@/widgets/shared/view-types';
import { dataFiltersOf } from '@/widgets/shared/widget-data';
import type { NumberFormats } from '@/widgets/shared/widget-format';
import styles from './widget-views.module.css';

/*
 * The score widgets (reports spec §2 kinds, §3 data shapes, §4 deviation arrow and ranking card, §9 gauge bands
 * and number formats). The maths and chart options are in score-options.ts.
 */

const GAUGE_HEIGHT = 200;
const SEGMENT_GAUGE_HEIGHT = 110;
const SHARE_COLOURS = {
  promoters: BAND_COLORS.green,
  neutrals: BAND_COLORS.yellow,
  detractors: BAND_COLORS.red,
};

function useResponses(formats: NumberFormats) {
  const { t } = useTranslation('widgets');
  return (count: number) => t('figure.responseCount', { count, formatted: formats.count(count) });
}

/** NpsGaugeChart: NPS on a −100..100 gauge, the three groups with their shares, the deviation. */
export function NpsGaugeView({ widget, data }: WidgetViewProps<NpsGaugeData>) {
  const { t } = useTranslation('widgets');
  const formats = useNumberFormats();
  const responses = useResponses(formats);
  const option = useMemo(
    () =>
      gaugeOption({
        value: data.Value ?? 0,
        ...NPS_RANGE,
        step: 50,
        bands: npsGaugeBands(widget.config),
        valueText: formats.score(data.Value),
        tickText: formats.tick,
      }),
    [data.Value, widget.config, formats],
  );
  const breakdown = npsBreakdown(data);
  const deviation = showsDeviation(widget.config) ? npsDeviation(data) : null;
  const shares = breakdown.map((item) =>
    t('nps.share', {
      name: t(`nps.${item.key}`),
      count: formats.count(item.count),
      share: formats.percent(item.share),
    }),
  );

  return (
    <div className={styles.score}>
      <EChart
        option={option}
        height={GAUGE_HEIGHT}
        label={t('nps.gaugeLabel', {
          value: formats.score(data.Value),
          responses: formats.count(data.Responses),
          breakdown: shares.join(', '),
        })}
      />
      <div className={styles.scoreFacts}>
        <span>{responses(data.Responses)}</span>
        {deviation !== null && <DeviationArrow value={deviation} formats={formats} />}
      </div>
      <ConfidenceFacts data={data} format={formats.score} />
      <ul className={styles.breakdown}>
        {breakdown.map((item) => (
          <li key={item.key} className={styles.breakdownItem}>
            <span className={styles.dot} style={{ background: SHARE_COLOURS[item.key] }} aria-hidden />
            <span>{t(`nps.${item.key}`)}</span>
            <strong>{formats.count(item.count)}</strong>
            <span className={styles.share}>{formats.percent(item.share)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** GaugeChart: an average score on the scale's gauge (0..10 or 1..5), its responses and deviation. */
export function GaugeView({ widget, data }: WidgetViewProps<GaugeData>) {
  const { t } = useTranslation('widgets');
  const formats = useNumberFormats();
  const responses = useResponses(formats);
  const scale = scaleOf(dataFiltersOf(widget.config));
  const range = scoreRangeOf(scale);
  const option = useMemo(() => {
    const ownScale = scaleOf(dataFiltersOf(widget.config));
    const { min, max } = scoreRangeOf(ownScale);
    return gaugeOption({
      value: data.Value ?? min,
      min,
      max,
      step: ownScale === 5 ? 1 : 2,
      bands: scoreGaugeBandsOf(widget.config, ownScale),
      valueText: formats.score(data.Value),
      tickText: formats.tick,
    });
  }, [data.Value, widget.config, formats]);
  const deviation = showsDeviation(widget.config) ? data.Deviation : null;

  return (
    <div className={styles.score}>
      <EChart
        option={option}
        height={GAUGE_HEIGHT}
        label={t('gauge.label', {
          name: t('figure.score'),
          value: formats.score(data.Value),
          min: formats.count(range.min),
          max: formats.count(range.max),
          responses: formats.count(data.Responses),
        })}
      />
      <div className={styles.scoreFacts}>
        <span>{responses(data.Responses)}</span>
        {deviation !== null && <DeviationArrow value={deviation} formats={formats} />}
      </div>
      <ConfidenceFacts data={data} format={formats.score} />
    </div>
  );
}

/** SegmentedGaugeChart: a small NPS gauge per segment; beyond six segments, a bar per segment. */
export function SegmentedGaugeView({ widget, data }: WidgetViewProps<SegmentedGaugeData>) {
  const { t } = useTranslation('widgets');
  const formats = useNumberFormats();
  const responses = useResponses(formats);
  const segments = data.SegmentData;
  const bars = segments.length > SEGMENT_GAUGES_MAX;
  const options = useMemo(() => {
    const bands = npsGaugeBands(widget.config);
    if (segments.length > SEGMENT_GAUGES_MAX) {
      return {
        bars: segmentBarOption({
          data,
          bands,
          formats,
          responsesLabel: (count) => t('figure.responseCount', { count, formatted: formats.count(count) }),
        }),
        gauges: [],
      };
    }
    return {
      bars: undefined,
      gauges: segments.map((segment) =>
        gaugeOption({
          value: segment.SegmentValue ?? 0,
          ...NPS_RANGE,
          step: 50,
          bands,
          valueText: formats.score(segment.SegmentValue),
          tickText: formats.tick,
          compact: true,
        }),
      ),
    };
  }, [data, segments, widget.config, formats, t]);
  const describe = (segment: SegmentedGaugeData['SegmentData'][number]) =>
    t('gauge.segmentLabel', {
      name: segment.SegmentName,
      value: formats.score(segment.SegmentValue),
      responses: formats.count(segment.SegmentResponseCount),
    });

  if (bars && options.bars) {
    return (
      <EChart
        option={options.bars}
        height={segments.length > CHART_TALL_AFTER_ROWS ? CHART_TALL_HEIGHT : CHART_MIN_HEIGHT}
        label={t('gauge.segmentsLabel', { segments: segments.map(describe).join('; ') })}
      />
    );
  }
  return (
    <ul className={styles.segments}>
      {segments.map((segment, index) => (
        <li key={`${index}-${segment.SegmentName}`} className={styles.segment}>
          <EChart
            option={options.gauges[index] ?? {}}
            height={SEGMENT_GAUGE_HEIGHT}
            label={describe(segment)}
          />
          <span className={styles.segmentName} title={segment.SegmentName}>
            {segment.SegmentName}
          </span>
          <span className={styles.share}>{responses(segment.SegmentResponseCount)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Card: one figure (Config.valueField: the score n1, or n0 with ShowAsInteger; or the responses n0). */
export function CardView({ widget, data }: WidgetViewProps<CardData>) {
  const { t } = useTranslation('widgets');
  const formats = useNumberFormats();
  const responses = useResponses(formats);
  const dataFilters = dataFiltersOf(widget.config);
  const field = cardValueField(widget.config);
  const figure = cardFigure({ data, field, integer: showsAsInteger(widget.config, dataFilters), formats });
  const measure = trendMeasure(field, dataFilters.MeasurementType);
  const caption = measure === 'count' ? t('figure.responses') : t(`figure.${measure}`);
  const deviation = showsDeviation(widget.config) ? figure.deviation : null;

  return (
    <div className={styles.figure}>
      <span className={styles.figureCaption}>{caption}</span>
      <span className={styles.figureValue}>{figure.text}</span>
      <div className={styles.scoreFacts}>
        {field === 'Value' && <span>{responses(data.Responses)}</span>}
        {deviation !== null && (
          <DeviationArrow
            value={deviation}
            formats={formats}
            of={field === 'Responses' ? 'count' : 'score'}
          />
        )}
      </div>
      {field === 'Value' && (
        <ConfidenceFacts
          data={data}
          format={showsAsInteger(widget.config, dataFilters) ? formats.integer : formats.score}
        />
      )}
    </div>
  );
}

/**
 * RankingCard: the ranked channel's place among its level's channels, "3 / 12", its name and its NPS — the
 * caller's own channel, or the best channel of the selection (docs/widgets-score.md "Card ranking").
 */
export function RankingCardView({ data }: WidgetViewProps<CardData>) {
  const { t } = useTranslation('widgets');
  const formats = useNumberFormats();
  const label = t('figure.rankingLabel', {
    ranking: formats.count(data.Ranking),
    total: formats.count(data.TotalCount),
  });
  return (
    <div className={styles.figure}>
      <span className={styles.figureCaption}>{data.RankedChannel ?? t('figure.ranking')}</span>
      <span className={styles.figureValue} aria-label={label} role="img">
        {rankingText(data, formats)}
      </span>
      <span className={styles.scoreFacts}>
        {data.Ranking === null
          ? data.SmallSample
            ? t('confidence.notRanked', { minimum: data.MinimumSampleSize ?? '' })
            : t('figure.rankingNoChannel')
          : t('figure.rankingValue', { value: formats.score(data.Value) })}
      </span>
      <ConfidenceFacts data={data} format={formats.score} />
    </div>
  );
}
