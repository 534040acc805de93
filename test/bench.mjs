// `npm run bench`: runs every bundled `*.bench.js` under out/test in its own process (so one
// benchmark's peak memory is not another's), one after another.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function findBenchmarks(dir) {
  const found = [];
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...findBenchmarks(path));
    else if (entry.endsWith('.bench.js')) found.push(path);
  }
  return found.sort();
}

const filter = process.argv[2];
let failed = 0;
for (const file of findBenchmarks(join('out', 'test'))) {
  if (filter && !file.includes(filter)) continue;
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, ['--max-old-space-size=8192', file], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
