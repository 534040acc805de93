// What the extension contributes for Markdown: the grammar injected into Markdown for ```game blocks (run by the
// same engine VS Code uses, vscode-textmate and Oniguruma, injected into a Markdown grammar of no rules of its own,
// so that only the injection can give a line game scopes) and the markdown-it plugin with its styles.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as oniguruma from 'vscode-oniguruma';
import { type IGrammar, INITIAL, parseRawGrammar, Registry, type StateStack } from 'vscode-textmate';
import { repositoryPath } from '../helpers/paths';

const manifest = JSON.parse(readFileSync(repositoryPath('package.json'), 'utf8'));
const INJECTION = 'markdown.game.codeblock';

async function markdownGrammar(): Promise<IGrammar> {
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
  const grammars = manifest.contributes.grammars as { scopeName: string; path: string; injectTo?: string[] }[];
  const registry = new Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName === 'text.html.markdown')
        return parseRawGrammar(JSON.stringify({ scopeName, patterns: [] }), 'markdown.json');
      const contributed = grammars.find((g) => g.scopeName === scopeName);
      if (!contributed) return null;
      const path = repositoryPath(contributed.path);
      return parseRawGrammar(readFileSync(path, 'utf8'), path);
    },
    // As VS Code does: the grammars whose `injectTo` names a scope are injected into it.
    getInjections: (scopeName) =>
      grammars.filter((g) => g.injectTo?.includes(scopeName)).map((g) => g.scopeName) as string[],
  });
  const grammar = await registry.loadGrammar('text.html.markdown');
  if (!grammar) throw new Error('grammar did not load');
  return grammar;
}

/** Each line's tokens: text and scopes (blanks left out). */
function tokenize(grammar: IGrammar, text: string): { text: string; scopes: string[] }[][] {
  let state: StateStack = INITIAL;
  return text.split('\n').map((line) => {
    const result = grammar.tokenizeLine(line, state);
    state = result.ruleStack;
    return result.tokens
      .map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }))
      .filter((t) => t.text.trim() !== '');
  });
}

const GAME_LINE = 'game g = nim 3 4';

/** The scopes of `game` in GAME_LINE, the second line of a block opened by `fence` and closed by `close`. */
function gameLineScopes(grammar: IGrammar, fence: string, close: string): string[] {
  const lines = tokenize(grammar, `${fence}\n${GAME_LINE}\n${close}\n${GAME_LINE}`);
  return lines[1].find((t) => t.text === 'game')?.scopes ?? [];
}

describe('Markdown: the contributions', () => {
  let grammar: IGrammar;
  before(async () => {
    grammar = await markdownGrammar();
  });

  it('package.json injects the game block grammar into Markdown and contributes the markdown-it plugin', () => {
    const injection = manifest.contributes.grammars.find((g: { scopeName: string }) => g.scopeName === INJECTION);
    assert.deepEqual(injection.injectTo, ['text.html.markdown']);
    assert.deepEqual(injection.embeddedLanguages, { 'meta.embedded.block.game': 'game' });
    const file = JSON.parse(readFileSync(repositoryPath(injection.path), 'utf8'));
    assert.equal(file.scopeName, INJECTION);
    assert.equal(file.injectionSelector, 'L:text.html.markdown');
    assert.equal(manifest.contributes['markdown.markdownItPlugins'], true);
    const styles = manifest.contributes['markdown.previewStyles'] as string[];
    assert.ok(styles.length > 0);
    for (const style of styles) {
      assert.ok(existsSync(repositoryPath(style)), style);
      // The styles are for what the plugin writes.
      assert.match(readFileSync(repositoryPath(style), 'utf8'), /\.grundy-block/);
    }
    // The client hands VS Code the plugin.
    assert.match(readFileSync(repositoryPath('client', 'src', 'activate.ts'), 'utf8'), /extendMarkdownIt/);
  });

  for (const [fence, close] of [
    ['```game', '```'],
    ['~~~ game', '~~~'],
    ['   ```game', '   ```'],
    ['````game title="Nim"', '````'],
    ['```game {.numberLines}', '```'],
  ]) {
    it(`"${fence}" opens a game block: its lines are game code, up to "${close}"`, () => {
      const scopes = gameLineScopes(grammar, fence, close);
      assert.ok(scopes.includes('meta.embedded.block.game'), scopes.join(' '));
      assert.ok(scopes.includes('markup.fenced_code.block.markdown'), scopes.join(' '));
      assert.equal(scopes.at(-1), 'storage.type.game.game');
      // The fence and the info string are Markdown's.
      const [open] = tokenize(grammar, fence);
      const fenceToken = open.find((t) => /^[`~]+$/.test(t.text));
      assert.equal(fenceToken?.scopes.at(-1), 'punctuation.definition.markdown');
      assert.equal(open.find((t) => t.text === 'game')?.scopes.at(-1), 'fenced_code.block.language.markdown');
      // After the closing fence, Markdown again.
      const after = tokenize(grammar, `${fence}\n${GAME_LINE}\n${close}\n${GAME_LINE}`)[3];
      assert.ok(
        after.every((t) => !t.scopes.includes('meta.embedded.block.game')),
        JSON.stringify(after),
      );
    });
  }

  for (const fence of ['```gamer', '```js', '``` games', '    ```game', '```', 'game', '``game']) {
    it(`"${fence}" does not open a game block`, () => {
      const scopes = gameLineScopes(grammar, fence, '```');
      assert.ok(!scopes.includes('meta.embedded.block.game'), scopes.join(' '));
      assert.ok(!scopes.includes('storage.type.game.game'), scopes.join(' '));
    });
  }
});
