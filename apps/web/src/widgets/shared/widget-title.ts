import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { displayTitle } from '@/lib/display-title';
import type { PlacedWidget } from './widget-layout';

/**
 * A placed widget's title as the grid shows it: a `{{{namespace:key}}}` title translated, any other as written,
 * "Widget 12" without one. The card names its master widgets with it.
 */
export function useWidgetTitle(): (widget: PlacedWidget) => string {
  const { t } = useTranslation('reports');
  return useCallback(
    (widget: PlacedWidget) =>
      widget.title === undefined
        ? t('widget.untitled', { id: widget.id })
        : displayTitle(widget.title, (key) => t(key as 'widget.untitled', { defaultValue: key })),
    [t],
  );
}
