// The language tool as a client sees it, on documents nobody wrote by hand: generated documents
// using every construct of the language (odd spacing, comments everywhere, CRLF), and corrupted
// copies of them, opened in an in-process server, with every request the server answers sent at
// random positions. Invariants: no error but a refusal with a message; every range inside the
// document; a hover's range contains its position; selection ranges nested; semantic tokens in
// order, without overlap, inside their lines; formatting idempotent, keeping every comment and
// the document's meaning (the same values from `grundy analyze`); a rename keeping the meaning; a
// quick fix never adding a diagnostic elsewhere; incremental edits giving the diagnostics of a
// fresh open. Each test names its seed: FUZZ_SEED=N replays one, FUZZ_DOCUMENTS=N sets how many
// documents a seed makes.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ResponseError } from 'vscode-jsonrpc';
import type {
  CodeAction,
  CodeLens,
  Diagnostic,
  Hover,
  InitializeResult,
  InlayHint,
  Position,
  PublishDiagnosticsParams,
  Range,
  SelectionRange,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LanguageServerSession } from '../helpers/languageServer';
import { mutate, random } from '../helpers/mutate';
import { repositoryPath } from '../helpers/paths';

const SEEDS = process.env.FUZZ_SEED ? [Number(process.env.FUZZ_SEED)] : [1201, 2302, 3403];
const DOCUMENTS = Number(process.env.FUZZ_DOCUMENTS ?? 4);
/** LSP's RequestFailed: the server's refusal (a request it understood but will not do, with a message). */
const REQUEST_FAILED = -32803;

type Next = () => number;

/** A document using every construct of the language, with odd spacing and comments; valid. */
function generatedDocument(next: Next): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const space = () => pick([' ', ' ', ' ', '  ', '\t', ' \t ']);
  const comment = () =>
    next() < 0.25 ? `${space()}# ${pick(['note', 'a -> b', 'nimber *3', 'é ⊕ →', '"quoted"', ''])}` : '';
  const heap = () => String(Math.floor(next() * 16));
  const lines: string[] = [];
  const push = (line: string) => {
    lines.push(line + comment());
    if (next() < 0.15) lines.push(pick(['', '# a comment line', `${space()}# indented comment`, '']));
  };
  push(`rule r0${space()}=${space()}subtract {1,${space()}2}`);
  push('rule r1 = subtract all except {1, 3}');
  push('rule r2 = subtract all');
  push(`rule r3 = octal ${pick(['0.137', '0.07', '4.07', '0.6'])}`);
  push(`rule r4 = hex ${pick(['0.F', '0.37', '0.8'])}`);
  push('rule r5 = words {"ab", "ba", "abc"}');
  lines.push('rule r6 = subtract {', '  1,', `  ${pick(['3', '4'])}`, '}');
  push(`rule r7 = octal ${pick(['0.77', '0.07', '0.137'])}`);
  lines.push(
    'graph g0 {',
    `${space()}a${space()}->${space()}b, c`,
    '  b -> d',
    '  c -> d, 7',
    '  d',
    `  7 -> e${comment()}`,
    '}',
  );
  const components = [
    () => `r0 ${heap()} ${heap()}`,
    () => `r1 ${heap()}`,
    () => `r2${space()}${heap()}`,
    () => `r3 ${heap()}`,
    () => `r4 ${heap()}`,
    () => `r6 ${heap()} ${heap()}`,
    () => `kayles ${heap()}`,
    () => `nim ${heap()} ${heap()}`,
    () => `dawson ${heap()}`,
    () => `dawson-kayles ${heap()}`,
    () => `${pick(['r7', 'kayles'])} "${pick(['XX.X', 'XXXX', 'X..XX'])}"`,
    () => `g0 at ${pick(['a', 'b', '7'])},${space()}${pick(['c', 'd', 'e'])}`,
    () => `wythoff (${heap()}, ${heap()})${space()}(${heap()},${heap()})`,
    () => `leftmost [${heap()}, ${heap()}] [${heap()}]`,
    () => `staircase [${heap()},${space()}${heap()}, ${heap()}] [${heap()}]`,
    () => `hackenbush {${space()}ground - a, a - b${space()},${space()}b - ${pick(['c', 'a', 'ground'])} }`,
    () => `r5 "${pick(['ab', 'abab', 'ba'])}" "${pick(['a', 'ba'])}"`,
  ];
  const games = 4 + Math.floor(next() * 6);
  for (let i = 0; i < games; i++) {
    // Misère play searches the sum's whole game graph: small heaps, so that it ends well within the budget.
    const misere = next() < 0.2 ? 'misere ' : '';
    const small = () => String(Math.floor(next() * 6));
    const misereParts = [() => `nim ${small()} ${small()}`, () => `kayles ${small()}`, () => `r0 ${small()}`];
    const parts = Array.from({ length: 1 + Math.floor(next() * (misere ? 2 : 3)) }, () =>
      (misere ? pick(misereParts) : pick(components))(),
    );
    const joined = parts.reduce(
      (sum, part, k) => (k === 0 ? part : `${sum}${next() < 0.15 ? ' +\n    ' : `${space()}+${space()}`}${part}`),
      '',
    );
    push(`game game${i}${space()}=${space()}${misere}${joined}`);
  }
  if (next() < 0.5) push('game treble = treblecross "..X.X..."');
  const ending = next() < 0.3 ? '\r\n' : '\n';
  return `${lines.join(ending)}${next() < 0.8 ? ending : ''}`;
}

/** Comments as the lexer sees them: `#` to the end of the line, outside a row's quotes. */
function comments(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    let inString = false;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '"') inString = !inString;
      else if (line[i] === '#' && !inString) {
        found.push(line.slice(i).trimEnd());
        break;
      }
    }
  }
  return found;
}

/** Each game's value from `grundy analyze --json`, in order: what the document means. */
function cliValues(text: string, dir: string): string[] {
  const file = join(dir, `doc-${Math.floor(Math.random() * 1e9)}.game`);
  writeFileSync(file, text);
  const result = spawnSync(process.execPath, [repositoryPath('out', 'cli', 'grundy.js'), 'analyze', file, '--json'], {
    encoding: 'utf8',
  });
  const { games } = JSON.parse(result.stdout) as {
    games: { nimber: string | null; outcome: string | null; play: string }[];
  };
  return games.map((g) => `${g.play} ${g.nimber} ${g.outcome}`);
}

class Checker {
  readonly document: TextDocument;
  constructor(
    readonly text: string,
    readonly label: string,
  ) {
    this.document = TextDocument.create('file:///check.game', 'game', 1, text);
  }

  inside(position: Position, what: string): void {
    assert.ok(
      position.line >= 0 && position.line < this.document.lineCount,
      `${this.label}: ${what}: line ${position.line} of ${this.document.lineCount}`,
    );
    const length = this.lineLength(position.line);
    assert.ok(
      position.character >= 0 && position.character <= length,
      `${this.label}: ${what}: character ${position.character} on a line of ${length}`,
    );
  }

  range(range: Range, what: string): void {
    this.inside(range.start, what);
    this.inside(range.end, what);
    assert.ok(
      this.document.offsetAt(range.start) <= this.document.offsetAt(range.end),
      `${this.label}: ${what}: a range that ends before it starts`,
    );
  }

  lineLength(line: number): number {
    const start = this.document.offsetAt({ line, character: 0 });
    const end = this.document.offsetAt({ line, character: Number.MAX_SAFE_INTEGER });
    return end - start;
  }

  contains(outer: Range, inner: Range | Position): boolean {
    const [start, end] = 'start' in inner ? [inner.start, inner.end] : [inner, inner];
    return (
      this.document.offsetAt(outer.start) <= this.document.offsetAt(start) &&
      this.document.offsetAt(end) <= this.document.offsetAt(outer.end)
    );
  }
}

describe('the language tool on random documents (in-process server)', function () {
  this.timeout(240_000);
  let session: LanguageServerSession;
  let capabilities: InitializeResult['capabilities'];
  let dir: string;
  let counter = 0;

  // Named so that it is not read as a test hook by the linter.
  const startServer = async () => {
    const started = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 2000 } } });
    session = started.session;
    capabilities = started.initialize.capabilities;
    dir = mkdtempSync(join(tmpdir(), 'grundy-language-fuzz-'));
  };
  const stopServer = async () => {
    await session.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  before(startServer);
  after(stopServer);

  /** Opens `text` under a fresh uri and waits for its diagnostics. */
  async function open(text: string): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
    const uri = `file:///fuzz/doc${++counter}.game`;
    const published = session.nextDiagnostics(uri);
    await session.open(uri, text);
    return { uri, diagnostics: (await published).diagnostics };
  }

  /** A request whose only allowed failure is a refusal with a message. */
  async function ask<R>(method: string, params: unknown, label: string): Promise<R | undefined> {
    try {
      return await session.request<R>(method, params);
    } catch (cause) {
      assert.ok(cause instanceof ResponseError, `${label}: ${method} threw ${String(cause)}`);
      assert.equal(cause.code, REQUEST_FAILED, `${label}: ${method} failed with ${cause.code}: ${cause.message}`);
      assert.ok(cause.message.length > 0, `${label}: ${method} refused without a message`);
      return undefined;
    }
  }

  /** Every request at random positions, with the invariants that hold whatever the text. */
  async function everyRequest(
    text: string,
    uri: string,
    diagnostics: Diagnostic[],
    next: Next,
    label: string,
  ): Promise<void> {
    const check = new Checker(text, label);
    const textDocument = { uri };
    const positions: Position[] = [check.document.positionAt(text.length), { line: 0, character: 0 }];
    for (let i = 0; i < 12; i++) positions.push(check.document.positionAt(Math.floor(next() * (text.length + 1))));
    // Past a line's end, as LSP allows: the server reads it as the line's end.
    const line = Math.floor(next() * check.document.lineCount);
    positions.push({ line, character: check.lineLength(line) + 3 });
    for (const position of positions) {
      const at = `${label} at ${position.line}:${position.character}`;
      const clamped = check.document.positionAt(check.document.offsetAt(position));
      const hover = await ask<Hover | null>('textDocument/hover', { textDocument, position }, at);
      if (hover?.range) {
        check.range(hover.range, `${at}: hover`);
        assert.ok(
          check.contains(hover.range, clamped),
          `${at}: the hover's range ${JSON.stringify(hover.range)} does not contain the position`,
        );
      }
      await ask('textDocument/completion', { textDocument, position }, at);
      for (const method of ['textDocument/definition', 'textDocument/documentHighlight']) {
        const found = await ask<{ range: Range } | { range: Range }[] | null>(method, { textDocument, position }, at);
        for (const item of found ? (Array.isArray(found) ? found : [found]) : [])
          check.range(item.range, `${at}: ${method}`);
      }
      const refs = await ask<{ range: Range }[] | null>(
        'textDocument/references',
        { textDocument, position, context: { includeDeclaration: true } },
        at,
      );
      for (const ref of refs ?? []) check.range(ref.range, `${at}: references`);
      if (capabilities.renameProvider) {
        const prepared = await ask<Range | { range: Range } | null>(
          'textDocument/prepareRename',
          { textDocument, position },
          at,
        );
        if (prepared) check.range('range' in prepared ? prepared.range : prepared, `${at}: prepareRename`);
        const edit = await ask<WorkspaceEdit | null>(
          'textDocument/rename',
          { textDocument, position, newName: 'fresh_name' },
          at,
        );
        for (const change of Object.values(edit?.changes ?? {}))
          for (const e of change) check.range(e.range, `${at}: rename`);
        for (const change of edit?.documentChanges ?? [])
          if ('edits' in change) for (const e of change.edits) check.range(e.range, `${at}: rename`);
      }
    }
    const selections = await ask<SelectionRange[]>('textDocument/selectionRange', { textDocument, positions }, label);
    for (const [i, selection] of (selections ?? []).entries()) {
      for (let r: SelectionRange | undefined = selection; r; r = r.parent) {
        check.range(r.range, `${label}: selection range`);
        if (r.parent)
          assert.ok(check.contains(r.parent.range, r.range), `${label}: selection range ${i} is not inside its parent`);
      }
    }
    const symbols = await ask<{ range: Range; selectionRange: Range; children?: { range: Range }[] }[]>(
      'textDocument/documentSymbol',
      { textDocument },
      label,
    );
    for (const symbol of symbols ?? []) {
      check.range(symbol.range, `${label}: symbol`);
      check.range(symbol.selectionRange, `${label}: symbol`);
      for (const child of symbol.children ?? []) check.range(child.range, `${label}: symbol`);
    }
    const folds = await ask<{ startLine: number; endLine: number }[]>(
      'textDocument/foldingRange',
      { textDocument },
      label,
    );
    for (const fold of folds ?? [])
      assert.ok(fold.startLine <= fold.endLine && fold.endLine < check.document.lineCount, `${label}: folding range`);
    const tokens = await ask<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument }, label);
    if (tokens) {
      assert.equal(tokens.data.length % 5, 0);
      let tokenLine = 0;
      let tokenStart = 0;
      let previousEnd = -1;
      for (let i = 0; i < tokens.data.length; i += 5) {
        const [deltaLine, deltaStart, length] = tokens.data.slice(i, i + 3);
        if (deltaLine > 0) {
          tokenLine += deltaLine;
          tokenStart = deltaStart;
          previousEnd = -1;
        } else tokenStart += deltaStart;
        assert.ok(length > 0, `${label}: an empty semantic token`);
        assert.ok(tokenStart >= previousEnd, `${label}: semantic tokens overlap or go back on line ${tokenLine}`);
        assert.ok(
          tokenStart + length <= check.lineLength(tokenLine),
          `${label}: a semantic token past the end of line ${tokenLine}`,
        );
        previousEnd = tokenStart + length;
      }
    }
    const lenses = (await ask<CodeLens[]>('textDocument/codeLens', { textDocument }, label)) ?? [];
    for (const lens of lenses) {
      check.range(lens.range, `${label}: code lens`);
      const resolved = await ask<CodeLens>('codeLens/resolve', lens, label);
      if (resolved) check.range(resolved.range, `${label}: resolved code lens`);
    }
    const whole = { start: { line: 0, character: 0 }, end: check.document.positionAt(text.length) };
    const hints = (await ask<InlayHint[]>('textDocument/inlayHint', { textDocument, range: whole }, label)) ?? [];
    for (const hint of hints) {
      check.inside(hint.position, `${label}: inlay hint`);
      const resolved = await ask<InlayHint>('inlayHint/resolve', hint, label);
      if (resolved) check.inside(resolved.position, `${label}: resolved inlay hint`);
    }
    const actions =
      (await ask<CodeAction[]>(
        'textDocument/codeAction',
        { textDocument, range: whole, context: { diagnostics } },
        label,
      )) ?? [];
    for (const action of actions)
      for (const edit of action.edit?.changes?.[uri] ?? []) check.range(edit.range, `${label}: quick fix`);
  }

  /** The document's formatting, applied. */
  async function formatted(text: string, uri: string, label: string): Promise<string> {
    const edits =
      (await ask<TextEdit[]>(
        'textDocument/formatting',
        { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } },
        label,
      )) ?? [];
    const check = new Checker(text, label);
    for (const edit of edits) check.range(edit.range, `${label}: formatting`);
    return TextDocument.applyEdits(TextDocument.create(uri, 'game', 1, text), edits);
  }

  for (const seed of SEEDS) {
    it(`seed ${seed}: every request at random places, on documents and corrupt copies: refusals only`, async () => {
      const next = random(seed);
      for (let d = 0; d < DOCUMENTS; d++) {
        const text = generatedDocument(next);
        for (const [variant, body] of [
          ['generated', text],
          ['corrupted', mutate(text, next)],
        ] as const) {
          const label = `seed ${seed}, document ${d} (${variant}): ${JSON.stringify(body.slice(0, 4000))}`;
          const { uri, diagnostics } = await open(body);
          if (variant === 'generated')
            assert.deepEqual(
              diagnostics.filter((x) => x.severity === 1),
              [],
              `${label}: a generated document has errors`,
            );
          await everyRequest(body, uri, diagnostics, next, label);
          await session.close(uri);
        }
      }
    });

    it(`seed ${seed}: formatting is idempotent, keeps every comment and (valid documents) the values`, async () => {
      const next = random(seed + 1);
      for (let d = 0; d < DOCUMENTS; d++) {
        const text = generatedDocument(next);
        for (const [variant, body] of [
          ['generated', text],
          ['corrupted', mutate(text, next)],
        ] as const) {
          const label = `seed ${seed}, document ${d} (${variant}): ${JSON.stringify(body.slice(0, 4000))}`;
          const { uri } = await open(body);
          const once = await formatted(body, uri, label);
          assert.deepEqual(comments(once), comments(body), `${label}: formatting changed the comments`);
          const second = await open(once);
          const twice = await formatted(once, second.uri, label);
          assert.equal(twice, once, `${label}: formatting the formatted text changed it`);
          if (variant === 'generated')
            assert.deepEqual(cliValues(once, dir), cliValues(body, dir), `${label}: formatting changed the values`);
          await session.close(uri);
          await session.close(second.uri);
        }
      }
    });

    it(`seed ${seed}: a rename keeps every value and adds no diagnostic; a quick fix adds none elsewhere`, async () => {
      const next = random(seed + 2);
      for (let d = 0; d < DOCUMENTS; d++) {
        const text = generatedDocument(next);
        const label = `seed ${seed}, document ${d}: ${JSON.stringify(text.slice(0, 4000))}`;
        const { uri } = await open(text);
        const values = cliValues(text, dir);
        let renames = 0;
        // A rename at each of a few names (rules, graphs, vertices, games).
        const names = [...text.matchAll(/\b(r[0-7]|g0|game\d+|[a-e])\b/g)].filter(
          (m) => !comments(text).some((c) => c.includes(m[0])),
        );
        for (let k = 0; k < 3 && names.length > 0; k++) {
          const match = names[Math.floor(next() * names.length)];
          const document = TextDocument.create(uri, 'game', 1, text);
          const position = document.positionAt(match.index! + 1);
          const edit = await ask<WorkspaceEdit | null>(
            'textDocument/rename',
            { textDocument: { uri }, position, newName: `renamed_${k}` },
            label,
          );
          if (!edit) continue;
          const renamed = TextDocument.applyEdits(document, edit.changes?.[uri] ?? []);
          const after = await open(renamed);
          assert.deepEqual(
            after.diagnostics.filter((x) => x.severity === 1),
            [],
            `${label}: renaming \`${match[0]}\` made errors`,
          );
          assert.deepEqual(cliValues(renamed, dir), values, `${label}: renaming \`${match[0]}\` changed the values`);
          renames++;
          await session.close(after.uri);
        }
        assert.ok(renames > 0 || names.length === 0, `${label}: no rename was made`);
        await session.close(uri);
        // Quick fixes on a corrupted copy: each applied alone adds no diagnostic outside the lines it edits.
        const corrupted = mutate(text, next);
        const opened = await open(corrupted);
        const document = TextDocument.create(opened.uri, 'game', 1, corrupted);
        const actions =
          (await ask<CodeAction[]>(
            'textDocument/codeAction',
            {
              textDocument: { uri: opened.uri },
              range: { start: { line: 0, character: 0 }, end: document.positionAt(corrupted.length) },
              context: { diagnostics: opened.diagnostics },
            },
            label,
          )) ?? [];
        for (const action of actions) {
          const edits = action.edit?.changes?.[opened.uri] ?? [];
          if (edits.length === 0) continue;
          const fixed = TextDocument.applyEdits(document, edits);
          const after = await open(fixed);
          const firstLine = Math.min(...edits.map((e) => e.range.start.line));
          const lastLine = Math.max(...edits.map((e) => e.range.end.line));
          const delta = fixed.split(/\r\n|\r|\n/).length - corrupted.split(/\r\n|\r|\n/).length;
          const before = new Set(
            opened.diagnostics.map((x) => `${x.code} ${x.range.start.line}:${x.range.start.character}`),
          );
          for (const diagnostic of after.diagnostics) {
            const line = diagnostic.range.start.line;
            if (line >= firstLine && line <= lastLine + delta) continue; // the edited lines
            const was = line > lastLine + delta ? line - delta : line;
            assert.ok(
              before.has(`${diagnostic.code} ${was}:${diagnostic.range.start.character}`),
              `${label}: the quick fix "${action.title}" added ${diagnostic.code} on line ${line + 1}: ` +
                `${diagnostic.message}\n${JSON.stringify(corrupted)}`,
            );
          }
          await session.close(after.uri);
        }
        await session.close(opened.uri);
      }
    });

    it(`seed ${seed}: incremental edits give the diagnostics of a fresh open`, async () => {
      const next = random(seed + 3);
      const snippets = [
        'x',
        ' ',
        '\n',
        '\r\n',
        '#',
        '"',
        '+',
        '{',
        '}',
        ',',
        '->',
        '3',
        'at ',
        'game q = nim 2\n',
        'rule',
        '\t',
        '(',
        ')',
        '[',
        'é',
      ];
      for (let d = 0; d < DOCUMENTS; d++) {
        const text = next() < 0.5 ? generatedDocument(next) : mutate(generatedDocument(next), next);
        const label = `seed ${seed}, document ${d}`;
        const { uri } = await open(text);
        let version = 1;
        for (let e = 0; e < 8; e++) {
          const current = TextDocument.create(uri, 'game', 1, session.text(uri));
          const length = current.getText().length;
          const start = Math.floor(next() * (length + 1));
          const end = Math.min(length, start + Math.floor(next() * 6));
          const range = { start: current.positionAt(start), end: current.positionAt(end) };
          version = await session.edit(uri, range, next() < 0.3 ? '' : snippets[Math.floor(next() * snippets.length)]);
        }
        const final = await session.nextDiagnostics(uri, (p: PublishDiagnosticsParams) => p.version === version);
        const fresh = await open(session.text(uri));
        const shape = (list: Diagnostic[]) =>
          list.map(
            (x) =>
              `${x.range.start.line}:${x.range.start.character}-${x.range.end.line}:${x.range.end.character} ` +
              `${x.code} ${x.message}`,
          );
        assert.deepEqual(
          shape(final.diagnostics),
          shape(fresh.diagnostics),
          `${label}: incremental and fresh differ for ${JSON.stringify(session.text(uri))}`,
        );
        await session.close(uri);
        await session.close(fresh.uri);
      }
    });
  }
});
