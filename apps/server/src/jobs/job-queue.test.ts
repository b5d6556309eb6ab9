import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.js';
import { openTestDatabase, type TestDatabase } from '../test/test-app.js';
import { createJobQueue, type JobHandler, type JobQueue, type QueueSettings } from './job-queue.js';

const SETTINGS: QueueSettings = { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 60 };

let store: TestDatabase;
const started: JobQueue[] = [];
beforeAll(async () => {
  store = await openTestDatabase();
});
afterAll(async () => {
  for (const jobs of started) await jobs.stop();
  await store?.database.close();
  await store?.drop();
});

/** A server node's queue on the shared database, working `name` with `handler`. */
async function node<T extends object>(name: string, handler: JobHandler<T>, settings = SETTINGS) {
  const jobs = createJobQueue({ database: store.database, logger: createLogger('silent') });
  jobs.work<T>(name, settings, handler);
  await jobs.start();
  started.push(jobs);
  return jobs;
}

const jobRows = (name: string) =>
  store.database.raw<{ id: string; state: string; data: { n: number } }>(
    'SELECT id, state, data FROM pgboss.job WHERE name = $1 ORDER BY created_on',
    [name],
  );

describe('job queue (pg-boss)', () => {
  it('works every job once, whichever node queued it, and keeps it in the database until done', async () => {
    const seen: number[] = [];
    const handler: JobHandler<{ n: number }> = async ({ n }) => {
      seen.push(n);
    };
    const first = await node('test-shared', handler);
    const second = await node('test-shared', handler);
    for (let n = 0; n < 20; n++) await (n % 2 === 0 ? first : second).send('test-shared', { n });
    await vi.waitFor(() => expect(seen).toHaveLength(20), { timeout: 15_000, interval: 50 });
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    await vi.waitFor(async () => {
      const rows = await jobRows('test-shared');
      expect(rows.map((row) => row.state)).toEqual(Array(20).fill('completed'));
    });
  });

  it('queues a job within a transaction only if that transaction commits', async () => {
    const seen: number[] = [];
    const jobs = await node<{ n: number }>('test-within', async ({ n }) => {
      seen.push(n);
    });
    const { db } = store.database;
    await expect(
      db.transaction(async (tx) => {
        await jobs.send('test-within', { n: 1 }, { within: tx });
        tx.rollback();
      }),
    ).rejects.toThrow();
    await db.transaction(async (tx) => {
      await jobs.send('test-within', { n: 2 }, { within: tx });
    });
    jobs.wake('test-within');
    await vi.waitFor(() => expect(seen).toEqual([2]), { timeout: 10_000, interval: 50 });
    expect((await jobRows('test-within')).map((row) => row.data.n)).toEqual([2]);
  });

  it('queues a singleton once per slot across nodes, and a delayed job only after its delay', async () => {
    const seen: string[] = [];
    const first = await node<{ from: string }>('test-singleton', async ({ from }) => {
      seen.push(from);
    });
    const second = await node<{ from: string }>('test-singleton', async ({ from }) => {
      seen.push(from);
    });
    // Both nodes' timers ask within the same 60-second slot: one job.
    await first.send('test-singleton', { from: 'first' }, { singleton: { key: 'tick', seconds: 60 } });
    await second.send('test-singleton', { from: 'second' }, { singleton: { key: 'tick', seconds: 60 } });
    await vi.waitFor(() => expect(seen).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(await jobRows('test-singleton')).toHaveLength(1);

    await first.send('test-singleton', { from: 'later' }, { startAfterSeconds: 3600 });
    const rows = await store.database.raw<{ due: boolean }>(
      "SELECT start_after > now() + interval '50 minutes' AS due FROM pgboss.job WHERE name = 'test-singleton' ORDER BY created_on DESC LIMIT 1",
    );
    expect(rows[0]?.due).toBe(true);
  });

  it('runs a job that failed again, under the same id', async () => {
    const attempts: string[] = [];
    const jobs = await node<{ n: number }>('test-retry', async (_data, { id }) => {
      attempts.push(id);
      if (attempts.length === 1) throw new Error('the first attempt fails');
    });
    await jobs.send('test-retry', { n: 1 });
    // The retry waits 1-2 s (retryDelaySeconds 1, doubling), then the next poll (2 s) finds it.
    await vi.waitFor(() => expect(attempts).toHaveLength(2), { timeout: 15_000, interval: 100 });
    expect(attempts[1]).toBe(attempts[0]);
    await vi.waitFor(async () => expect((await jobRows('test-retry'))[0]?.state).toBe('completed'));
  });

  it('waits for a running job when it stops, which then completes', async () => {
    let release = () => {};
    let running = () => {};
    const isRunning = new Promise<void>((resolve) => (running = resolve));
    let finished = false;
    const jobs = await node<{ n: number }>('test-stop', async () => {
      running();
      await new Promise<void>((resolve) => (release = resolve));
      finished = true;
    });
    await jobs.send('test-stop', { n: 1 });
    await isRunning;
    const stopping = jobs.stop();
    setTimeout(() => release(), 300);
    await stopping;
    expect(finished).toBe(true);
    expect((await jobRows('test-stop')).map((row) => row.state)).toEqual(['completed']);
  });
});
