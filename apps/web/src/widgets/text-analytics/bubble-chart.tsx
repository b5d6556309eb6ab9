import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type EChartsEvents } from '@/components/echart';
import { bubbleNodes, SENTIMENT_COLORS, sentimentColor, type BubbleRow } from './bubble-layout';
import { bubbleSummary, topicBubbleOption, type BubbleTexts } from './bubble-options';
import styles from './bubble-view.module.css';
import { useNumberFormats } from '@/widgets/shared/use-number-formats';

/*
 * The drawing of the topics bubble chart (docs/widgets-text-analytics.md): the packed bubbles, sized to the
 * widget's width as it changes, and the small legend under them.
 */

/** Height of the bubble area, in pixels. */
const BUBBLE_CHART_HEIGHT = 280;

function useBubbleTexts(): BubbleTexts {
  const { t } = useTranslation('widgetTextAnalytics');
  return useMemo(
    () => ({
      comments: t('bubble.comments'),
      share: t('bubble.share'),
      slices: {
        Positive: t('slice.Positive'),
        Neutral: t('slice.Neutral'),
        Negative: t('slice.Negative'),
        Unclassified: t('slice.Unclassified'),
      },
    }),
    [t],
  );
}

/** The width of an element, followed as it resizes; 0 before the first measure. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

type ClickParams = { componentType?: string; dataIndex?: number };

export function TopicBubbleChart({
  rows,
  selected,
  showTooltip,
  onTopic,
}: {
  rows: readonly BubbleRow[];
  /** The TopicId drilled into, marked; the others dimmed. */
  selected: number | null;
  showTooltip: boolean;
  onTopic: (row: BubbleRow) => void;
}) {
  const { t, i18n } = useTranslation('widgetTextAnalytics');
  const texts = useBubbleTexts();
  const formats = useNumberFormats();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const [box, width] = useWidth<HTMLDivElement>();
  const height = BUBBLE_CHART_HEIGHT;

  const nodes = useMemo(() => (width > 0 ? bubbleNodes(rows, width, height) : []), [rows, width, height]);
  const option = useMemo(
    () => topicBubbleOption({ nodes, width, height, texts, formats, selected, showTooltip, rtl }),
    [nodes, width, height, texts, formats, selected, showTooltip, rtl],
  );
  const onEvents = useMemo<EChartsEvents>(
    () => ({
      click: (params: unknown) => {
        const { componentType, dataIndex } = params as ClickParams;
        const node = componentType === 'series' ? nodes[dataIndex ?? -1] : undefined;
        if (node) onTopic(node.row);
      },
    }),
    [nodes, onTopic],
  );
  const label = bubbleSummary(rows, (values) => t('bubble.label', values), formats);

  return (
    <div ref={box} className={styles.chartBox}>
      <EChart option={option} height={height} label={label} onEvents={onEvents} />
    </div>
  );
}

/** What colour and size mean: net sentiment from negative to positive, grey when unclassified only. */
export function BubbleLegend() {
  const { t, i18n } = useTranslation('widgetTextAnalytics');
  // From the negative end (the start of the line) to the positive one, in either writing direction.
  const towards = i18n.dir(i18n.language) === 'rtl' ? 'left' : 'right';
  const gradient = `linear-gradient(to ${towards}, ${sentimentColor(-1)}, ${sentimentColor(0)}, ${sentimentColor(1)})`;
  return (
    <div className={styles.legend} role="group" aria-label={t('bubble.legend')}>
      <span className={styles.legendItem}>
        <span>{t('bubble.legendColour')}</span>
        <span className={styles.legendScale}>
          <span>{t('slice.Negative')}</span>
          <span className={styles.legendGradient} style={{ backgroundImage: gradient }} aria-hidden="true" />
          <span>{t('slice.Positive')}</span>
        </span>
      </span>
      <span className={styles.legendItem}>
        <span
          className={styles.legendDot}
          style={{ background: SENTIMENT_COLORS.Unclassified }}
          aria-hidden="true"
        />
        {t('bubble.legendNoClass')}
      </span>
      <span className={styles.legendItem}>{t('bubble.legendSize')}</span>
    </div>
  );
}
