import {
  parseJsonObject,
  widgetPositionOf,
  widgetSizeOf,
  type JsonObject,
  type ReportWidget,
} from '@loupe/contracts';

/*
 * The report page's widget grid as data (reports spec §2, §4, §9): widgets in order of their Config.position,
 * widths clamped to 2..6 units of 2 columns each, and the swap/reorder a drag makes. Pure, so the grid
 * component only renders and the rules are unit-tested.
 */

/** Grid columns of the report page; a width unit spans two. */
const GRID_COLUMNS = 12;
const COLUMNS_PER_WIDTH_UNIT = 2;

/**
 * A widget's Config JSON as read from its text (`parseJsonObject`, malformed or non-object text reads as `{}`):
 * the page reads size, position, title and showTitle, the rest is kept for the widget itself.
 */
export type WidgetConfig = JsonObject;

/** A widget placed on the grid. */
export type PlacedWidget = {
  id: number;
  widgetId: number;
  /** Width in units (2..6). */
  width: number;
  position: number;
  title: string | undefined;
  showTitle: boolean;
  config: WidgetConfig;
};

/** Width units clamped to 2..6 (reports spec §4: "clamped on load", as the server does); 3 when absent or not a number. */
export function widgetWidth(config: WidgetConfig): number {
  return widgetSizeOf(config).w;
}

/** The grid columns a widget spans. */
export function columnSpan(width: number): number {
  return Math.min(GRID_COLUMNS, width * COLUMNS_PER_WIDTH_UNIT);
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The report's widgets in grid order: by Config.position, widgets without one after those with one, ties by
 * id (the order they were added).
 */
export function placeWidgets(widgets: readonly ReportWidget[]): PlacedWidget[] {
  return widgets
    .map((widget): PlacedWidget => {
      const config = parseJsonObject(widget.Config) ?? {};
      return {
        id: widget.Id,
        widgetId: widget.WidgetId,
        width: widgetWidth(config),
        position: widgetPositionOf(config) ?? Number.POSITIVE_INFINITY,
        title: textOf(config.title) ?? textOf(config.widgetTitle),
        // Shown unless the config turns it off.
        showTitle: config.showTitle !== false,
        config,
      };
    })
    .sort((a, b) => a.position - b.position || a.id - b.id);
}

/** How a drop changes the order: equal-width widgets trade places, others move in before or after the target. */
export type MoveKind = 'swap' | 'reorder';

export function moveKind(widgets: readonly PlacedWidget[], activeId: number, overId: number): MoveKind {
  const active = widgets.find((widget) => widget.id === activeId);
  const over = widgets.find((widget) => widget.id === overId);
  return active && over && active.width === over.width ? 'swap' : 'reorder';
}

/**
 * The order after dropping `activeId` on `overId`: a swap trades the two places; a reorder takes the dragged
 * widget out and puts it where the target was (the ones between shift by one). Unknown ids or a drop on itself
 * leave the order as it was (the same array).
 */
export function moveWidget<T extends { id: number }>(
  widgets: readonly T[],
  { activeId, overId, kind }: { activeId: number; overId: number; kind: MoveKind },
): readonly T[] {
  const from = widgets.findIndex((widget) => widget.id === activeId);
  const to = widgets.findIndex((widget) => widget.id === overId);
  if (from < 0 || to < 0 || from === to) return widgets;
  const next = [...widgets];
  if (kind === 'swap') {
    [next[from], next[to]] = [next[to]!, next[from]!];
    return next;
  }
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * The widget Configs to save for an order: each widget's position becomes its place (1, 2, …); only the
 * widgets whose position changes are listed, the rest of their Config kept as it was.
 */
export function positionUpdates(ordered: readonly PlacedWidget[]): { Id: number; Config: string }[] {
  return ordered.flatMap((widget, index) =>
    widget.position === index + 1
      ? []
      : [{ Id: widget.id, Config: JSON.stringify({ ...widget.config, position: index + 1 }) }],
  );
}

/** The report's widgets with the new Configs applied (what the page shows while the save is under way). */
export function withConfigs(
  widgets: readonly ReportWidget[],
  updates: readonly { Id: number; Config: string }[],
): ReportWidget[] {
  const changed = new Map(updates.map((update) => [update.Id, update.Config]));
  return widgets.map((widget) => ({ ...widget, Config: changed.get(widget.Id) ?? widget.Config }));
}
