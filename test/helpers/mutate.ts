// Mutated and random `.game` documents, for fuzzing the front end and everything behind it.
import { readFileSync } from 'node:fs';
import { gameFilesIn } from './paths';

export { random } from '../engine/oracles/random';

/** The documents the fuzz tests mutate: every example and every valid fixture. */
export function fuzzSeeds(): string[] {
  return [...gameFilesIn('examples'), ...gameFilesIn('test', 'fixtures', 'valid')].map((file) =>
    readFileSync(file, 'utf8'),
  );
}

const tokens = [
  'rule',
  'game',
  'graph',
  'at',
  'subtract',
  'all',
  'except',
  'octal',
  'misere',
  'nim',
  'kayles',
  'treblecross',
  'dawson-kayles',
  'g',
  'a',
  'b',
  'x-y',
  '=',
  '{',
  '}',
  ',',
  '+',
  '->',
  '-',
  '>',
  '0',
  '1',
  '7',
  '0.77',
  '0.8',
  '1.',
  '99999999999999999999999',
  '"..X."',
  '"XX',
  '"',
  '#',
  '\n',
  '\r\n',
  ' ',
  '\t',
  '@',
  '→',
  '(',
  ')',
  ';',
  '3a',
  'é',
  '😀',
  '\u0000',
];

export function mutate(text: string, next: () => number): string {
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

/**
 * The words and signs of a rule of one's own (language version 4), for the token soup only: `mutate`
 * keeps its own list, so the front end's recording (recorded.test.ts) stays what it was recorded from.
 */
const movesTokens = ['moves', 'for', 'in', 'if', 'and', 'or', 'not', 'min', 'max', 'abs', 'n', 'k', '..', '...'];
const soupTokens = [...tokens, ...movesTokens, '|', '==', '!=', '<=', '[', ']', '*', '/', '%', '(x, y)', 'n-k'];

export function tokenSoup(next: () => number): string {
  const count = Math.floor(next() * 60);
  let text = '';
  for (let i = 0; i < count; i++)
    text += soupTokens[Math.floor(next() * soupTokens.length)] + (next() < 0.7 ? ' ' : '');
  return text;
}

/** One edit as typing makes them: a token inserted, a few characters deleted, or a line duplicated or deleted. */
export function typingEdit(text: string, next: () => number): string {
  const pick = (n: number) => Math.floor(next() * n);
  const at = pick(text.length + 1);
  switch (pick(5)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1 + pick(3));
    case 1:
    case 2:
      return text.slice(0, at) + tokens[pick(tokens.length)] + text.slice(at);
    default:
      return mutate(text, next);
  }
}
