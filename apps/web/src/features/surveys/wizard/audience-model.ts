import {
  FILTER_FIELDS,
  PANEL_FILTER_KEYS,
  filterValues,
  type AudienceCondition,
  type PanelFilterKey,
  type ReportFilter,
} from '@loupe/contracts';

/*
 * Audience and quota conditions as the report filter's fields edit them: a condition is one filter-registry
 * property with its wire value (surveys spec §3), and custom data (CustomData1-10) one text each.
 */

/** Until the registry marks its audience rows, the spec's list: channels, products, locations, transaction types, segments. */
const SPEC_AUDIENCE_KEYS: readonly PanelFilterKey[] = [
  'ChannelSet',
  'ProductSet',
  'ChannelLocationSet',
  'TransactionTypeId',
  'Segments',
];

/** The filter properties an audience condition may name: the registry's rows with the 'audience' scope. */
export const AUDIENCE_FILTER_KEYS: readonly PanelFilterKey[] = (() => {
  const marked = PANEL_FILTER_KEYS.filter((key) =>
    (FILTER_FIELDS[key].scopes as readonly string[]).includes('audience'),
  );
  return marked.length > 0 ? marked : SPEC_AUDIENCE_KEYS;
})();

export const CUSTOM_DATA_PROPERTIES = Array.from({ length: 10 }, (_, index) => `CustomData${index + 1}`);

type CustomDataCondition = { Property: string; Value: string; Exclude: boolean };

/** The editor's state of a list of conditions. */
export type ConditionsDraft = {
  filter: ReportFilter;
  excluded: ReadonlySet<string>;
  customData: CustomDataCondition[];
};

function isFilterKey(property: string): property is PanelFilterKey {
  return (AUDIENCE_FILTER_KEYS as readonly string[]).includes(property);
}

export function draftOfConditions(conditions: readonly AudienceCondition[]): ConditionsDraft {
  const filter: Record<string, unknown> = {};
  const excluded = new Set<string>();
  const customData: CustomDataCondition[] = [];
  for (const condition of conditions) {
    if (isFilterKey(condition.Property)) {
      filter[condition.Property] = condition.Value;
      if (condition.Exclude) excluded.add(condition.Property);
    } else if (CUSTOM_DATA_PROPERTIES.includes(condition.Property)) {
      const value = typeof condition.Value === 'string' ? condition.Value : '';
      customData.push({ Property: condition.Property, Value: value, Exclude: condition.Exclude });
    }
  }
  return { filter: filter, excluded, customData };
}

/** The conditions of a draft: every filter field with a value, then each custom-data row with a text. */
export function conditionsOfDraft(draft: ConditionsDraft): AudienceCondition[] {
  const conditions: AudienceCondition[] = [];
  for (const key of AUDIENCE_FILTER_KEYS) {
    const value = (draft.filter as Record<string, unknown>)[key];
    if (filterValues(key, value).length === 0) continue;
    conditions.push({ Property: key, Value: value, Exclude: draft.excluded.has(key) });
  }
  for (const row of draft.customData) {
    const value = row.Value.trim();
    if (!value) continue;
    conditions.push({ Property: row.Property, Value: value, Exclude: row.Exclude });
  }
  return conditions;
}
