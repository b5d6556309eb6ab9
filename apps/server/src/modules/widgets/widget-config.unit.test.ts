import { describe, expect, it } from 'vitest';
import { clampWidgetWidth, widgetPositionOf as widgetPosition } from '@loupe/contracts';
import { toReportWidgets, widgetConfigOnLoad, widgetConfigToStore } from './widget-config.js';

describe('clampWidgetWidth', () => {
  it('clamps to 2..6, rounds, and falls back to 3', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 100, -1, 0].map(clampWidgetWidth)).toEqual([2, 2, 3, 4, 5, 6, 6, 6, 2, 2]);
    expect(clampWidgetWidth(4.4)).toBe(4);
    expect(clampWidgetWidth(4.5)).toBe(5);
    expect(clampWidgetWidth('5')).toBe(5);
    for (const value of [
      undefined,
      null,
      true,
      false,
      '',
      ' ',
      'wide',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      {},
      [],
    ]) {
      expect(clampWidgetWidth(value), JSON.stringify(value)).toBe(3);
    }
  });
});

describe('widgetConfigToStore', () => {
  it('normalises the size, keeps the other keys and a given position', () => {
    const stored = widgetConfigToStore(
      { title: 'NPS', size: { w: 9, h: 4 }, position: 4, dataFilters: { TimeColumn: 'AnsweredDateId' } },
      () => 99,
    );
    expect(stored).toEqual({
      title: 'NPS',
      size: { w: 6, h: 2 },
      position: 4,
      dataFilters: { TimeColumn: 'AnsweredDateId' },
    });
  });

  it('takes the fallback position when none (or no number) is given, and a default size', () => {
    expect(widgetConfigToStore({}, () => 7)).toEqual({ size: { w: 3, h: 2 }, position: 7 });
    expect(widgetConfigToStore({ position: '2', size: 'big' }, () => 5)).toEqual({
      size: { w: 3, h: 2 },
      position: 5,
    });
  });
});

describe('widgetPosition', () => {
  it('reads finite numbers only', () => {
    expect(widgetPosition({ position: 3 })).toBe(3);
    expect(widgetPosition({ position: 2.6 })).toBe(3);
    expect(widgetPosition({ position: '3' })).toBeUndefined();
    expect(widgetPosition({})).toBeUndefined();
  });
});

describe('widgetConfigOnLoad', () => {
  it('clamps a stored size and leaves text that is not an object alone', () => {
    expect(JSON.parse(widgetConfigOnLoad('{"size":{"w":12,"h":9},"position":1}'))).toEqual({
      size: { w: 6, h: 2 },
      position: 1,
    });
    expect(widgetConfigOnLoad('not json')).toBe('not json');
    expect(widgetConfigOnLoad('[1]')).toBe('[1]');
  });
});

describe('toReportWidgets', () => {
  it('orders by position, those without one last, then by id', () => {
    const row = (id: number, config: object) => ({
      id,
      reportId: 1,
      widgetId: 2,
      config: JSON.stringify(config),
    });
    const widgets = toReportWidgets([
      row(1, {}),
      row(2, { position: 3 }),
      row(3, { position: 1 }),
      row(4, { position: 3 }),
    ]);
    expect(widgets.map((widget) => widget.Id)).toEqual([3, 2, 4, 1]);
    expect(JSON.parse(widgets[3]!.Config)).toEqual({ size: { w: 3, h: 2 } });
  });
});
