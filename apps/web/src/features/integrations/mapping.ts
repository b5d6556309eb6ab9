/*
 * The workflow's parameter mapping (surveys spec §5): one row per field of the chosen action, each taking an
 * event field or a constant; a required action field needs one of them, and the event field wins when both are
 * given (the server applies the same rule when it runs the action).
 */

/** One mapping entry of the API (`Mapping: [{ ActionField, EventField?, Constant? }]`). */
export type MappingEntry = { ActionField: string; EventField?: string | null; Constant?: string | null };

/** An action's field as the actions lookup lists it. */
export type ActionFieldInfo = { Field: string; Required: boolean };

/** One row of the editor. */
export type MappingRow = { ActionField: string; Required: boolean; EventField?: string; Constant?: string };

/** Where a row's value comes from when the action runs. */
export type MappingOrigin = 'event' | 'constant' | 'none';

const filled = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * The editor's rows for an action: its fields in the action's order, each with what `saved` gave it; saved
 * entries of fields the action does not have are dropped (they belonged to another action). An action that takes
 * any field (the webhook: the mapping builds its payload) gets a row per saved entry instead.
 */
export function mappingRows(
  action: { AnyField: boolean; Fields: readonly ActionFieldInfo[] },
  saved: readonly MappingEntry[] = [],
): MappingRow[] {
  const fields = action.AnyField
    ? [
        ...action.Fields,
        ...saved
          .filter((entry) => !action.Fields.some((f) => f.Field === entry.ActionField))
          .map((entry) => ({ Field: entry.ActionField, Required: false })),
      ]
    : action.Fields;
  return fields.map(({ Field, Required }) => {
    const entry = saved.find((item) => item.ActionField === Field);
    return {
      ActionField: Field,
      Required,
      ...(filled(entry?.EventField) ? { EventField: entry.EventField } : {}),
      ...(filled(entry?.Constant) ? { Constant: entry.Constant } : {}),
    };
  });
}

/** The event field wins over a constant; a row with neither gives the action nothing. */
export function mappingOrigin(row: Pick<MappingRow, 'EventField' | 'Constant'>): MappingOrigin {
  if (filled(row.EventField)) return 'event';
  if (filled(row.Constant)) return 'constant';
  return 'none';
}

/** The required action fields that have neither an event field nor a constant. */
export function missingRequiredFields(rows: readonly MappingRow[]): string[] {
  return rows.filter((row) => row.Required && mappingOrigin(row) === 'none').map((row) => row.ActionField);
}

/**
 * The `Mapping` the API saves: the rows that give a value, each with what was entered (both when both are
 * given: the server lets the event field win, and the constant stays for when the event field is cleared).
 * A constant is sent as typed (spaces may matter in a message); an empty one is left out.
 */
export function mappingPayload(rows: readonly MappingRow[]): MappingEntry[] {
  return rows
    .filter((row) => row.ActionField.trim() !== '' && mappingOrigin(row) !== 'none')
    .map((row) => ({
      ActionField: row.ActionField.trim(),
      ...(filled(row.EventField) ? { EventField: row.EventField } : {}),
      ...(filled(row.Constant) ? { Constant: row.Constant } : {}),
    }));
}
