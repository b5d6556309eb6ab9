import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real server process (`apps/server/src/main.ts` under tsx, as `npm start` runs it, or the built
 * `dist/main.js`), for the tests and benchmarks that need whole nodes: the kill -9 ingest test, the two-node
 * test, and every benchmark that drives the built server (bench/server-process.ts).
 */

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCE_MAIN = path.join(repoRoot, 'apps/server/src/main.ts');
const BUILT_MAIN = path.join(repoRoot, 'apps/server/dist/main.js');

/** How long a start may take: tsx compiles the server as it starts (10-20 s quiet, over 40 s on busy cores). */
export const SERVER_START_MS = 90_000;

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The environment of the calling process without the server's own settings, which each node sets itself. */
function inheritedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined &&
        !/^(DATABASE_URL|DATA_DIR|LOUPE_|DEMO_|PORT|HOST|REDIS_URL|JOB_SCHEDULES|INVITATION_)/.test(entry[0]),
    ),
  );
}

export class ServerProcess {
  private child: ChildProcess | undefined;
  private log = '';

  /**
   * @param env the node's settings (PORT must match `url`)
   * @param options.built run `dist/main.js` (after `npm run build:server`) rather than the source under tsx
   * @param options.readyPath the path that answers 200 once the node serves (default `/api/health`)
   * @param options.startMs how long the start may take (default SERVER_START_MS; a benchmark's server that rebuilds
   *   its replica at 10M sessions takes minutes)
   */
  constructor(
    private readonly env: Record<string, string>,
    readonly url: string,
    private readonly options: { built?: boolean; readyPath?: string; startMs?: number } = {},
  ) {}

  /** What the process printed since its last start. */
  get output(): string {
    return this.log;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    this.log = '';
    const args = this.options.built ? [BUILT_MAIN] : ['--conditions=source', '--import', 'tsx', SOURCE_MAIN];
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { ...inheritedEnv(), ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    const readyUrl = `${this.url}${this.options.readyPath ?? '/api/health'}`;
    const started = Date.now();
    while (Date.now() - started < (this.options.startMs ?? SERVER_START_MS)) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${this.log}`);
      const ok = await fetch(readyUrl)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await this.kill();
    throw new Error(`server did not start:\n${this.log}`);
  }

  /** SIGKILL by default: no shutdown hook runs, open transactions die with the connection. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}
