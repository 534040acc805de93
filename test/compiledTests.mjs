// The compiled unit and protocol suites: every `*.test.js` under a folder (out/test), in order.
// Shared by `npm test` (run.mjs) and `npm run test:unit` (unit.mjs).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function findCompiledTests(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...findCompiledTests(path));
    else if (entry.endsWith('.test.js')) found.push(path);
  }
  return found.sort();
}
