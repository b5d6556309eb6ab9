import { widgetCatalogueItemSchema, type WidgetCatalogueItem, type WidgetSave } from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { WIDGETS_ENDPOINT, catalogueKeys } from '@/api/widget-catalogue';

type SaveCatalogueWidgetRequest = SaveRecordRequest<WidgetSave>;

/**
 * `POST /api/widgets` (no id) or `PUT /api/widgets/{id}`: the saved widget, or 409 2502 (title exists), 400 2505
 * (Config), 403 2504 (a system widget), 3333 (unknown type or category); 404.
 */
function saveCatalogueWidget(request: SaveCatalogueWidgetRequest): Promise<WidgetCatalogueItem> {
  return saveRecord(WIDGETS_ENDPOINT, widgetCatalogueItemSchema, request);
}

export function useSaveCatalogueWidget() {
  return useSaveRecordMutation(saveCatalogueWidget, {
    endpoint: WIDGETS_ENDPOINT,
    recordKey: catalogueKeys.widget,
    alsoInvalidate: [catalogueKeys.widgets],
  });
}
