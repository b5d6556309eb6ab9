// Small measurement helpers shared by the benchmarks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

/** bench/results/<kind>-<today, UTC>[-label].json, the folder made if missing. */
export function resultsFile(kind: string, label: string): string {
  const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  fs.mkdirSync(folder, { recursive: true });
  const today = new Date().toISOString().slice(0, 10);
  return path.join(folder, `${kind}-${today}${label ? `-${label}` : ''}.json`);
}

/** Writes a results file formatted as the repository's Prettier settings would, so `npm run lint` passes. */
export async function writeJson(file: string, value: unknown): Promise<void> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(JSON.stringify(value), { ...options, parser: 'json' }));
}

/** The nearest-rank percentile (0-100) of some samples; NaN without samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export type Timing = { runs: number; p50: number; p95: number; samples: number[] };

/** Milliseconds rounded to 0.1. */
export const ms = (value: number) => Math.round(value * 10) / 10;

/**
 * Runs `work` `warmup` times unmeasured, then up to `runs` times measured; when a measured run takes longer than
 * `slowMs`, it stops after `slowRuns` runs so that a slow baseline cannot take an hour.
 */
export async function timeRuns(
  work: () => Promise<unknown>,
  {
    runs,
    warmup = 2,
    slowMs = 2000,
    slowRuns = 5,
  }: { runs: number; warmup?: number; slowMs?: number; slowRuns?: number },
): Promise<Timing> {
  for (let i = 0; i < warmup; i += 1) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
    if (samples.length >= slowRuns && (samples.at(-1) ?? 0) > slowMs) break;
  }
  return {
    runs: samples.length,
    p50: ms(percentile(samples, 50)),
    p95: ms(percentile(samples, 95)),
    samples,
  };
}

/** A plain-text table with right-aligned number columns. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

/** The same rows as a Markdown table. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const line = (row: readonly (string | number)[]) => `| ${row.map(String).join(' | ')} |`;
  return [
    line(header),
    `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}
