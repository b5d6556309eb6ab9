import { widgetTypeSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { WIDGET_TYPES_ENDPOINT, catalogueKeys } from '@/api/widget-catalogue';

/** `GET /api/widgetTypes/{id}`: a system type or one of the tenant's (404 otherwise). */
export function useWidgetType(id: number | undefined) {
  return useRecordQuery(WIDGET_TYPES_ENDPOINT, id, widgetTypeSchema, catalogueKeys.type);
}
