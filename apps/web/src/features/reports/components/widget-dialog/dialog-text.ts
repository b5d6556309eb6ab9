import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { displayTitle } from '@/lib/display-title';

/** A `t` for keys built at run time (`filters.${name}`); the JSON catalogue still holds every one of them. */
export type DynamicT = (key: string, options?: Record<string, unknown>) => string;

/** The widget dialog's `t`, typed, and the same function for keys built at run time. */
export function useDialogText() {
  const { t } = useTranslation('widgetDialog');
  return { t, tx: t as unknown as DynamicT };
}

/**
 * Shows a catalogue title (widget, category, type): `{{{widgetCatalogue:widget.npsGauge}}}` in the user's
 * language, a plain title as written (lib/display-title).
 */
export function useCatalogueTitle(): (title: string) => string {
  const { t } = useTranslation('widgetCatalogue');
  const translate = t as unknown as DynamicT;
  return useCallback(
    (title: string) => displayTitle(title, (key) => translate(key, { defaultValue: key })),
    [translate],
  );
}
