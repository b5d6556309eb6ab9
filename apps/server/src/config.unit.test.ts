import { describe, expect, it } from 'vitest';
import { openReplicaStore } from './analytics/replica.js';
import { loadConfig } from './config.js';

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
