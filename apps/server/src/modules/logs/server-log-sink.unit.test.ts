import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.js';
import { createLogger } from '../../logger.js';
import { createServerLogSink, logLevelOf, serverLogRowOf } from './server-log-sink.js';

describe('the server-log sink', () => {
  it("maps pino's levels to the spec's names", () => {
    expect([60, 50, 40, 30, 20, 10].map(logLevelOf)).toEqual([
      'CRITICAL',
      'ERROR',
      'WARNING',
      'INFO',
      'DEBUG',
      'VERBOSE',
    ]);
  });

  it('keeps the request id, the tenant and the message in columns, the rest as context without secrets', () => {
    const row = serverLogRowOf(
      JSON.stringify({
        level: 50,
        time: Date.UTC(2026, 10, 29, 9, 30),
        pid: 1,
        hostname: 'h',
        requestId: 'req-1',
        tenantId: 7,
        msg: 'it broke',
        userName: 'admin',
        body: { password: 'hunter2', nested: { apiKey: 'k-1', refresh_token: 'r-1' } },
        headers: { Authorization: 'Bearer abc', cookie: 'sid=1' },
      }),
    )!;
    expect(row).toMatchObject({
      loggedAt: new Date(Date.UTC(2026, 10, 29, 9, 30)),
      level: 'ERROR',
      requestId: 'req-1',
      tenantId: 7,
      message: 'it broke',
    });
    expect(row.context).toEqual({
      userName: 'admin',
      body: { password: '[Redacted]', nested: { apiKey: '[Redacted]', refresh_token: '[Redacted]' } },
      headers: { Authorization: '[Redacted]', cookie: '[Redacted]' },
    });
    expect(serverLogRowOf('not json')).toBeUndefined();
    expect(serverLogRowOf(JSON.stringify({ level: 30, err: { message: 'no msg' } }))?.message).toBe('no msg');
  });

  it('redacts in the logger itself too, before any destination', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    logger.info(
      { req: { headers: { authorization: 'Bearer secret-1' } }, user: { password: 'pw-1' } },
      'hello',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('secret-1');
    expect(lines[0]).not.toContain('pw-1');
  });

  it('never blocks nor throws when the database refuses, and keeps a bounded buffer', async () => {
    const sink = createServerLogSink();
    let calls = 0;
    const failing = {
      insert: () => ({
        values: () => {
          calls += 1;
          return Promise.reject(new Error('database away'));
        },
      }),
    } as unknown as Db;
    const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      for (let i = 0; i < 6_000; i++) sink.write(JSON.stringify({ level: 30, msg: `line ${i}` }));
      expect(sink.dropped).toBe(1_000); // the buffer keeps the newest 5,000
      sink.attach(failing);
      await expect(sink.flush()).resolves.toBeUndefined();
      expect(calls).toBe(10); // 5,000 rows in batches of 500, each refused
      expect(sink.dropped).toBe(6_000);
      await sink.detach();
    } finally {
      quiet.mockRestore();
    }
  });
});
