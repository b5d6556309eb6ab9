import type { WidgetKind } from '@loupe/contracts';
import type { FormFilters } from './filter-rules';
import type { WidgetLookups } from './use-widget-lookups';

/** What every filter field of the widget form reads besides its own value. */
export type FieldContext = {
  lookups: WidgetLookups;
  kind: WidgetKind | undefined;
  requiredFilters: readonly string[];
  /** Every filter value as the form holds it now. */
  filters: FormFilters;
  /** The data collector module: the survey fields then offer a source (surveys or data sources). */
  dataCollectorActive: boolean;
  /** The widget's measurement type (its form value, else its Config's): 1 limits the experience choices. */
  measurementType: unknown;
};
