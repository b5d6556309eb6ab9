import {
  AI_WIDGET_CATEGORY_IDS,
  type WidgetCatalogueItem,
  type WidgetCategory,
  type WidgetDialogTab,
} from '@loupe/contracts';

/*
 * The widget choice of the add flow (reports spec §2): tabs General and TextAnalytics (the AI categories 9 and
 * 10), a category list per tab, a search by title, and which widgets cannot be chosen and why (§6).
 */

/** Whether a catalogue entry is a text-analytics widget: an AI widget, or one in an AI category. */
export function isAiEntry(item: Pick<WidgetCatalogueItem, 'IsAIWidget' | 'WidgetCategoryId'>): boolean {
  return item.IsAIWidget || AI_WIDGET_CATEGORY_IDS.includes(item.WidgetCategoryId);
}

/** The tab a category is listed under. */
function tabOfCategory(category: Pick<WidgetCategory, 'Id' | 'IsAIWidgetType'>): WidgetDialogTab {
  return category.IsAIWidgetType || AI_WIDGET_CATEGORY_IDS.includes(category.Id)
    ? 'TextAnalytics'
    : 'General';
}

/** The categories of a tab, in the catalogue's order. */
export function categoriesOfTab(
  categories: readonly WidgetCategory[],
  tab: WidgetDialogTab,
): WidgetCategory[] {
  return categories.filter((category) => tabOfCategory(category) === tab);
}

/** The tab a widget is listed under. */
function tabOfWidget(item: WidgetCatalogueItem): WidgetDialogTab {
  return isAiEntry(item) ? 'TextAnalytics' : 'General';
}

/** Text compared without case or accents, so that 'nps' finds 'NPS' and 'guven' finds 'güven'. */
export function searchable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .toLocaleLowerCase('en');
}

/**
 * The widgets to show. A search term (trimmed, not empty) looks through every widget's title in the user's
 * language, whatever the tab and category; without one the tab's widgets are shown, of the chosen category
 * (undefined: all of the tab's).
 */
export function widgetsToShow({
  widgets,
  tab,
  categoryId,
  search,
  titleOf,
}: {
  widgets: readonly WidgetCatalogueItem[];
  tab: WidgetDialogTab;
  categoryId: number | undefined;
  search: string;
  titleOf: (item: WidgetCatalogueItem) => string;
}): WidgetCatalogueItem[] {
  const term = searchable(search.trim());
  if (term !== '') return widgets.filter((item) => searchable(titleOf(item)).includes(term));
  return widgets.filter(
    (item) => tabOfWidget(item) === tab && (categoryId === undefined || item.WidgetCategoryId === categoryId),
  );
}

/**
 * Why a widget cannot be chosen: 'aiModule' for a text-analytics widget while the AI module is off (the dialog
 * shows the info note and the get-in-touch button), 'locked' for a widget not enabled or locked for the
 * caller; undefined when it can be chosen.
 */
export function lockReasonOf(
  item: WidgetCatalogueItem,
  aiModuleActive: boolean,
): 'aiModule' | 'locked' | undefined {
  if (isAiEntry(item) && !aiModuleActive) return 'aiModule';
  if (item.IsLocked || !item.IsEnabled) return 'locked';
  return undefined;
}
