// The real server as a child process (`node apps/server/dist/main.js`), as it runs in production, with its
// resident memory sampled from /proc while the benchmark drives it. The process itself is the tests' node
// (apps/server/src/test/server-process.ts).
import fs from 'node:fs';
import { ServerProcess as ServerNode } from '../apps/server/src/test/server-process.js';

export type ServerProcess = {
  baseUrl: string;
  pid: number;
  /** Highest VmRSS seen by the sampler and the kernel's high-water mark (VmHWM), in MB. */
  memory(): { rssMb: number; peakRssMb: number; hwmMb: number };
  stop(): Promise<void>;
};

function readStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** The benchmark's own environment, passed on whole (a benchmark is run with the settings it is meant to measure). */
const callerEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

/**
 * Starts the built server (`npm run build` first) on `port` with the given database and DATA_DIR; resolves once
 * /api/health answers.
 */
export async function startServer(options: {
  databaseUrl: string;
  dataDir: string;
  port: number;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const node = new ServerNode(
    {
      ...callerEnv(),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      // Hundreds of simulated users sign in and ingest from one address.
      RATE_LIMITS: 'off',
      ...options.env,
    },
    baseUrl,
    // A replica that must be rebuilt at start takes minutes at 10M; the benchmark rebuilt it already.
    { built: true, startMs: 600_000 },
  );
  await node.start();

  const pid = node.pid!;
  let peakRssMb = 0;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, readStatusMb(pid, 'VmRSS'));
  }, 200);
  sampler.unref();
  return {
    baseUrl,
    pid,
    memory() {
      const rssMb = readStatusMb(pid, 'VmRSS');
      peakRssMb = Math.max(peakRssMb, rssMb);
      return { rssMb, peakRssMb, hwmMb: readStatusMb(pid, 'VmHWM') };
    },
    async stop() {
      clearInterval(sampler);
      const timer = setTimeout(() => void node.kill('SIGKILL'), 15_000);
      await node.kill('SIGTERM');
      clearTimeout(timer);
    },
  };
}
