import type { WidgetCatalogueItem } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { formatConfig, starterWidget, withKind } from './widget-config-text';

const item = (overrides: Partial<WidgetCatalogueItem>): WidgetCatalogueItem => ({
  Id: 1,
  Title: 'x',
  Description: '',
  WidgetTypeId: 9,
  WidgetCategoryId: 1,
  WidgetTypeName: 'Card',
  WidgetKind: 'Card',
  WidgetCategoryName: 'General',
  IsAIWidget: false,
  IsEnabled: true,
  IsLocked: false,
  IsSystem: true,
  Config: '{"type":"Card","dataEndpoint":"api/widget-data/card"}',
  ...overrides,
});

describe('widget Config text', () => {
  it('lays stored JSON out and leaves other text alone', () => {
    expect(formatConfig('{"a":1,"b":[2]}')).toBe('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}');
    expect(formatConfig('{broken')).toBe('{broken');
  });

  it('starts from the first system widget of the kind', () => {
    const widgets = [
      item({ Id: 10001, IsSystem: false }),
      item({ Id: 3 }),
      item({ Id: 9 }),
      item({ Id: 1, WidgetKind: 'NpsGaugeChart' }),
    ];
    expect(starterWidget(widgets, 'Card')?.Id).toBe(3);
    expect(starterWidget(widgets, 'NpsGaugeChart')?.Id).toBe(1);
    expect(starterWidget(widgets, 'NpsMap')).toBeUndefined();
  });

  it('sets the type to the kind of a newly chosen widget type', () => {
    expect(withKind('{"type":"Card","x":1}', 'GaugeChart')).toBe('{\n  "type": "GaugeChart",\n  "x": 1\n}');
    expect(withKind('{"type":"Card"}', 'Card')).toBeUndefined();
    expect(withKind('[1]', 'Card')).toBeUndefined();
    expect(withKind('{broken', 'Card')).toBeUndefined();
  });
});
