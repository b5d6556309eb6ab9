import { describe, expect, it } from 'vitest';
import {
  BUBBLE_GAP,
  BUBBLE_MARGIN,
  boundsOf,
  bubbleDiameters,
  bubbleNodes,
  fitCircles,
  fitLabel,
  netSentiment,
  packCircles,
  readableTextColor,
  sentimentColor,
  type BubbleRow,
  type Circle,
} from './bubble-layout';

const row = (TopicId: number, label: string, counts: [number, number, number, number]): BubbleRow => {
  const [Positive, Neutral, Negative, Unclassified] = counts;
  const TotalCount = Positive + Neutral + Negative + Unclassified;
  return {
    Category: String(TopicId),
    CategoryLabel: label,
    TopicId,
    Positive,
    Neutral,
    Negative,
    Unclassified,
    Percent: TotalCount,
    TotalCount,
  };
};

function expectApart(circles: readonly Circle[], gap = BUBBLE_GAP) {
  for (const [i, a] of circles.entries()) {
    for (const b of circles.slice(i + 1)) {
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(a.r + b.r + gap - 1e-6);
    }
  }
}

describe('bubble sizes (reports spec §9)', () => {
  it('spreads the diameters over the band of fewer than 10 topics, areas growing with the count', () => {
    // Square roots 10, 5, 0 over 40..120 px.
    expect(bubbleDiameters([100, 25, 0])).toEqual([120, 80, 40]);
  });

  it('uses the smaller bands from 10 and from 15 topics', () => {
    const twelve = bubbleDiameters([...Array.from({ length: 11 }, () => 1), 4]);
    expect(Math.min(...twelve)).toBe(30);
    expect(Math.max(...twelve)).toBe(90);
    const twenty = bubbleDiameters([...Array.from({ length: 19 }, () => 0), 9]);
    expect(Math.min(...twenty)).toBe(20);
    expect(Math.max(...twenty)).toBe(64);
  });

  it('draws topics with equal counts at the top of the band', () => {
    expect(bubbleDiameters([7, 7])).toEqual([120, 120]);
    expect(bubbleDiameters([])).toEqual([]);
  });
});

describe('bubble colours', () => {
  it('reads net sentiment as (positive − negative) / classified mentions', () => {
    expect(netSentiment({ Positive: 6, Neutral: 2, Negative: 2 })).toBe(0.4);
    expect(netSentiment({ Positive: 1, Neutral: 0, Negative: 3 })).toBe(-0.5);
    expect(netSentiment({ Positive: 0, Neutral: 0, Negative: 0 })).toBeNull();
  });

  it('goes from red through yellow to green, grey without a classified mention', () => {
    expect(sentimentColor(-1)).toBe('#ff4d4f');
    expect(sentimentColor(0)).toBe('#faad14');
    expect(sentimentColor(1)).toBe('#52c41a');
    // Half way from #faad14 to #52c41a: (250+82)/2, (173+196)/2 rounded, (20+26)/2.
    expect(sentimentColor(0.5)).toBe('#a6b917');
    expect(sentimentColor(-3)).toBe('#ff4d4f');
    expect(sentimentColor(null)).toBe('#bfbfbf');
  });

  it('writes dark text on light bubbles and white on dark ones', () => {
    expect(readableTextColor('#faad14')).toBe('#141414');
    expect(readableTextColor('#ff4d4f')).toBe('#141414');
    expect(readableTextColor('#1f1f1f')).toBe('#ffffff');
  });
});

describe('bubble packing', () => {
  it('puts the next bubble beside the largest, along the longer side', () => {
    const wide = packCircles([40, 40], 2);
    expect(wide.map((circle) => circle.r)).toEqual([20, 20]);
    expect(wide[1]!.y).toBeCloseTo(wide[0]!.y);
    expect(Math.abs(wide[1]!.x - wide[0]!.x)).toBeCloseTo(43);
    const tall = packCircles([40, 40], 0.5);
    expect(tall[1]!.x).toBeCloseTo(tall[0]!.x);
    expect(Math.abs(tall[1]!.y - tall[0]!.y)).toBeCloseTo(43);
  });

  it('places the third bubble on the free side of a wide layout', () => {
    expect(packCircles([40, 40, 40], 2).map(({ x, y }) => [x, y])).toEqual([
      [0, 0],
      [43, 0],
      [-43, 0],
    ]);
  });

  it('answers the circles in the order given, the largest placed first, nearest the middle', () => {
    const circles = packCircles([20, 120, 60, 40, 30], 1.5);
    expect(circles.map((circle) => circle.r)).toEqual([10, 60, 30, 20, 15]);
    const { cx, cy } = boundsOf(circles);
    const fromMiddle = circles.map(({ x, y }) => Math.hypot(x - cx, y - cy));
    expect(Math.min(...fromMiddle)).toBe(fromMiddle[1]);
  });

  it('packs many bubbles round in a square widget and along the longer side of a wide or tall one', () => {
    const diameters = bubbleDiameters([90, 70, 64, 50, 33, 30, 21, 12, 8, 5, 3, 2, 1, 1, 0, 40]);
    const row = diameters.reduce((sum, diameter) => sum + diameter + BUBBLE_GAP, -BUBBLE_GAP);
    const square = boundsOf(packCircles(diameters, 1));
    expect(Math.max(square.width, square.height)).toBeLessThan(row / 3);
    const wide = boundsOf(packCircles(diameters, 2.5));
    expect(wide.width / wide.height).toBeGreaterThan(1.5);
    const tall = boundsOf(packCircles(diameters, 0.4));
    expect(tall.height / tall.width).toBeGreaterThan(1.5);
    // The same diameters draw the same picture.
    expect(packCircles(diameters, 2.5)).toEqual(packCircles(diameters, 2.5));
  });

  it('never overlaps bubbles', () => {
    const diameters = bubbleDiameters([90, 70, 64, 50, 33, 30, 21, 12, 8, 5, 3, 2, 1, 1, 0, 40]);
    const circles = packCircles(diameters, 2.5);
    expect(circles).toHaveLength(16);
    expectApart(circles);
  });

  it('centres the layout in the chart, enlarges it at most twice and shrinks it when it does not fit', () => {
    const pair = packCircles([40, 40], 2);
    // The pair spans 83 px across and 40 px down; 400 × 300 has room for more than twice.
    expect(fitCircles(pair, 400, 300)).toEqual([
      { x: -43, y: 0, r: 40 },
      { x: 43, y: 0, r: 40 },
    ]);
    // 99 px wide leaves 83 px inside the 8 px margins: as packed.
    expect(fitCircles(pair, 99, 300)).toEqual([
      { x: -21.5, y: 0, r: 20 },
      { x: 21.5, y: 0, r: 20 },
    ]);
    // 57.5 px wide leaves 41.5 px inside the 8 px margins: half the size.
    expect(fitCircles(pair, 57.5, 300)).toEqual([
      { x: -10.75, y: 0, r: 10 },
      { x: 10.75, y: 0, r: 10 },
    ]);
    expect(fitCircles([], 100, 100)).toEqual([]);
  });

  it('makes a node per topic with its colour and text colour', () => {
    const nodes = bubbleNodes([row(1, 'Staff', [6, 2, 2, 0]), row(2, 'Waiting', [0, 0, 4, 0])], 600, 280);
    // 120 and 40 px packed side by side (163 × 120 px), enlarged twice in 600 × 280.
    expect(nodes.map((node) => [node.row.TopicId, node.r, node.color])).toEqual([
      [1, 120, sentimentColor(0.4)],
      [2, 40, '#ff4d4f'],
    ]);
    expectApart(nodes);
  });

  it.each([
    [600, 280],
    [200, 280],
    [900, 120],
  ])('keeps every bubble inside a %i × %i chart, inside its margins', (width, height) => {
    const totals = [90, 70, 64, 50, 33, 30, 21, 12, 8, 5, 3, 2, 1, 1, 0, 40];
    const nodes = bubbleNodes(
      totals.map((total, index) => row(index + 1, `Topic ${index + 1}`, [total, 0, 0, 0])),
      width,
      height,
    );
    // Shrunk to fit, the gap shrinks too; bubbles never overlap.
    expectApart(nodes, 0);
    for (const node of nodes) {
      expect(Math.abs(node.x) + node.r).toBeLessThanOrEqual(width / 2 - BUBBLE_MARGIN + 1e-6);
      expect(Math.abs(node.y) + node.r).toBeLessThanOrEqual(height / 2 - BUBBLE_MARGIN + 1e-6);
    }
  });
});

describe('bubble labels', () => {
  it('cuts a name to what fits across the bubble', () => {
    expect(fitLabel('Staff', 60)).toBe('Staff');
    // (60 − 8) / 7 → 7 characters: 6 and an ellipsis.
    expect(fitLabel('Customer service', 60)).toBe('Custom…');
    expect(fitLabel('Şube', 36)).toBe('Şube');
    expect(fitLabel('Customer service', 20)).toBe('');
  });
});
