// The front end must never throw and never hang, whatever it is given: thousands of documents
// made by mutating the examples (deleting, duplicating and swapping characters and lines) and
// by gluing random tokens together.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { analyzeText } from '../../server/src/language/analyze';
import { gameFilesIn } from '../helpers/paths';

/** A small deterministic generator (mulberry32), so a failure can be reproduced from its seed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const tokens = [
  'rule', 'game', 'graph', 'at', 'subtract', 'all', 'except', 'octal', 'misere', 'nim', 'kayles', 'treblecross',
  'dawson-kayles', 'g', 'a', 'b', 'x-y', '=', '{', '}', ',', '+', '->', '-', '>', '0', '1', '7', '0.77', '0.8', '1.', '99999999999999999999999',
  '"..X."', '"XX', '"', '#', '\n', '\r\n', ' ', '\t', '@', '→', '(', ')', ';', '3a', 'é', '😀', '\u0000',
];

function mutate(text: string, next: () => number): string {
  const pick = (n: number) => Math.floor(next() * n);
  const mutations = 1 + pick(6);
  for (let m = 0; m < mutations; m++) {
    const lines = text.split('\n');
    switch (pick(7)) {
      case 0: {
        const at = pick(text.length + 1);
        text = text.slice(0, at) + text.slice(at + 1 + pick(4));
        break;
      }
      case 1: {
        const at = pick(text.length + 1);
        const length = 1 + pick(8);
        text = text.slice(0, at) + text.slice(at, at + length) + text.slice(at);
        break;
      }
      case 2: {
        const i = pick(text.length);
        const j = pick(text.length);
        const chars = [...text];
        [chars[i], chars[j]] = [chars[j], chars[i]];
        text = chars.join('');
        break;
      }
      case 3:
        lines.splice(pick(lines.length), 1);
        text = lines.join('\n');
        break;
      case 4: {
        const i = pick(lines.length);
        lines.splice(pick(lines.length), 0, lines[i]);
        text = lines.join('\n');
        break;
      }
      case 5: {
        const i = pick(lines.length);
        const j = pick(lines.length);
        [lines[i], lines[j]] = [lines[j], lines[i]];
        text = lines.join('\n');
        break;
      }
      default: {
        const at = pick(text.length + 1);
        text = text.slice(0, at) + tokens[pick(tokens.length)] + text.slice(at);
      }
    }
  }
  return text;
}

function tokenSoup(next: () => number): string {
  const count = Math.floor(next() * 60);
  let text = '';
  for (let i = 0; i < count; i++) text += tokens[Math.floor(next() * tokens.length)] + (next() < 0.7 ? ' ' : '');
  return text;
}

describe('front end fuzzing', () => {
  const examples = [...gameFilesIn('examples'), ...gameFilesIn('test', 'fixtures', 'valid')].map((file) => readFileSync(file, 'utf8'));

  it('10,000 mutated and random documents analyse without an exception, each well under 100 ms', () => {
    const next = random(20261122);
    let slowest = 0;
    let diagnosticsSeen = 0;
    for (let i = 0; i < 10_000; i++) {
      const text = i % 5 === 4 ? tokenSoup(next) : mutate(examples[i % examples.length], next);
      const started = performance.now();
      let document;
      try {
        document = analyzeText(text);
      } catch (cause) {
        assert.fail(`document ${i} threw ${String(cause)}:\n${JSON.stringify(text)}`);
      }
      slowest = Math.max(slowest, performance.now() - started);
      for (const diagnostic of document.diagnostics) {
        diagnosticsSeen++;
        const { start, end } = diagnostic.span;
        assert.ok(0 <= start && start <= end && end <= text.length, `span ${start}-${end} inside document ${i} (${text.length} chars)`);
        assert.ok(diagnostic.message.length > 0);
      }
    }
    assert.ok(diagnosticsSeen > 1000, 'the mutations do produce mistakes');
    assert.ok(slowest < 100, `slowest document took ${slowest.toFixed(1)} ms`);
  });

  it('a 200,000-vertex chain is parsed and checked for cycles without recursion', () => {
    const lines = ['graph chain {'];
    for (let v = 0; v < 200_000; v++) lines.push(`  v${v} -> v${v + 1}`);
    lines.push('}', 'game far = chain at v0');
    const document = analyzeText(lines.join('\n'));
    assert.deepEqual(document.diagnostics, []);
    assert.equal(document.model.games[0].valid, true);
  });

  it('a cycle through 100,000 vertices is found and shown shortened', () => {
    const lines = ['graph ring {'];
    for (let v = 0; v < 100_000; v++) lines.push(`  v${v} -> v${(v + 1) % 100_000}`);
    lines.push('}');
    const document = analyzeText(lines.join('\n'));
    assert.equal(document.diagnostics.length, 1);
    assert.equal(
      document.diagnostics[0].message,
      'graph `ring` has a cycle: v0 -> v1 -> v2 -> v3 -> v4 -> … -> v99997 -> v99998 -> v99999 -> v0; the positions of a game must not repeat',
    );
  });
});
