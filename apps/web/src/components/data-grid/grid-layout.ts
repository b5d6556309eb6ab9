import { GRID_COLUMN_MAX_WIDTH, GRID_COLUMN_MIN_WIDTH } from '@loupe/contracts';

/*
 * What a user arranges in a grid and keeps on this device, per endpoint: which columns show and how wide they
 * are (shell spec §9: widths 100–300 px). Pure apart from localStorage, which may be missing or refuse.
 */

/** The width a column starts at when the page does not say. */
export const GRID_DEFAULT_COLUMN_WIDTH = 180;
/** How far one arrow key moves a column edge. */
export const GRID_RESIZE_STEP = 10;

/** A width within GRID_COLUMN_MIN_WIDTH..GRID_COLUMN_MAX_WIDTH, whole pixels; not a number → the default. */
export function clampColumnWidth(width: number | undefined): number {
  if (width === undefined || !Number.isFinite(width)) return GRID_DEFAULT_COLUMN_WIDTH;
  return Math.min(GRID_COLUMN_MAX_WIDTH, Math.max(GRID_COLUMN_MIN_WIDTH, Math.round(width)));
}

/**
 * The user's arrangement: `visible` holds only the columns they toggled (a column they never touched follows
 * its `defaultHidden`, so a column added later starts as the page intends); `widths` the ones they resized.
 */
export type GridLayout = { visible: Record<string, boolean>; widths: Record<string, number> };

export const EMPTY_GRID_LAYOUT: GridLayout = { visible: {}, widths: {} };

export function gridLayoutStorageKey(endpoint: string): string {
  return `loupe.grid.${endpoint}`;
}

function recordOf<V>(value: unknown, isValue: (item: unknown) => item is V): Record<string, V> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, V] => isValue(entry[1])));
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Reads a stored layout; anything missing or malformed reads as no choices made. */
export function parseGridLayout(text: string | null): GridLayout {
  if (!text) return EMPTY_GRID_LAYOUT;
  try {
    const parsed = JSON.parse(text) as Partial<Record<keyof GridLayout, unknown>> | null;
    if (typeof parsed !== 'object' || parsed === null) return EMPTY_GRID_LAYOUT;
    const widths = recordOf(parsed.widths, isNumber);
    return {
      visible: recordOf(parsed.visible, isBoolean),
      widths: Object.fromEntries(
        Object.entries(widths).map(([key, width]) => [key, clampColumnWidth(width)]),
      ),
    };
  } catch {
    return EMPTY_GRID_LAYOUT;
  }
}

export function loadGridLayout(endpoint: string): GridLayout {
  try {
    return parseGridLayout(localStorage.getItem(gridLayoutStorageKey(endpoint)));
  } catch {
    return EMPTY_GRID_LAYOUT;
  }
}

export function saveGridLayout(endpoint: string, layout: GridLayout): void {
  try {
    localStorage.setItem(gridLayoutStorageKey(endpoint), JSON.stringify(layout));
  } catch {
    // Storage may be full or refused (a private window); the layout then lasts for this page only.
  }
}

type ColumnLike = { key: string; defaultHidden?: boolean | undefined; width?: number | undefined };

export function isColumnVisible(column: ColumnLike, layout: GridLayout): boolean {
  return layout.visible[column.key] ?? !column.defaultHidden;
}

/** The keys of the columns that show, in the page's order. */
export function visibleColumnKeys(columns: readonly ColumnLike[], layout: GridLayout): string[] {
  return columns.filter((column) => isColumnVisible(column, layout)).map((column) => column.key);
}

/**
 * Shows or hides a column. The last visible column cannot be hidden: a grid without columns could not be
 * brought back by looking at it.
 */
export function toggleColumn(
  columns: readonly ColumnLike[],
  layout: GridLayout,
  key: string,
  visible: boolean,
): GridLayout {
  if (!visible) {
    const shown = visibleColumnKeys(columns, layout);
    if (shown.length <= 1 && shown.includes(key)) return layout;
  }
  return { ...layout, visible: { ...layout.visible, [key]: visible } };
}

export function columnWidth(column: ColumnLike, layout: GridLayout): number {
  return clampColumnWidth(layout.widths[column.key] ?? column.width);
}

export function resizeColumn(layout: GridLayout, key: string, width: number): GridLayout {
  return { ...layout, widths: { ...layout.widths, [key]: clampColumnWidth(width) } };
}

/**
 * The width after dragging a column's end edge by `deltaX` screen pixels from `startWidth`. In a
 * right-to-left page the end edge is on the left, so moving left widens the column.
 */
export function draggedWidth({
  startWidth,
  deltaX,
  direction,
}: {
  startWidth: number;
  deltaX: number;
  direction: 'ltr' | 'rtl';
}): number {
  return clampColumnWidth(startWidth + (direction === 'rtl' ? -deltaX : deltaX));
}
