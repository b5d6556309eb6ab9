import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackLink } from '@/components/admin-page/admin-page';
import { RecordLoader, type RouteRecord } from '@/components/admin-page/record-status';

/** The three lists of this feature, each with its texts under its own key. */
export type MetadataSection = 'experiences' | 'weightedGroups' | 'journeyStages';

/** The way back from a record of `section` to its list at `listPath`. */
export function useMetadataBack(section: MetadataSection, listPath: string): BackLink {
  const { t } = useTranslation('experiences');
  return { to: listPath, label: t(`${section}.back`) };
}

/** A record page of `section`: until an edited record is there, the section's heading over its status. */
export function MetadataLoader<T>({
  section,
  listPath,
  query,
  children,
}: {
  section: MetadataSection;
  listPath: string;
  /** The route's record (`useRouteRecord`). */
  query: RouteRecord<T>;
  /** The form: empty on the create route. */
  children: (record: T | undefined) => ReactNode;
}) {
  const { t } = useTranslation('experiences');
  return (
    <RecordLoader
      query={query}
      title={t(`${section}.title`)}
      back={useMetadataBack(section, listPath)}
      size="small"
      notFound={t(`${section}.notFound`)}
      loadFailed={t('record.loadFailed')}
    >
      {children}
    </RecordLoader>
  );
}
