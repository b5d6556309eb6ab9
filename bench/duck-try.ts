import { DuckDBInstance } from '@duckdb/node-api';
const file = process.argv[2]!;
const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
const c = await instance.connect();
const queries = process.argv.slice(3);
for (const sql of queries) {
  for (let i = 0; i < 4; i++) {
    const t = performance.now();
    const r = await c.runAndReadAll(sql);
    const rows = r.getRowObjects();
    console.log(
      Math.round((performance.now() - t) * 10) / 10,
      'ms',
      rows.length,
      JSON.stringify(rows[0], (_, v) => (typeof v === 'bigint' ? Number(v) : v)).slice(0, 200),
    );
  }
}
