/** What other modules may use of this module (docs/architecture.md, "Server layers"); the rest is its own. */
export { aiModuleActive } from './widget-catalogue.repository.js';
export { catalogueWidget } from './widget-catalogue.service.js';
export {
  checkedWidgetConfig,
  requireJsonObject,
  storedPosition,
  toReportWidgets,
  widgetConfigToStore,
} from './widget-config.js';
