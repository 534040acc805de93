// The bundled `grundy` command, run as a user runs it.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryPath } from '../helpers/paths';

function grundy(...args: string[]) {
  const result = spawnSync(process.execPath, [repositoryPath('out', 'cli', 'grundy.js'), ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('grundy check', () => {
  it('a clean file: exit 0', () => {
    const result = grundy('check', repositoryPath('examples', 'coins.game'));
    assert.equal(result.status, 0);
    assert.match(result.stdout, /coins\.game: no problems/);
  });

  it('a file with errors: exit 1 and one line per diagnostic', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grundy-'));
    const file = join(dir, 'typo.game');
    writeFileSync(file, 'rule onetwo = subtract {1, 2}\ngame coins = onetow 3\n');
    const result = grundy('check', file);
    assert.equal(result.status, 1);
    assert.equal(result.stdout, `${file}:2:14: error: unknown rule \`onetow\`; did you mean \`onetwo\`?\n`);
  });

  it('--json gives 1-based lines and columns', () => {
    const result = grundy('check', repositoryPath('examples', 'mistakes.game'), '--json');
    assert.equal(result.status, 1);
    const { diagnostics } = JSON.parse(result.stdout);
    assert.deepEqual(diagnostics[0], { line: 9, column: 23, severity: 'error', message: 'unexpected character `@`', code: 'unknown-token' });
  });

  it('bad usage and unreadable files: exit 2', () => {
    assert.equal(grundy().status, 2);
    assert.equal(grundy('frobnicate', 'x').status, 2);
    const missing = grundy('check', '/nonexistent/file.game');
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /cannot read/);
  });
});
