import { describe, expect, it } from 'vitest';
import { bubbleNodes, type BubbleRow } from './bubble-layout';
import { bubbleSummary, bubbleTooltip, topicBubbleOption, type BubbleTexts } from './bubble-options';
import { numberFormats } from '@/widgets/shared/widget-format';

const texts: BubbleTexts = {
  comments: 'Comments',
  share: 'Share of comments',
  slices: { Positive: 'Positive', Neutral: 'Neutral', Negative: 'Negative', Unclassified: 'Unclassified' },
};
const formats = numberFormats('en');

const staff: BubbleRow = {
  Category: '7',
  CategoryLabel: 'Staff <team>',
  TopicId: 7,
  Positive: 6,
  Neutral: 2,
  Negative: 1,
  Unclassified: 1,
  Percent: 25,
  TotalCount: 10,
};
const waiting: BubbleRow = {
  ...staff,
  Category: '9',
  CategoryLabel: 'Waiting',
  TopicId: 9,
  TotalCount: 4,
  Percent: 10,
};

type Datum = {
  value: [number, number];
  symbolSize: number;
  itemStyle: { opacity: number; borderWidth: number };
  label: { show: boolean; formatter: string };
};

describe('topic bubble chart option', () => {
  it('tells each slice with its count and share of the topic', () => {
    const text = bubbleTooltip(staff, texts, formats).replace(/<span[^>]*><\/span>/g, '');
    expect(text.split('<br/>')).toEqual([
      '<strong>Staff &lt;team&gt;</strong>',
      'Comments: 10',
      'Share of comments: 25.0%',
      'Positive: 6 (60.0%)',
      'Neutral: 2 (20.0%)',
      'Negative: 1 (10.0%)',
      'Unclassified: 1 (10.0%)',
    ]);
  });

  it('draws the bubbles where the layout put them, in pixels', () => {
    const nodes = bubbleNodes([staff, waiting], 600, 280);
    const option = topicBubbleOption({ nodes, width: 600, height: 280, texts, formats });
    expect(option.xAxis).toMatchObject({ min: -300, max: 300, show: false });
    expect(option.yAxis).toMatchObject({ min: -140, max: 140, show: false });
    const data = (option.series as { data: Datum[] }[])[0]!.data;
    // 120 and 40 px from the band, enlarged twice to fill the box (bubble-layout.ts).
    expect(data.map((datum) => datum.symbolSize)).toEqual([240, 80]);
    expect(data.map((datum) => datum.value)).toEqual(nodes.map((node) => [node.x, node.y]));
    expect(data.map((datum) => datum.label.formatter)).toEqual(['Staff <team>\n25.0%', 'Waiting\n10.0%']);
    // 136 px wide leaves the 120 px bubble as packed (one above the other); the 40 px one keeps (40 − 8) / 7 → 4
    // characters of its name.
    const narrow = bubbleNodes([staff, waiting], 136, 280);
    const small = topicBubbleOption({ nodes: narrow, width: 136, height: 280, texts, formats });
    expect((small.series as { data: Datum[] }[])[0]!.data.map((datum) => datum.label.formatter)).toEqual([
      'Staff <team>\n25.0%',
      'Wai…',
    ]);
  });

  it('marks the drilled topic and dims the others', () => {
    const nodes = bubbleNodes([staff, waiting], 600, 280);
    const option = topicBubbleOption({ nodes, width: 600, height: 280, texts, formats, selected: 9 });
    const data = (option.series as { data: Datum[] }[])[0]!.data;
    expect(data.map((datum) => [datum.itemStyle.opacity, datum.itemStyle.borderWidth])).toEqual([
      [0.3, 1],
      [0.92, 3],
    ]);
  });

  it('summarises the chart for screen readers', () => {
    const text = bubbleSummary(
      [waiting, staff],
      ({ count, top, comments, share }) => `${count} topics; ${top} ${comments} ${share}`,
      formats,
    );
    expect(text).toBe('2 topics; Staff <team> 10 25.0%');
  });
});
