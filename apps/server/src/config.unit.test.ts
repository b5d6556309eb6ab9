import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openReplicaStore } from './analytics/replica.js';
import { fastifyTrustProxy, loadConfig } from './config.js';

describe('REPLICA_MEMORY_LIMIT', () => {
  it('is unset by default, so the replica takes its own default', () => {
    expect(loadConfig({}).replicaMemoryLimit).toBeUndefined();
  });

  it('accepts a size with its unit and refuses anything else', () => {
    expect(loadConfig({ REPLICA_MEMORY_LIMIT: '512MB' }).replicaMemoryLimit).toBe('512MB');
    expect(() => loadConfig({ REPLICA_MEMORY_LIMIT: 'a lot' })).toThrow();
    expect(() => loadConfig({ REPLICA_MEMORY_LIMIT: "1GB'; DROP" })).toThrow();
  });

  it('becomes DuckDB’s memory_limit', async () => {
    const store = await openReplicaStore(':memory:', '256MB');
    try {
      const [row] = await store.read<{ limit: string }>(`SELECT current_setting('memory_limit') AS limit`);
      expect(row?.limit).toBe('244.1 MiB'); // 256,000,000 bytes
    } finally {
      store.close();
    }
  });
});

describe('DEMO_DATA', () => {
  it('is on for the embedded database and off with DATABASE_URL, unless set', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/loupe' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/loupe', DEMO_DATA: 'on' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'off' }).demoData).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes true, a hop count or addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const wrong of ['10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2', 'yes'])
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow('TRUST_PROXY');
  });

  it('makes request.ip the client address behind trusted proxies, by list or by hop count', async () => {
    const ipWith = async (value: string | undefined, remoteAddress: string, forwardedFor: string) => {
      const app = Fastify({ trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: value }).trustProxy) });
      app.get('/', async (request) => request.ip);
      const response = await app.inject({
        url: '/',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      await app.close();
      return response.body;
    };
    expect(await ipWith(undefined, '10.0.0.5', '203.0.113.7')).toBe('10.0.0.5');
    expect(await ipWith('10.0.0.0/8', '10.0.0.5', '203.0.113.7')).toBe('203.0.113.7');
    expect(await ipWith('10.0.0.0/8', '198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
    // One hop: what the nearest proxy saw, not what the client wrote further left.
    expect(await ipWith('1', '10.0.0.5', '192.0.2.66, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipWith('true', '10.0.0.5', '192.0.2.66, 203.0.113.7')).toBe('192.0.2.66');
  });
});

describe('IMPORTED_INVITEE_RETENTION and IMPORT_LOG_RETENTION', () => {
  it('default to 90 days and take days or hours, in hours', () => {
    expect(loadConfig({}).retention).toEqual({ importedInviteeHours: 90 * 24, importLogHours: 90 * 24 });
    const config = loadConfig({ IMPORTED_INVITEE_RETENTION: '36h', IMPORT_LOG_RETENTION: '7D' });
    expect(config.retention).toEqual({ importedInviteeHours: 36, importLogHours: 7 * 24 });
  });

  it('refuses anything else', () => {
    for (const value of ['0h', '0d', '90', '1w', '-3d', '1.5d', 'd', '99999d']) {
      expect(() => loadConfig({ IMPORTED_INVITEE_RETENTION: value }), value).toThrow(/days or hours/);
      expect(() => loadConfig({ IMPORT_LOG_RETENTION: value }), value).toThrow(/days or hours/);
    }
  });
});
