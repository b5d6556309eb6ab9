import type { WidgetKind } from '@loupe/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { displayTitle } from '@/lib/display-title';

/**
 * The catalogue's names as a user reads them: `title(name)` translates a `{{{widgetCatalogue:…}}}` key (system
 * entries) and leaves a tenant's own name as written; `kind(kind)` names a widget kind.
 */
export function useCatalogueText() {
  const { t } = useTranslation('widgetCatalogue');
  // A key title names its namespace (`widgetCatalogue:widget.npsGauge`), which i18next reads at run time.
  const title = useCallback(
    (name: string) => displayTitle(name, (key) => t(key as 'widgets.title', { defaultValue: key })),
    [t],
  );
  const kind = useCallback((value: WidgetKind) => t(`type.${value}`), [t]);
  return { title, kind };
}
