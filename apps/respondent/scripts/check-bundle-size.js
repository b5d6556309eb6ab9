// @ts-check
// The respondent page's JavaScript budget (issue 17: at most 80 KB gzip in total), checked after every build so
// the budget cannot drift silently: `npm run build` fails past it. docs/respondent-page.md.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 80 * 1024;

/** Every .js file under `dir` with its gzip size (level 9, as a server would send it at best). */
function gzipSizes(dir) {
  /** @type {{ file: string; bytes: number }[]} */
  const sizes = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    sizes.push({ file, bytes: gzipSync(fs.readFileSync(file), { level: 9 }).length });
  }
  return sizes;
}

const dist = path.resolve(import.meta.dirname, '../dist');
const sizes = gzipSizes(dist);
const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
for (const { file, bytes } of sizes)
  console.log(`${path.relative(dist, file)}  ${(bytes / 1024).toFixed(1)} KB gzip`);
console.log(`respondent page JavaScript: ${(total / 1024).toFixed(1)} KB gzip of ${BUDGET_BYTES / 1024} KB`);
if (sizes.length === 0) {
  console.error('no JavaScript found in apps/respondent/dist: the build went wrong');
  process.exit(1);
}
if (total > BUDGET_BYTES) {
  console.error('the respondent page is over its JavaScript budget (docs/respondent-page.md)');
  process.exit(1);
}
