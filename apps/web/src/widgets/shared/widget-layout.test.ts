import { parseJsonObject, type ReportWidget } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  columnSpan,
  moveKind,
  moveWidget,
  placeWidgets,
  positionUpdates,
  widgetWidth,
  withConfigs,
} from './widget-layout';

function widget(id: number, config: Record<string, unknown> | string): ReportWidget {
  return {
    Id: id,
    ReportId: 1,
    WidgetId: 100 + id,
    Config: typeof config === 'string' ? config : JSON.stringify(config),
  };
}

const ids = (widgets: readonly { id: number }[]) => widgets.map((item) => item.id);

describe('placing widgets', () => {
  it('orders widgets by position, those without one last, ties by id', () => {
    const placed = placeWidgets([
      widget(1, { position: 3 }),
      widget(2, {}),
      widget(3, { position: 1 }),
      widget(4, { position: 3 }),
      widget(5, 'not json'),
      widget(6, { position: 2 }),
    ]);
    expect(ids(placed)).toEqual([3, 6, 1, 4, 2, 5]);
  });

  it('clamps widths to 2..6 units, 3 when missing, and spans 2 columns per unit', () => {
    expect(widgetWidth({ size: { w: 1, h: 9 } })).toBe(2);
    expect(widgetWidth({ size: { w: 9 } })).toBe(6);
    expect(widgetWidth({ size: { w: 4 } })).toBe(4);
    expect(widgetWidth({ size: { w: '5' } })).toBe(5);
    expect(widgetWidth({})).toBe(3);
    expect(widgetWidth({ size: { w: 'wide' } })).toBe(3);
    expect([2, 3, 6].map(columnSpan)).toEqual([4, 6, 12]);
  });

  it('takes the title from title or widgetTitle and shows it unless showTitle is false', () => {
    const [first, second, third] = placeWidgets([
      widget(1, { position: 1, title: 'NPS', showTitle: false }),
      widget(2, { position: 2, widgetTitle: 'Trend' }),
      widget(3, { position: 3, title: '  ' }),
    ]);
    expect([first?.title, first?.showTitle]).toEqual(['NPS', false]);
    expect([second?.title, second?.showTitle]).toEqual(['Trend', true]);
    expect(third?.title).toBeUndefined();
  });

  it('reads malformed or non-object Config as empty', () => {
    expect(parseJsonObject('{') ?? {}).toEqual({});
    expect(parseJsonObject('[1,2]') ?? {}).toEqual({});
    expect(parseJsonObject('null') ?? {}).toEqual({});
  });
});

describe('dragging widgets', () => {
  const placed = placeWidgets([
    widget(1, { position: 1, size: { w: 3 } }),
    widget(2, { position: 2, size: { w: 3 } }),
    widget(3, { position: 3, size: { w: 6 } }),
    widget(4, { position: 4, size: { w: 2 } }),
  ]);

  it('swaps widgets of the same width and reorders others', () => {
    expect(moveKind(placed, 1, 2)).toBe('swap');
    expect(moveKind(placed, 1, 3)).toBe('reorder');
    expect(moveKind(placed, 1, 99)).toBe('reorder');
  });

  it('swaps two places and leaves the others', () => {
    expect(ids(moveWidget(placed, { activeId: 1, overId: 4, kind: 'swap' }))).toEqual([4, 2, 3, 1]);
  });

  it('moves a widget forwards or backwards to the target place, shifting those between', () => {
    expect(ids(moveWidget(placed, { activeId: 1, overId: 3, kind: 'reorder' }))).toEqual([2, 3, 1, 4]);
    expect(ids(moveWidget(placed, { activeId: 4, overId: 2, kind: 'reorder' }))).toEqual([1, 4, 2, 3]);
  });

  it('leaves the order alone for a drop on itself or an unknown widget', () => {
    expect(moveWidget(placed, { activeId: 2, overId: 2, kind: 'swap' })).toBe(placed);
    expect(moveWidget(placed, { activeId: 2, overId: 42, kind: 'reorder' })).toBe(placed);
  });

  it('saves the new places 1..n for the widgets that moved, keeping the rest of their Config', () => {
    const moved = moveWidget(placed, { activeId: 1, overId: 3, kind: 'reorder' });
    const updates = positionUpdates(moved);
    expect(updates.map((update) => [update.Id, JSON.parse(update.Config) as unknown])).toEqual([
      [2, { position: 1, size: { w: 3 } }],
      [3, { position: 2, size: { w: 6 } }],
      [1, { position: 3, size: { w: 3 } }],
    ]);
    expect(positionUpdates(placed)).toEqual([]);
  });

  it('gives widgets without a position one when the order is saved', () => {
    const unplaced = placeWidgets([widget(7, {}), widget(8, { title: 'A' })]);
    expect(positionUpdates(unplaced).map((update) => JSON.parse(update.Config) as unknown)).toEqual([
      { position: 1 },
      { title: 'A', position: 2 },
    ]);
  });

  it('applies the saved Configs to the report widgets, so the page shows the new order at once', () => {
    const widgets = [widget(1, { position: 1 }), widget(2, { position: 2 })];
    const swapped = withConfigs(
      widgets,
      positionUpdates(moveWidget(placeWidgets(widgets), { activeId: 1, overId: 2, kind: 'swap' })),
    );
    expect(ids(placeWidgets(swapped))).toEqual([2, 1]);
    expect(widgets[0]?.Config).toBe('{"position":1}');
  });
});
