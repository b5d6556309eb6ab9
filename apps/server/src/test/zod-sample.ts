import type { z } from 'zod';

/*
 * A plausible value for a zod schema (zod 4), so that the bad-input suite can send a body that passes every field
 * but the one it spoils, and reach the code behind the schema. Not exhaustive: refinements and patterns may still
 * refuse the sample, which only means that spoiled field is refused earlier.
 */

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

export function sampleOf(schema: z.ZodType, depth = 0): unknown {
  if (depth > 8) return null;
  const def = defOf(schema);
  const bag = (schema as { _zod: { bag?: Record<string, unknown> } })._zod.bag ?? {};
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [key, sampleOf(value, depth + 1)]),
      );
    }
    case 'string': {
      if (bag.format === 'email') return 'sample@example.com';
      if (bag.format === 'url') return 'https://example.com';
      if (bag.format === 'uuid' || bag.format === 'guid') return '00000000-0000-4000-8000-000000000000';
      const min = typeof bag.minimum === 'number' ? bag.minimum : 1;
      return 'Sample1a'.padEnd(Math.max(min, 8), 'x').slice(0, Math.max(min, 8));
    }
    case 'number':
    case 'int': {
      const min = typeof bag.minimum === 'number' && Number.isFinite(bag.minimum) ? bag.minimum : 1;
      return Math.max(min, 1);
    }
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'array':
      return [sampleOf(def.element as z.ZodType, depth + 1)];
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => sampleOf(item, depth + 1));
    case 'union':
      return sampleOf((def.options as z.ZodType[])[0]!, depth + 1);
    case 'intersection':
      return {
        ...(sampleOf(def.left as z.ZodType, depth + 1) as object),
        ...(sampleOf(def.right as z.ZodType, depth + 1) as object),
      };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleOf(def.innerType as z.ZodType, depth + 1);
    case 'pipe':
      return sampleOf(def.in as z.ZodType, depth + 1);
    case 'lazy':
      return sampleOf((def.getter as () => z.ZodType)(), depth + 1);
    case 'record':
      return {};
    case 'date':
      return '2026-01-01';
    default:
      return 'x';
  }
}

/** A path into a JSON value and the value there. */
export type Leaf = { path: (string | number)[]; value: unknown };

/** Every value of a sample (objects and arrays included), deepest last. */
export function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  const here: Leaf = { path, value };
  if (Array.isArray(value))
    return [here, ...value.flatMap((item, index) => leavesOf(item, [...path, index]))];
  if (typeof value === 'object' && value !== null)
    return [here, ...Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]))];
  return [here];
}

/** A deep copy of `value` with the value at `path` replaced. */
export function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withValueAt(copy[head!], rest, replacement);
  return copy;
}
