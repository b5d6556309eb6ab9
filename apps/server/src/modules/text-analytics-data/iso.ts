/** A timestamp column's value as ISO text (PGlite answers Dates, node-postgres may answer text). */
export const isoOf = (value: unknown): string => new Date(value as Date | string).toISOString();
