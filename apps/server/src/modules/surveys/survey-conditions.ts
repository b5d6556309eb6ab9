import {
  ErrorCode,
  filterFieldOf,
  filterValues,
  type AudienceCondition,
  type FilterFieldKey,
} from '@loupe/contracts';
import type { Executor } from '../../db/executor.js';
import { fieldRefusal } from '../../core/refusals.js';
import type { ConditionTable, SurveyRepository } from './survey.repository.js';

/** 4023 at the condition's field. */
const conditionInvalid = (path: string, message: string) =>
  fieldRefusal(ErrorCode.AudienceConditionInvalid, path, message);

const TABLE_OF_LOOKUP: Partial<Record<string, ConditionTable>> = {
  channels: 'channels',
  products: 'products',
  locations: 'locations',
  transactionTypes: 'transactionTypes',
};

/**
 * Checks audience (and quota) conditions (surveys spec §5; docs/surveys-wizard.md): each Property a filter-registry
 * row whose scopes include 'audience', its Value in that row's wire shape and not empty, and every id it names one
 * the tenant holds; anything else is 4023 at `{path}.{index}.Property|Value`. Answers the conditions as parsed.
 */
export async function checkedConditions(
  db: Executor,
  repository: SurveyRepository,
  tenantId: number,
  conditions: readonly AudienceCondition[],
  path: string,
): Promise<AudienceCondition[]> {
  const checked: AudienceCondition[] = [];
  for (const [index, condition] of conditions.entries()) {
    const at = `${path}.${index}`;
    const field = filterFieldOf(condition.Property);
    if (!field?.scopes.includes('audience')) throw conditionInvalid(`${at}.Property`, 'Unknown property.');
    const parsed = field.schema.safeParse(condition.Value);
    if (!parsed.success || parsed.data == null) throw conditionInvalid(`${at}.Value`, 'Invalid value.');
    const values = filterValues(condition.Property as FilterFieldKey, parsed.data);
    if (values.length === 0) throw conditionInvalid(`${at}.Value`, 'Choose at least one value.');
    const table = field.lookup ? TABLE_OF_LOOKUP[field.lookup] : undefined;
    if (table) {
      const ids = values.map(Number);
      const known = await repository.existingIds(db, tenantId, table, ids);
      if (ids.some((id) => !known.has(id))) throw conditionInvalid(`${at}.Value`, 'Unknown id.');
    } else if (field.lookup === 'segments') {
      const keys = values.map(String);
      const known = await repository.existingSegments(
        db,
        tenantId,
        keys.map((key) => Number(key.split(';')[1])),
      );
      if (keys.some((key) => !known.has(key))) throw conditionInvalid(`${at}.Value`, 'Unknown segment.');
    }
    checked.push({ Property: condition.Property, Value: parsed.data, Exclude: condition.Exclude });
  }
  return checked;
}
