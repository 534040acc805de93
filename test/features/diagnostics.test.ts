// The bundled server, started as an editor starts it, publishes the front end's diagnostics.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LanguageServerSession, messages } from '../helpers/languageServer';
import { repositoryPath } from '../helpers/paths';

describe('language server diagnostics', () => {
  let session: LanguageServerSession;
  before(async () => {
    const started = await LanguageServerSession.inProcess();
    session = started.session;
    assert.equal(started.initialize.serverInfo?.name, 'grundy-language-server');
  });
  after(async () => {
    await session?.stop();
  });

  it('publishes every mistake of examples/mistakes.game with its position', async () => {
    const uri = 'file:///work/mistakes.game';
    await session.open(uri, readFileSync(repositoryPath('examples', 'mistakes.game'), 'utf8'));
    const published = await session.nextDiagnostics(uri);
    const found = messages(published.diagnostics);
    assert.ok(found.length >= 30, `found ${found.length}`);
    assert.ok(found.includes('23:16 unknown rule `onetow`; did you mean `onetwo`?'), found.join('\n'));
    assert.ok(published.diagnostics.every((d) => d.source === 'grundy' && typeof d.code === 'string'));
  });

  it('opening a document publishes its diagnostics once', async () => {
    // No valid game, so no computation whose end would rightly publish again.
    const uri = 'file:///work/once.game';
    await session.open(uri, 'game coins = onetow 3 4 5\n');
    await session.nextDiagnostics(uri, (p) => p.version === 1);
    // Past the pause after which a change would be published (30 ms), with room to spare.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const published = session.diagnostics.seen.filter((p) => p.uri === uri);
    assert.equal(
      published.length,
      1,
      `published ${published.length} times for version 1: ${JSON.stringify(published)}`,
    );
  });

  it('follows edits: a fix clears the diagnostic, a new mistake brings one', async () => {
    const uri = 'file:///work/edit.game';
    await session.open(uri, 'rule onetwo = subtract {1, 2}\ngame coins = onetow 3 4 5\n');
    const first = await session.nextDiagnostics(uri, (p) => p.version === 1);
    assert.deepEqual(messages(first.diagnostics), ['2:14 unknown rule `onetow`; did you mean `onetwo`?']);
    const fixed = await session.change(uri, 'rule onetwo = subtract {1, 2}\ngame coins = onetwo 3 4 5\n');
    assert.deepEqual((await session.nextDiagnostics(uri, (p) => p.version === fixed)).diagnostics, []);
    const broken = await session.change(uri, 'rule onetwo = subtract {1, 2\ngame coins = onetwo 3 4 5\n');
    assert.deepEqual(messages((await session.nextDiagnostics(uri, (p) => p.version === broken)).diagnostics), [
      '1:29 expected `}` to close the set',
    ]);
  });

  it('a burst of edits is analysed once it settles, for the last version', async () => {
    const uri = 'file:///work/burst.game';
    await session.open(uri, '');
    let last = 1;
    for (let i = 0; i < 20; i++) last = await session.change(uri, `game g = nim ${'1 '.repeat(i)}@`);
    const published = await session.nextDiagnostics(uri, (p) => p.version === last);
    assert.deepEqual(messages(published.diagnostics), [`1:${14 + 2 * 19} unexpected character \`@\``]);
  });

  it('survives garbage and keeps answering', async () => {
    const uri = 'file:///work/garbage.game';
    await session.open(uri, `\u0000\uffff{{{{ "" -> -> \r\r\n${'}'.repeat(10_000)}`);
    const published = await session.nextDiagnostics(uri);
    assert.ok(published.diagnostics.length > 0);
    assert.equal(session.stderr.join(''), '');
  });
});
