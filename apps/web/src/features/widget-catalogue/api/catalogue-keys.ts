/** The catalogue's endpoints and query keys; a save invalidates the lists under `catalogueKeys.all`. */
export const WIDGET_TYPES_ENDPOINT = '/api/widgetTypes';
export const WIDGET_CATEGORIES_ENDPOINT = '/api/widget-categories';
export const WIDGETS_ENDPOINT = '/api/widgets';

export const catalogueKeys = {
  all: ['widget-catalogue'] as const,
  types: ['widget-catalogue', 'types'] as const,
  type: (id: number) => ['widget-catalogue', 'type', id] as const,
  categories: ['widget-catalogue', 'categories'] as const,
  widgets: ['widget-catalogue', 'widgets'] as const,
  widget: (id: number) => ['widget-catalogue', 'widget', id] as const,
};
