import type { HealthPartStatus, LogLevel } from '@loupe/contracts';

/*
 * The health and log screens' formatting, pure and tested apart from the pages.
 */

export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const DATE_TIME_SECONDS_FORMAT = 'DD/MM/YYYY HH:mm:ss';

const GB = 1024 ** 3;

/** Bytes as gigabytes in the interface language ("12.4 GB", "12,4 GB"). */
export function formatGigabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'gigabyte',
    maximumFractionDigits: 1,
  }).format(bytes / GB);
}

/** The share of free space, 0..100, or undefined without a total. */
export function freePercent(part: HealthPartStatus): number | undefined {
  if (part.Value === null || part.Secondary === null || part.Secondary <= 0) return undefined;
  return Math.round((part.Value / part.Secondary) * 1000) / 10;
}

/** antd tag colours of the log levels: the severe ones stand out. */
export const LEVEL_COLORS: Record<LogLevel, string> = {
  CRITICAL: 'magenta',
  ERROR: 'red',
  WARNING: 'orange',
  INFO: 'blue',
  DEBUG: 'default',
  VERBOSE: 'default',
};

/** A context's JSON text pretty-printed; the text as it is when it is not JSON. */
export function prettyContext(context: string | null): string | undefined {
  if (context === null) return undefined;
  try {
    return JSON.stringify(JSON.parse(context), null, 2);
  } catch {
    return context;
  }
}
