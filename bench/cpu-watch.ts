// Where a machine's CPU time went while a benchmark ran, from /proc (Linux): the server processes, this process,
// PostgreSQL's backends of the benchmark's database, and everything else, named, because the machine is shared
// and another engineer's build or test suite on the same two cores shows up in the figures.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { DatabaseHandle } from '../apps/server/src/db/client.js';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** A process's user + system CPU seconds, all its threads (/proc/<pid>/stat fields 14 and 15); 0 once gone. */
function processCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; the fields after it start with the state (field 3).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

function commandOf(pid: number): string {
  try {
    const line = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return (line || fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()).slice(0, 90);
  } catch {
    return '?';
  }
}

type ProcessTable = Map<number, number>;

/** Every process's CPU seconds by pid. */
function processTable(): ProcessTable {
  const table: ProcessTable = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (/^\d+$/.test(entry)) table.set(Number(entry), processCpuSeconds(Number(entry)));
  }
  return table;
}

/** The machine's busy and total CPU seconds since boot (/proc/stat; idle and iowait are not busy). */
function machineCpuSeconds(): { busy: number; total: number } {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = values.map(Number);
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = ticks[3]! + ticks[4]!;
  return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
}

/** The machine's busy share (percent of all cores) over the next `ms` milliseconds. */
export async function machineBusyPercent(ms: number): Promise<number> {
  const before = machineCpuSeconds();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineCpuSeconds();
  return Math.round(((after.busy - before.busy) / (after.total - before.total)) * 100);
}

export type CpuFigures = {
  seconds: number;
  /** CPU seconds each server process used, and the same as a share of one core (100 = one core all the time). */
  nodes: number[];
  nodesPercentOfCore: number[];
  /** PostgreSQL's backends of the benchmark's database (its shared background writers are in `other`). */
  postgres: number;
  /** This process: the benchmark's clients (and whatever else it hosts, e.g. the load balancer). */
  benchmark: number;
  /** The machine's busy time that is none of the above: other work on the machine, PostgreSQL's background. */
  other: number;
  /** The largest consumers within `other` that were running at the end, by command. */
  otherTop: { command: string; seconds: number }[];
  /** The machine's busy time as a share of all its cores. */
  machineBusyPercent: number;
};

export type CpuWatch = { stop(): Promise<CpuFigures> };

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Starts watching: the processes `nodes`, this one, and the backends of `database`'s database, which are looked
 * up each second so that a pooled connection closed before the end still counts up to its last sample.
 */
export function watchCpu(nodes: number[], database: DatabaseHandle): CpuWatch {
  const started = performance.now();
  const before = processTable();
  const machineBefore = machineCpuSeconds();
  const usageBefore = process.cpuUsage();
  const backends = new Map<number, number>();
  const sampleBackends = async () => {
    const rows = await database
      .raw<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')
      .catch(() => []);
    for (const { pid } of rows) backends.set(pid, Math.max(backends.get(pid) ?? 0, processCpuSeconds(pid)));
  };
  let running = true;
  const sampling = (async () => {
    while (running) {
      await sampleBackends();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();

  return {
    async stop() {
      running = false;
      await sampling;
      await sampleBackends();
      const after = processTable();
      const machineAfter = machineCpuSeconds();
      const usage = process.cpuUsage(usageBefore);
      const seconds = (performance.now() - started) / 1000;
      const used = (pid: number, last = 0) => Math.max(after.get(pid) ?? last, last) - (before.get(pid) ?? 0);
      const nodeSeconds = nodes.map((pid) => used(pid));
      let postgres = 0;
      for (const [pid, last] of backends) postgres += used(pid, last);
      const benchmark = (usage.user + usage.system) / 1e6;
      const busy = machineAfter.busy - machineBefore.busy;
      const ours = new Set([...nodes, ...backends.keys(), process.pid]);
      const others = new Map<string, number>();
      for (const pid of after.keys()) {
        if (ours.has(pid)) continue;
        const value = used(pid);
        if (value < 0.5) continue;
        const command = commandOf(pid);
        others.set(command, (others.get(command) ?? 0) + value);
      }
      return {
        seconds: round(seconds),
        nodes: nodeSeconds.map(round),
        nodesPercentOfCore: nodeSeconds.map((value) => Math.round((value / seconds) * 100)),
        postgres: round(postgres),
        benchmark: round(benchmark),
        other: round(busy - nodeSeconds.reduce((sum, value) => sum + value, 0) - postgres - benchmark),
        otherTop: [...others]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5)
          .map(([command, value]) => ({ command, seconds: round(value) })),
        machineBusyPercent: Math.round((busy / (machineAfter.total - machineBefore.total)) * 100),
      };
    },
  };
}
