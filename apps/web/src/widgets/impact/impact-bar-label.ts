/*
 * The value label at the end of a horizontal bar, shared by the impact, top-phrase and sentiment-by-branch charts
 * (docs/widgets-impact.md). Pure, so the charts' tests assert where each label stands.
 */

/** A bar reaching past this share of its side of the axis carries its label inside its end, in white. */
const INSIDE_LABEL_SHARE = 0.85;

/** Smaller than this (shown as 0.0) a bar gets no label: a row of "0.0" says nothing the empty bar does not. */
const NEGLIGIBLE = 0.05;

export type BarLabel = {
  show: boolean;
  position: 'left' | 'right' | 'insideLeft' | 'insideRight';
  color?: string;
  formatter: () => string;
};

/**
 * The label of a bar of `value` on an axis from `min` to `max`: beyond the bar's end (the start side for a
 * negative bar, the end side otherwise), or inside that end when the bar nearly fills its side and an outer label
 * would run into the names or out of the chart. `rtl` mirrors the sides.
 */
export function barEndLabel({
  value,
  text,
  min,
  max,
  rtl = false,
}: {
  value: number | null;
  text: string;
  min: number;
  max: number;
  rtl?: boolean;
}): BarLabel {
  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';
  const negative = value !== null && value < 0;
  const side = negative ? start : end;
  const room = negative ? -min : max;
  const inside = value !== null && room > 0 && Math.abs(value) > INSIDE_LABEL_SHARE * room;
  return {
    show: value !== null && Math.abs(value) >= NEGLIGIBLE,
    position: inside ? (side === 'left' ? 'insideLeft' : 'insideRight') : side,
    ...(inside ? { color: '#ffffff' } : {}),
    formatter: () => text,
  };
}

/**
 * The label of a branch chart's bar (channel performance, sentiment by branch; docs/widgets-charts.md "Branch
 * chart"): always on the end side, where no names stand — a positive bar's beyond its end (inside it when it
 * nearly fills the axis, as barEndLabel), a negative bar's just beside the zero line. A long negative bar's label at
 * its own end would run into the category names on the start side.
 */
export function branchBarLabel({
  value,
  text,
  min,
  max,
  rtl = false,
}: {
  value: number | null;
  text: string;
  min: number;
  max: number;
  rtl?: boolean;
}): BarLabel {
  if (value !== null && value < 0) {
    return { show: true, position: rtl ? 'left' : 'right', formatter: () => text };
  }
  return barEndLabel({ value, text, min, max, rtl });
}
