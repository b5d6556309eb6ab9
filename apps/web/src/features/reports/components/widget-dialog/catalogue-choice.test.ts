import type { WidgetCatalogueItem, WidgetCategory } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { categoriesOfTab, isAiEntry, lockReasonOf, searchable, widgetsToShow } from './catalogue-choice';

const category = (Id: number, Name: string, IsAIWidgetType = false): WidgetCategory => ({
  Id,
  Name,
  IsAIWidgetType,
  IsSystem: true,
});

const CATEGORIES = [
  category(1, 'General'),
  category(2, 'NPS'),
  category(9, 'Text analytics', true),
  category(10, 'Comments', true),
  // A tenant category of an AI type.
  category(11, 'Our AI', true),
];

const widget = (
  Id: number,
  Title: string,
  WidgetCategoryId: number,
  extra: Partial<WidgetCatalogueItem> = {},
): WidgetCatalogueItem => ({
  Id,
  Title,
  Description: '',
  WidgetTypeId: 1,
  WidgetCategoryId,
  WidgetTypeName: 'Card',
  WidgetKind: 'Card',
  WidgetCategoryName: '',
  IsAIWidget: WidgetCategoryId === 9 || WidgetCategoryId === 10,
  IsEnabled: true,
  IsLocked: false,
  IsSystem: true,
  Config: '{}',
  ...extra,
});

const WIDGETS = [
  widget(1, 'NPS gauge', 2),
  widget(2, 'Response card', 1),
  widget(3, 'Topic bubbles', 9),
  widget(4, 'Comment highlights', 10),
  widget(5, 'Güven skoru', 2),
];

const show = (tab: 'General' | 'TextAnalytics', categoryId?: number, search = '') =>
  widgetsToShow({ widgets: WIDGETS, tab, categoryId, search, titleOf: (item) => item.Title }).map(
    (item) => item.Id,
  );

describe('widget choice (reports spec §2)', () => {
  it('lists the AI categories (9, 10, and AI types) under TextAnalytics, the rest under General', () => {
    expect(categoriesOfTab(CATEGORIES, 'General').map((item) => item.Id)).toEqual([1, 2]);
    expect(categoriesOfTab(CATEGORIES, 'TextAnalytics').map((item) => item.Id)).toEqual([9, 10, 11]);
  });

  it("shows a tab's widgets, or one category's", () => {
    expect(show('General')).toEqual([1, 2, 5]);
    expect(show('General', 2)).toEqual([1, 5]);
    expect(show('TextAnalytics')).toEqual([3, 4]);
    expect(show('TextAnalytics', 10)).toEqual([4]);
  });

  it('searches every title, whatever the tab, without case or accents', () => {
    expect(show('General', 1, 'topic')).toEqual([3]);
    expect(show('TextAnalytics', undefined, ' nps ')).toEqual([1]);
    expect(show('General', undefined, 'guven')).toEqual([5]);
    expect(show('General', undefined, 'zzz')).toEqual([]);
    expect(searchable('GÜVEN Işık')).toBe('guven isik');
  });

  it('locks AI widgets while the AI module is off, and widgets not enabled or locked', () => {
    expect(lockReasonOf(WIDGETS[2]!, false)).toBe('aiModule');
    expect(lockReasonOf(WIDGETS[2]!, true)).toBeUndefined();
    expect(lockReasonOf(widget(6, 'Off', 1, { IsEnabled: false }), true)).toBe('locked');
    expect(lockReasonOf(widget(7, 'Locked', 1, { IsLocked: true }), false)).toBe('locked');
    expect(lockReasonOf(WIDGETS[0]!, false)).toBeUndefined();
    expect(isAiEntry(widget(8, 'AI kind elsewhere', 3, { IsAIWidget: true }))).toBe(true);
  });
});
