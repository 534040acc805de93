// Lines of at most 120 characters in every source file (TypeScript and JavaScript, the product's,
// the tests' and the scripts'), as biome.jsonc's lineWidth says. Biome's formatter breaks code to
// fit but never a string or a comment: this check covers what it leaves. A failure names each line.
// And files of at most 600 lines, unless the file's header says why it reads best whole (one
// concern a reader follows from top to bottom): a longer file is a sign of two concerns in one.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repositoryPath, repositoryRoot } from '../helpers/paths';

const MAX_LINE = 120;
const MAX_FILE_LINES = 600;
/** The words a longer file's header comment says its reason with. */
const WHOLE = /reads best whole/i;
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

/** Every source file: the product's, the tests' and the scripts'. */
function sourceFiles(): string[] {
  const root = repositoryRoot;
  return [
    ...['client', 'server', 'test', 'scripts'].flatMap((dir) => sourcesUnder(repositoryPath(dir))),
    ...readdirSync(root)
      .filter((entry) => SOURCE.test(entry))
      .map((entry) => join(root, entry)),
  ];
}

/** The comment lines a file begins with (its header), joined. */
function header(text: string): string {
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!/^(\/\/|\/\*|\*)/.test(trimmed) && !(lines.length === 0 && trimmed.startsWith('#!'))) break;
    lines.push(trimmed.replace(/^(\/\/|\/\*\*?|\*\/?)\s?/, ''));
  }
  return lines.join(' ');
}

describe('the source', () => {
  it(`has no file over ${MAX_FILE_LINES} lines without its reason in its header`, () => {
    const files = sourceFiles();
    assert.ok(files.length > 100, `${files.length} source files found`);
    const long: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const lines = text.split(/\r?\n/).length - (text.endsWith('\n') ? 1 : 0);
      if (lines > MAX_FILE_LINES && !WHOLE.test(header(text)))
        long.push(`${relative(repositoryRoot, file)} (${lines})`);
    }
    assert.deepEqual(
      long,
      [],
      `files over ${MAX_FILE_LINES} lines whose header does not say why it "reads best whole":\n${long.join('\n')}`,
    );
  });

  it(`has no line longer than ${MAX_LINE} characters`, () => {
    const root = repositoryRoot;
    const files = sourceFiles();
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
