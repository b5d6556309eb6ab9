import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@loupe/contracts';
import { AppError } from '../../errors.js';
import { SYSTEM_WIDGETS, SYSTEM_WIDGET_TYPES } from './widget-catalogue.data.js';
import { isAiWidget, isAiWidgetType, widgetDefaultConfig } from './widget-default-config.js';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? { status: error.statusCode, code: error.errorCode } : error;
  }
  return undefined;
};

describe('widgetDefaultConfig', () => {
  it('sets the type from the widget type and normalises the size', () => {
    expect(widgetDefaultConfig('{"dataEndpoint":"api/widget-data/nps"}', 'NpsGaugeChart')).toEqual({
      dataEndpoint: 'api/widget-data/nps',
      type: 'NpsGaugeChart',
      size: { w: 3, h: 2 },
    });
    expect(
      widgetDefaultConfig(
        '{"dataEndpoint":"api/widget-data/card","type":"Card","size":{"w":1,"h":5}}',
        'Card',
      ),
    ).toMatchObject({ size: { w: 2, h: 2 } });
  });

  it.each([
    ['{}'],
    ['[]'],
    ['"api/widget-data/nps"'],
    ['{"dataEndpoint":"api/"}'],
    ['{"dataEndpoint":"api/widget-data/nps?x=1"}'],
    ['{"dataEndpoint":"/api/widget-data/nps"}'],
    ['{"dataEndpoint":"api/widget-data/nps","type":"Card"}'],
  ])('refuses %s with 2505', (text) => {
    expect(refusal(() => widgetDefaultConfig(text, 'NpsGaugeChart'))).toEqual({
      status: 400,
      code: ErrorCode.WidgetConfigInvalid,
    });
  });

  it('accepts every system default Config', () => {
    for (const widget of SYSTEM_WIDGETS) {
      expect(widgetDefaultConfig(JSON.stringify(widget.config), widget.kind)).toEqual(widget.config);
    }
  });
});

describe('isAiWidget', () => {
  const base = { categoryId: 1, categoryIsAi: false, typeIsAi: false, kind: 'Card' as const, config: '{}' };

  it('is true for an AI category, an AI type or kind, or a text-analytics endpoint', () => {
    expect(isAiWidget(base)).toBe(false);
    expect(isAiWidget({ ...base, categoryId: 9 })).toBe(true);
    expect(isAiWidget({ ...base, categoryId: 10 })).toBe(true);
    expect(isAiWidget({ ...base, categoryId: 10001, categoryIsAi: true })).toBe(true);
    expect(isAiWidget({ ...base, typeIsAi: true })).toBe(true);
    expect(isAiWidget({ ...base, kind: 'EmotionCurveChart' })).toBe(true);
    expect(isAiWidget({ ...base, config: '{"dataEndpoint":"api/text-analytics/trend"}' })).toBe(true);
    expect(isAiWidget({ ...base, config: '{broken' })).toBe(false);
  });

  it('makes a type of an AI kind an AI type', () => {
    expect(isAiWidgetType('CommentsHighlightChart', false)).toBe(true);
    expect(isAiWidgetType('Card', false)).toBe(false);
    expect(isAiWidgetType('Card', true)).toBe(true);
    expect(SYSTEM_WIDGET_TYPES.filter((type) => type.isAi)).toHaveLength(5);
  });
});
