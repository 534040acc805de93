// Random documents of boards and graph games (issue 43), for fuzzing the front end and the features: a soup of their
// tokens (`cram`, `chomp`, `node-kayles`, `arc-kayles`, brackets and braces, rows of `.` and `#` and of characters
// that are no cells, dashes, vertices, commas, line breaks inside brackets), mostly after `game g =` so that the
// parser reads them as components; and boards written whole, a row a line or a graph an edge a line, then mutated.
import { mutate } from './mutate';

const BOARD_TOKENS = [
  'cram',
  'chomp',
  'node-kayles',
  'arc-kayles',
  'hackenbush',
  'ground',
  'node',
  'kayles',
  'nodekayles',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  '-',
  '->',
  '–',
  ',',
  ';',
  '+',
  '=',
  '"...."',
  '".#.."',
  '"#"',
  '""',
  '"x.o_"',
  '"..',
  '"',
  '#',
  '# a comment',
  '\n',
  '\n',
  '\r\n',
  '\n  ',
  ' ',
  '0',
  '1',
  '3',
  '5',
  '9007199254740993',
  '99999999999999999999999',
  'a',
  'b',
  'c',
  'v1',
  'a-b',
  'misere',
  'game',
  'g',
  'nim',
  '2.5',
  '😀',
];

/** A soup of boards' tokens; most begin `game g =`, so that what follows is read as a component. */
export function boardSoup(next: () => number): string {
  const count = Math.floor(next() * 40);
  let text = next() < 0.8 ? `game g${Math.floor(next() * 3)} = ` : '';
  for (let i = 0; i < count; i++)
    text += BOARD_TOKENS[Math.floor(next() * BOARD_TOKENS.length)] + (next() < 0.6 ? ' ' : '');
  return text;
}

/** A board or graph written whole, in one of the ways people write them, then mutated a few times. */
export function boardDocument(next: () => number): string {
  const pick = (n: number) => Math.floor(next() * n);
  const lines: string[] = [];
  for (let g = 0; g < 1 + pick(3); g++) {
    const game = `game g${g} = ${next() < 0.2 ? 'misere ' : ''}`;
    const rows = 1 + pick(5);
    const width = 1 + pick(6);
    const row = () => Array.from({ length: width }, () => (next() < 0.75 ? '.' : '#')).join('');
    const vertex = () => `v${pick(6)}`;
    switch (pick(4)) {
      case 0: {
        const board = Array.from({ length: rows }, () => `"${row()}"`);
        lines.push(next() < 0.5 ? `${game}cram [${board.join(', ')}]` : `${game}cram [\n  ${board.join(',\n  ')},\n]`);
        break;
      }
      case 1: {
        let length = 1 + pick(7);
        const board = Array.from({ length: rows }, () => (length = Math.max(1, length - pick(3))));
        lines.push(`${game}chomp [${board.join(', ')}]${next() < 0.3 ? ' [2, 1]' : ''}`);
        break;
      }
      default: {
        const edges = Array.from({ length: 1 + pick(6) }, () =>
          next() < 0.85 ? `${vertex()} - ${vertex()}` : vertex(),
        );
        const kind = next() < 0.5 ? 'node-kayles' : 'arc-kayles';
        lines.push(
          next() < 0.5 ? `${game}${kind} { ${edges.join(', ')} }` : `${game}${kind} {\n  ${edges.join('\n  ')}\n}`,
        );
      }
    }
    if (next() < 0.3) lines[lines.length - 1] += ` + nim ${pick(5)}`;
  }
  return pick(4) === 0 ? lines.join('\n') : mutate(lines.join('\n'), next);
}
