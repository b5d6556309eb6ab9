import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackLink } from '@/components/admin-page/admin-page';
import { RecordLoader, type RouteRecord } from '@/components/admin-page/record-status';

/** The two record screens of the catalogue, each with its texts under its own key. */
export type CatalogueSection = 'widgetTypes' | 'widgets';

const LIST_PATHS: Record<CatalogueSection, string> = { widgetTypes: '/widget-types', widgets: '/widgets' };

/** The list of `section` and the way back to it. */
export function useCatalogueBack(section: CatalogueSection): BackLink {
  const { t } = useTranslation('widgetCatalogue');
  return { to: LIST_PATHS[section], label: t(`${section}.back`) };
}

/** A record page of `section`: until an edited record is there, the section's heading over its status. */
export function CatalogueRecordLoader<T>({
  section,
  query,
  children,
}: {
  section: CatalogueSection;
  /** The route's record (`useRouteRecord`). */
  query: RouteRecord<T>;
  /** The form: empty on the create route. */
  children: (record: T | undefined) => ReactNode;
}) {
  const { t } = useTranslation('widgetCatalogue');
  return (
    <RecordLoader
      query={query}
      title={t(`${section}.title`)}
      back={useCatalogueBack(section)}
      size="medium"
      notFound={t(`${section}.notFound`)}
      loadFailed={t('record.loadFailed')}
    >
      {children}
    </RecordLoader>
  );
}
