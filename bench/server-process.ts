// The real server as a child process (`node apps/server/dist/main.js`), as it runs in production, with its
// resident memory sampled from /proc while the benchmark drives it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');

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

/** Starts the built server on `port` with the given database and DATA_DIR; resolves once /api/health answers. */
export async function startServer(options: {
  databaseUrl: string;
  dataDir: string;
  port: number;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build first`);
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      // Hundreds of simulated users sign in and ingest from one address.
      RATE_LIMITS: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  for (;;) {
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 250, 'wait'))]);
    if (code !== 'wait') throw new Error(`the server exited (${String(code)}):\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    // A replica that must be rebuilt at start takes minutes at 10M; the benchmark rebuilt it already.
    if (performance.now() - started > 600_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 10 minutes:\n${output}`);
    }
  }

  const pid = child.pid!;
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
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
