import { parseJsonObject, type WidgetCatalogueItem, type WidgetKind } from '@loupe/contracts';

/*
 * The Config text of the widget form: laid out for reading, started from a system widget of the chosen kind, and
 * kept in step with the kind when the type changes.
 */

const layOut = (value: unknown) => JSON.stringify(value, null, 2);

/** Stored Config text laid out with two spaces; text that is not JSON stays as it is. */
export function formatConfig(text: string): string {
  try {
    return layOut(JSON.parse(text));
  } catch {
    return text;
  }
}

/** A new widget's Config before a type is chosen: the settings every kind shares. */
export const NEW_WIDGET_CONFIG = layOut({
  showTitle: true,
  showTooltip: true,
  size: { w: 3, h: 2 },
  masterWidgets: [],
  dataFilters: { TimeColumn: 'TransactionDateId' },
});

/** The first system widget of `kind`: a new widget of that kind starts from its Config and category. */
export function starterWidget(
  widgets: readonly WidgetCatalogueItem[],
  kind: WidgetKind,
): WidgetCatalogueItem | undefined {
  return widgets.find((widget) => widget.IsSystem && widget.WidgetKind === kind);
}

/** `text` with its `type` set to `kind`; undefined when the text is not a JSON object (left for the user). */
export function withKind(text: string, kind: WidgetKind): string | undefined {
  const config = parseJsonObject(text);
  if (!config || config.type === kind) return undefined;
  return layOut({ ...config, type: kind });
}
