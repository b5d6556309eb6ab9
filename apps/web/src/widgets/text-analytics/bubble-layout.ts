import { bubbleSizeRange, type BubbleData, type SentimentSlice } from '@loupe/contracts';
import { packSiblings } from 'd3-hierarchy';

/*
 * The topics bubble chart's drawing as data (reports spec §3 bubble chart, §9 bubble sizes; docs/widgets-text-
 * analytics.md): one bubble per topic, its diameter from the spec's size band scaled by the topic's comment
 * count, its colour from its net sentiment, and the bubbles packed together around the middle of the widget.
 * Pure, so the view only draws and the tests assert the sizes, colours and positions.
 */

export type BubbleRow = BubbleData['CategorySummaryDataResults'][number];

/** The four sentiment slices in the order the chart, its tooltip and its legend show them. */
export const SLICE_ORDER: readonly SentimentSlice[] = ['Positive', 'Neutral', 'Negative', 'Unclassified'];

/** Slice colours (antd's success, warning, error and a grey), also the ends of the net-sentiment scale. */
export const SENTIMENT_COLORS: Readonly<Record<SentimentSlice, string>> = {
  Positive: '#52c41a',
  Neutral: '#faad14',
  Negative: '#ff4d4f',
  Unclassified: '#bfbfbf',
};

/**
 * Bubble diameters in pixels (reports spec §9): the band of `bubbleSizeRange(number of topics)`, the topic with
 * the most comments at its top, the one with the fewest at its bottom, areas in between growing with the count
 * (diameter linear in its square root). Topics that all have the same count are drawn at the top of the band.
 */
export function bubbleDiameters(totals: readonly number[]): number[] {
  const [min, max] = bubbleSizeRange(totals.length);
  const roots = totals.map((total) => Math.sqrt(Math.max(0, total)));
  const low = Math.min(...roots);
  const high = Math.max(...roots);
  return roots.map((root) => (high === low ? max : min + ((max - min) * (root - low)) / (high - low)));
}

/** A topic's counts per slice; the slices add up to its TotalCount. */
export function sliceCounts(row: BubbleRow): Record<SentimentSlice, number> {
  return {
    Positive: row.Positive,
    Neutral: row.Neutral,
    Negative: row.Negative,
    Unclassified: row.Unclassified,
  };
}

/**
 * Net sentiment of a topic, -1..1: (positive − negative) / classified mentions, where the classified ones are
 * the positive, neutral and negative ones. Null when none is classified (only unclassified mentions).
 */
export function netSentiment(row: Pick<BubbleRow, 'Positive' | 'Neutral' | 'Negative'>): number | null {
  const classified = row.Positive + row.Neutral + row.Negative;
  return classified > 0 ? (row.Positive - row.Negative) / classified : null;
}

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf([red, green, blue]: Rgb): string {
  return `#${[red, green, blue].map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: string, to: string, share: number): string {
  const a = rgbOf(from);
  const b = rgbOf(to);
  return hexOf([0, 1, 2].map((index) => a[index]! + (b[index]! - a[index]!) * share) as Rgb);
}

/**
 * A bubble's colour: red at net sentiment -1, yellow at 0, green at 1, mixed in between; grey when the topic
 * has no classified mention.
 */
export function sentimentColor(net: number | null): string {
  if (net === null || !Number.isFinite(net)) return SENTIMENT_COLORS.Unclassified;
  const clamped = Math.max(-1, Math.min(1, net));
  return clamped < 0
    ? mix(SENTIMENT_COLORS.Neutral, SENTIMENT_COLORS.Negative, -clamped)
    : mix(SENTIMENT_COLORS.Neutral, SENTIMENT_COLORS.Positive, clamped);
}

/** Dark or white text, whichever reads better on `background` (WCAG relative luminance). */
export function readableTextColor(background: string): string {
  const [red, green, blue] = rgbOf(background).map((part) => {
    const channel = part / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): black wins above L ≈ 0.179.
  return luminance > 0.179 ? '#141414' : '#ffffff';
}

/** A packed circle: its centre and radius in pixels, the middle of the layout at (0, 0). */
export type Circle = { x: number; y: number; r: number };

/** Space between neighbouring bubbles, in pixels. */
export const BUBBLE_GAP = 3;

/** The box around the circles: its middle and size. */
export function boundsOf(circles: readonly Circle[]): {
  cx: number;
  cy: number;
  width: number;
  height: number;
} {
  if (circles.length === 0) return { cx: 0, cy: 0, width: 0, height: 0 };
  const left = Math.min(...circles.map((circle) => circle.x - circle.r));
  const right = Math.max(...circles.map((circle) => circle.x + circle.r));
  const top = Math.min(...circles.map((circle) => circle.y - circle.r));
  const bottom = Math.max(...circles.map((circle) => circle.y + circle.r));
  return { cx: (left + right) / 2, cy: (top + bottom) / 2, width: right - left, height: bottom - top };
}

/** A layout turned by `angle` radians about (0, 0); turning keeps every distance between bubbles. */
function turned(circles: readonly Circle[], angle: number): Circle[] {
  if (angle === 0) return [...circles];
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return circles.map(({ x, y, r }) => ({ x: x * cos - y * sin, y: x * sin + y * cos, r }));
}

/** How large a layout can grow in a chart `aspect` times as wide as it is tall (1 / height of the chart). */
function roomIn(circles: readonly Circle[], aspect: number): number {
  const { width, height } = boundsOf(circles);
  return Math.min(aspect / Math.max(width, 1e-9), 1 / Math.max(height, 1e-9));
}

/**
 * The circles (largest first) dealt in turn to `groups` groups, each packed tight by d3-hierarchy's front-chain
 * packing (packSiblings), and the groups laid side by side `BUBBLE_GAP` apart, the first (with the largest bubble)
 * in the middle and the others to its ends in turn. One group is a plain round pack; as many groups as circles is
 * a row. Answers the circles in the order given.
 */
function inGroups(radii: readonly number[], groups: number): Circle[] {
  const dealt = Array.from({ length: groups }, () => [] as { r: number; rank: number }[]);
  radii.forEach((r, rank) => dealt[rank % groups]!.push({ r, rank }));
  const result = new Array<Circle>(radii.length);
  const ends = { start: 0, end: 0 };
  dealt.forEach((members, group) => {
    // Each circle padded by half the gap, so packed neighbours stay a whole gap apart.
    const packed = packSiblings(members.map(({ r }) => ({ r: r + BUBBLE_GAP / 2 })));
    const circles = packed.map(({ x, y }, index) => ({ x, y, r: members[index]!.r }));
    const { cx, cy, width } = boundsOf(circles);
    let middle = 0;
    if (group === 0) {
      ends.start = -width / 2;
      ends.end = width / 2;
    } else if (group % 2 === 1) {
      middle = ends.end + BUBBLE_GAP + width / 2;
      ends.end += BUBBLE_GAP + width;
    } else {
      middle = ends.start - BUBBLE_GAP - width / 2;
      ends.start -= BUBBLE_GAP + width;
    }
    circles.forEach((circle, index) => {
      result[members[index]!.rank] = { x: circle.x - cx + middle, y: circle.y - cy, r: circle.r };
    });
  });
  return result;
}

/** Turns tried for a round pack, 5° apart; half a turn more gives the same box. */
const TURNS = Array.from({ length: 36 }, (_, step) => (step * Math.PI) / 36);

/**
 * Packs circles of the given diameters around (0, 0), `BUBBLE_GAP` pixels apart, to fill a widget `aspect` times
 * (width / height) as wide as it is tall. d3-hierarchy's front-chain packing (packSiblings) makes a round group,
 * which a wide widget leaves half empty, so the layouts tried are: the bubbles in a row of 2 to n packed groups
 * (n groups: a plain row), each also as a column for a tall widget, and one round pack turned in 5° steps
 * (turning keeps every distance). The one that lets the bubbles grow most is taken; on a tie the earlier, so a
 * few equal bubbles lie in a plain row. The largest bubble is in the middle group, the first packed. Answers the
 * circles in the order of the diameters given. Deterministic: the same diameters give the same layout.
 */
export function packCircles(diameters: readonly number[], aspect = 1): Circle[] {
  const stretch = aspect > 0 && Number.isFinite(aspect) ? aspect : 1;
  const order = diameters.map((diameter, index) => ({ r: diameter / 2, index })).sort((a, b) => b.r - a.r);
  const radii = order.map(({ r }) => r);
  const layouts: Circle[][] = [];
  for (let groups = radii.length; groups >= 2; groups -= 1) {
    const row = inGroups(radii, groups);
    layouts.push(row, turned(row, Math.PI / 2));
  }
  const round = inGroups(radii, 1);
  layouts.push(...(radii.length > 2 ? TURNS.map((angle) => turned(round, angle)) : [round]));

  let best = { circles: layouts[0]!, room: roomIn(layouts[0]!, stretch) };
  for (const circles of layouts.slice(1)) {
    const room = roomIn(circles, stretch);
    // Clearly more room only, so rounding never flips a tie.
    if (room > best.room * (1 + 1e-9)) best = { circles, room };
  }
  const result = new Array<Circle>(diameters.length);
  order.forEach(({ index }, rank) => {
    result[index] = best.circles[rank]!;
  });
  return result;
}

/** Room left around the packed bubbles inside the chart, in pixels. */
export const BUBBLE_MARGIN = 8;

/** The most the packed bubbles are enlarged to fill a roomy widget. */
const BUBBLE_MAX_SCALE = 2;

/**
 * The circles moved to the middle of a `width` × `height` chart and scaled to fill it: shrunk until they fit,
 * or enlarged up to `BUBBLE_MAX_SCALE` times when there is room (the spec's size bands are pixel sizes made for a
 * small widget; a full-width one would otherwise show a thin band of small bubbles). The sizes keep their ratios.
 */
export function fitCircles(circles: readonly Circle[], width: number, height: number): Circle[] {
  const bounds = boundsOf(circles);
  if (circles.length === 0) return [];
  const room = (size: number, available: number) =>
    size > 0 ? Math.max(0, available - 2 * BUBBLE_MARGIN) / size : BUBBLE_MAX_SCALE;
  const scale = Math.min(BUBBLE_MAX_SCALE, room(bounds.width, width), room(bounds.height, height));
  return circles.map((circle) => ({
    x: (circle.x - bounds.cx) * scale,
    y: (circle.y - bounds.cy) * scale,
    r: circle.r * scale,
  }));
}

/** One drawn bubble: its topic, where it is and how it looks. */
export type BubbleNode = Circle & { row: BubbleRow; color: string; textColor: string };

/** The bubbles of a chart `width` × `height` pixels: sized, coloured, packed and fitted. */
export function bubbleNodes(rows: readonly BubbleRow[], width: number, height: number): BubbleNode[] {
  const diameters = bubbleDiameters(rows.map((row) => row.TotalCount));
  const circles = fitCircles(packCircles(diameters, height > 0 ? width / height : 1), width, height);
  return rows.map((row, index) => {
    const color = sentimentColor(netSentiment(row));
    return { ...circles[index]!, row, color, textColor: readableTextColor(color) };
  });
}

/**
 * A label cut to what fits across a bubble of `diameter` pixels (about 7 pixels a character at 12 px), with an
 * ellipsis; empty when not even three characters fit (the tooltip names the topic).
 */
export function fitLabel(label: string, diameter: number): string {
  const room = Math.floor((diameter - 8) / 7);
  if (room < 3) return '';
  const characters = [...label];
  return characters.length <= room ? label : `${characters.slice(0, room - 1).join('')}…`;
}
