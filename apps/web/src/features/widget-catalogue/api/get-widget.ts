import { widgetCatalogueItemSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { WIDGETS_ENDPOINT, catalogueKeys } from '@/api/widget-catalogue';

/** `GET /api/widgets/{id}`: a system widget or one of the tenant's (404 otherwise). */
export function useCatalogueWidget(id: number | undefined) {
  return useRecordQuery(WIDGETS_ENDPOINT, id, widgetCatalogueItemSchema, catalogueKeys.widget);
}
