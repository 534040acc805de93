// Lines of at most 120 characters in every source file (TypeScript and JavaScript, the product's,
// the tests' and the scripts'), as biome.jsonc's lineWidth says. Biome's formatter breaks code to
// fit but never a string or a comment: this check covers what it leaves. A failure names each line.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repositoryPath, repositoryRoot } from '../helpers/paths';

const MAX_LINE = 120;
const SOURCE = /\.(ts|mts|cts|js|mjs|cjs)$/;
const SKIPPED = new Set(['node_modules', 'out', 'dist', '.cache', '.vscode-test']);

function sourcesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (SKIPPED.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...sourcesUnder(path));
    else if (SOURCE.test(entry)) found.push(path);
  }
  return found;
}

describe('the source', () => {
  it(`has no line longer than ${MAX_LINE} characters`, () => {
    const root = repositoryRoot;
    const files = [
      ...['client', 'server', 'test', 'scripts'].flatMap((dir) => sourcesUnder(repositoryPath(dir))),
      ...readdirSync(root)
        .filter((entry) => SOURCE.test(entry))
        .map((entry) => join(root, entry)),
    ];
    assert.ok(files.length > 100, `${files.length} source files found`);
    const long: string[] = [];
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .forEach((line, i) => {
          // Characters as an editor counts them (code points: `φ` is one).
          const length = [...line].length;
          if (length > MAX_LINE) long.push(`${relative(root, file)}:${i + 1} (${length})`);
        });
    }
    assert.deepEqual(long, [], `lines over ${MAX_LINE} characters:\n${long.join('\n')}`);
  });
});
