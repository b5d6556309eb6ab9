import { widgetTypeSchema, type WidgetType, type WidgetTypeSave } from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { WIDGET_TYPES_ENDPOINT, catalogueKeys } from '@/api/widget-catalogue';

type SaveWidgetTypeRequest = SaveRecordRequest<WidgetTypeSave>;

/**
 * `POST /api/widgetTypes` (no id) or `PUT /api/widgetTypes/{id}`: the saved type, or 409 2503 (name exists),
 * 400 2508 (kind of a type widgets use), 403 2504 (a system type), 3333; 404.
 */
function saveWidgetType(request: SaveWidgetTypeRequest): Promise<WidgetType> {
  return saveRecord(WIDGET_TYPES_ENDPOINT, widgetTypeSchema, request);
}

export function useSaveWidgetType() {
  return useSaveRecordMutation(saveWidgetType, {
    endpoint: WIDGET_TYPES_ENDPOINT,
    recordKey: catalogueKeys.type,
    // The widget list shows type names.
    alsoInvalidate: [catalogueKeys.types, catalogueKeys.widgets],
  });
}
