// Editor fixtures: each file under test/fixtures/editor is a `.game` document as an editor shows
// it once every value is computed, with inlay hints inline as `⟨label⟩` and each line's code
// lenses on a `#▸ ` line above it (render.ts). The test takes the decorations out, opens the
// plain text in the bundled server, renders what the server answers and compares. A new case is
// a new file. UPDATE_FIXTURES=1 rewrites them (then read the diff: it is the expectation).
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { LanguageServerSession } from '../helpers/languageServer';
import { repositoryPath } from '../helpers/paths';
import { render, sourceOf } from './render';

const folder = repositoryPath('test', 'fixtures', 'editor');

describe('editor fixtures: inlay hints and code lenses', function () {
  // A fixture's long results (misere kayles 20000 waits for Kayles' misère quotient) take longer
  // on a busy machine: the test waits for them rather than race a budget.
  this.timeout(240_000);
  let session: LanguageServerSession;
  before(async () => {
    ({ session } = await LanguageServerSession.inProcess());
  });
  after(async () => {
    await session?.stop();
  });

  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.game'))
    .sort()) {
    it(file, async () => {
      const expected = readFileSync(`${folder}/${file}`, 'utf8');
      const source = sourceOf(expected);
      const uri = `file:///fixtures/${file}`;
      await session.open(uri, source);
      await session.settledCodeLenses(uri, 200_000);
      const lenses = (await session.codeLenses(uri)) ?? []; // the rules' lenses too
      const hints = (await session.inlayHints(uri)) ?? [];
      const actual = render(source, hints, lenses);
      if (process.env.UPDATE_FIXTURES === '1') writeFileSync(`${folder}/${file}`, actual);
      else assert.equal(actual, expected);
      await session.close(uri);
    });
  }
});
