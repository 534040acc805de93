// The TextMate grammar, run by the same engine VS Code uses (vscode-textmate + Oniguruma).
// Each case is one line of `.game` text and the scope of each of its tokens, blanks left out.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as oniguruma from 'vscode-oniguruma';
import { type IGrammar, INITIAL, parseRawGrammar, Registry } from 'vscode-textmate';
import {
  CANCEL_COMPUTATIONS_COMMAND,
  COPY_EXPLANATION_COMMAND,
  COPY_NIMBER_COMMAND,
  EXPLORE_QUOTIENT_COMMAND,
  EXPLORE_SEQUENCE_COMMAND,
  OPEN_EXAMPLE_COMMAND,
  PLAY_COMMAND,
  RESTART_SERVER_COMMAND,
  SHOW_BOARD_COMMAND,
  SHOW_GAME_TREE_COMMAND,
  SHOW_GRAPH_COMMAND,
  SHOW_MOVES_COMMAND,
  SHOW_OUTPUT_COMMAND,
  SHOW_PICTURE_COMMAND,
  STOP_PLAY_COMMAND,
} from '../../server/src/protocol';
import { repositoryPath } from '../helpers/paths';

const cases: [string, [string, string][]][] = [
  [
    'rule half = moves n -> n-k for k in 1..min(n, 9) if n % 2 == 0',
    [
      ['rule', 'storage.type.rule.game'],
      ['half', 'entity.name.function.rule.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['moves', 'keyword.other.game'],
      ['n', 'variable.parameter.moves.game'],
      ['->', 'keyword.operator.arrow.game'],
      ['n', 'variable.parameter.moves.game'],
      ['-', 'keyword.operator.arithmetic.game'],
      ['k', 'variable.parameter.moves.game'],
      ['for', 'keyword.control.moves.game'],
      ['k', 'variable.parameter.moves.game'],
      ['in', 'keyword.control.moves.game'],
      ['1', 'constant.numeric.integer.game'],
      ['..', 'keyword.operator.arithmetic.game'],
      ['min', 'support.function.moves.game'],
      ['(', 'punctuation.section.parens.game'],
      ['n', 'variable.parameter.moves.game'],
      [',', 'punctuation.separator.comma.game'],
      ['9', 'constant.numeric.integer.game'],
      [')', 'punctuation.section.parens.game'],
      ['if', 'keyword.control.moves.game'],
      ['n', 'variable.parameter.moves.game'],
      ['%', 'keyword.operator.arithmetic.game'],
      ['2', 'constant.numeric.integer.game'],
      ['==', 'keyword.operator.arithmetic.game'],
      ['0', 'constant.numeric.integer.game'],
    ],
  ],
  [
    '     | [a, n - a] for a in 1..n # a clause on a line of its own',
    [
      ['|', 'keyword.operator.clause.game'],
      ['[', 'punctuation.section.brackets.game'],
      ['a', 'variable.parameter.moves.game'],
      [',', 'punctuation.separator.comma.game'],
      ['n', 'variable.parameter.moves.game'],
      ['-', 'keyword.operator.arithmetic.game'],
      ['a', 'variable.parameter.moves.game'],
      [']', 'punctuation.section.brackets.game'],
      ['for', 'keyword.control.moves.game'],
      ['a', 'variable.parameter.moves.game'],
      ['in', 'keyword.control.moves.game'],
      ['1', 'constant.numeric.integer.game'],
      ['..', 'keyword.operator.arithmetic.game'],
      ['n', 'variable.parameter.moves.game'],
      ['#', 'punctuation.definition.comment.game'],
      [' a clause on a line of its own', 'comment.line.number-sign.game'],
    ],
  ],
  [
    'rule m = subtract powers of 2 | {3} # a set',
    [
      ['rule', 'storage.type.rule.game'],
      ['m', 'entity.name.function.rule.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['subtract', 'keyword.other.game'],
      ['powers', 'support.constant.set.game'],
      ['of', 'support.constant.set.game'],
      ['2', 'constant.numeric.integer.game'],
      ['|', 'keyword.operator.union.game'],
      ['{', 'punctuation.section.braces.game'],
      ['3', 'constant.numeric.integer.game'],
      ['}', 'punctuation.section.braces.game'],
      ['#', 'punctuation.definition.comment.game'],
      [' a set', 'comment.line.number-sign.game'],
    ],
  ],
  [
    'rule s = subtract all except squares',
    [
      ['rule', 'storage.type.rule.game'],
      ['s', 'entity.name.function.rule.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['subtract', 'keyword.other.game'],
      ['all', 'keyword.other.game'],
      ['except', 'keyword.other.game'],
      ['squares', 'support.constant.set.game'],
    ],
  ],
  [
    'game squares = primes 3',
    [
      ['game', 'storage.type.game.game'],
      ['squares', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['primes', 'variable.other.name.game'],
      ['3', 'constant.numeric.integer.game'],
    ],
  ],
  [
    '# a comment',
    [
      ['#', 'punctuation.definition.comment.game'],
      [' a comment', 'comment.line.number-sign.game'],
    ],
  ],
  [
    'rule onetwo = subtract {1, 2}',
    [
      ['rule', 'storage.type.rule.game'],
      ['onetwo', 'entity.name.function.rule.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['subtract', 'keyword.other.game'],
      ['{', 'punctuation.section.braces.game'],
      ['1', 'constant.numeric.integer.game'],
      [',', 'punctuation.separator.comma.game'],
      ['2', 'constant.numeric.integer.game'],
      ['}', 'punctuation.section.braces.game'],
    ],
  ],
  [
    'rule k = octal 0.77',
    [
      ['rule', 'storage.type.rule.game'],
      ['k', 'entity.name.function.rule.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['octal', 'keyword.other.game'],
      ['0.77', 'constant.numeric.octal-code.game'],
    ],
  ],
  [
    'rule n = subtract all except {1}',
    [
      ['rule', 'storage.type.rule.game'],
      ['n', 'entity.name.function.rule.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['subtract', 'keyword.other.game'],
      ['all', 'keyword.other.game'],
      ['except', 'keyword.other.game'],
      ['{', 'punctuation.section.braces.game'],
      ['1', 'constant.numeric.integer.game'],
      ['}', 'punctuation.section.braces.game'],
    ],
  ],
  [
    'graph g {',
    [
      ['graph', 'storage.type.graph.game'],
      ['g', 'entity.name.type.graph.game'],
      ['{', 'punctuation.section.braces.game'],
    ],
  ],
  [
    '  a->b, c',
    [
      ['a', 'variable.other.name.game'],
      ['->', 'keyword.operator.arrow.game'],
      ['b', 'variable.other.name.game'],
      [',', 'punctuation.separator.comma.game'],
      ['c', 'variable.other.name.game'],
    ],
  ],
  [
    'game mixed = misere dawson-kayles 7 + g at b + kayles "XX.x"',
    [
      ['game', 'storage.type.game.game'],
      ['mixed', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['misere', 'storage.modifier.misere.game'],
      ['dawson-kayles', 'support.function.builtin.game'],
      ['7', 'constant.numeric.integer.game'],
      ['+', 'keyword.operator.sum.game'],
      ['g', 'variable.other.name.game'],
      ['at', 'keyword.other.game'],
      ['b', 'variable.other.name.game'],
      ['+', 'keyword.operator.sum.game'],
      ['kayles', 'support.function.builtin.game'],
      ['"', 'punctuation.definition.string.begin.game'],
      ['XX', 'constant.character.marked.game'],
      ['.', 'constant.character.empty.game'],
      ['x', 'string.quoted.double.text.game'],
      ['"', 'punctuation.definition.string.end.game'],
    ],
  ],
  // A name that merely contains a keyword or a built-in is a plain name.
  [
    'game nim-ish = rules 1',
    [
      ['game', 'storage.type.game.game'],
      ['nim-ish', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['rules', 'variable.other.name.game'],
      ['1', 'constant.numeric.integer.game'],
    ],
  ],
  [
    'game w = wythoff (3, 5) + leftmost [1, 0]',
    [
      ['game', 'storage.type.game.game'],
      ['w', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['wythoff', 'support.function.builtin.game'],
      ['(', 'punctuation.section.parens.game'],
      ['3', 'constant.numeric.integer.game'],
      [',', 'punctuation.separator.comma.game'],
      ['5', 'constant.numeric.integer.game'],
      [')', 'punctuation.section.parens.game'],
      ['+', 'keyword.operator.sum.game'],
      ['leftmost', 'support.function.builtin.game'],
      ['[', 'punctuation.section.brackets.game'],
      ['1', 'constant.numeric.integer.game'],
      [',', 'punctuation.separator.comma.game'],
      ['0', 'constant.numeric.integer.game'],
      [']', 'punctuation.section.brackets.game'],
    ],
  ],
  [
    'rule d = words {"ab"}',
    [
      ['rule', 'storage.type.rule.game'],
      ['d', 'entity.name.function.rule.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['words', 'keyword.other.game'],
      ['{', 'punctuation.section.braces.game'],
      ['"', 'punctuation.definition.string.begin.game'],
      ['ab', 'string.quoted.double.text.game'],
      ['"', 'punctuation.definition.string.end.game'],
      ['}', 'punctuation.section.braces.game'],
    ],
  ],
  [
    'rule h = hex 0.F8',
    [
      ['rule', 'storage.type.rule.game'],
      ['h', 'entity.name.function.rule.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['hex', 'keyword.other.game'],
      ['0.F8', 'constant.numeric.hex-code.game'],
    ],
  ],
  [
    'rule d = octal 4.07',
    [
      ['rule', 'storage.type.rule.game'],
      ['d', 'entity.name.function.rule.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['octal', 'keyword.other.game'],
      ['4.07', 'constant.numeric.octal-code.game'],
    ],
  ],
  [
    'rule g = octal 4!.0',
    [
      ['rule', 'storage.type.rule.game'],
      ['g', 'entity.name.function.rule.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['octal', 'keyword.other.game'],
      ['4!.0', 'constant.numeric.octal-code.game'],
    ],
  ],
  [
    'rule l = octal 0.1[37]',
    [
      ['rule', 'storage.type.rule.game'],
      ['l', 'entity.name.function.rule.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['octal', 'keyword.other.game'],
      ['0.1[37]', 'constant.numeric.octal-code.game'],
    ],
  ],
  [
    'game a = grundy 7 + lasker 6',
    [
      ['game', 'storage.type.game.game'],
      ['a', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['grundy', 'support.function.builtin.game'],
      ['7', 'constant.numeric.integer.game'],
      ['+', 'keyword.operator.sum.game'],
      ['lasker', 'support.function.builtin.game'],
      ['6', 'constant.numeric.integer.game'],
    ],
  ],
  [
    'game b = cram [".#"]',
    [
      ['game', 'storage.type.game.game'],
      ['b', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['cram', 'support.function.builtin.game'],
      ['[', 'punctuation.section.brackets.game'],
      ['"', 'punctuation.definition.string.begin.game'],
      ['.', 'constant.character.empty.game'],
      ['#', 'constant.character.filled.game'],
      ['"', 'punctuation.definition.string.end.game'],
      [']', 'punctuation.section.brackets.game'],
    ],
  ],
  [
    // Cram's boards: a cell that is none stands out; a second board is Cram's too.
    'game b = cram ["#x", ".."] ["."]',
    [
      ['game', 'storage.type.game.game'],
      ['b', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['cram', 'support.function.builtin.game'],
      ['[', 'punctuation.section.brackets.game'],
      ['"', 'punctuation.definition.string.begin.game'],
      ['#', 'constant.character.filled.game'],
      ['x', 'invalid.illegal.cell.game'],
      ['"', 'punctuation.definition.string.end.game'],
      [',', 'punctuation.separator.comma.game'],
      ['"', 'punctuation.definition.string.begin.game'],
      ['..', 'constant.character.empty.game'],
      ['"', 'punctuation.definition.string.end.game'],
      [']', 'punctuation.section.brackets.game'],
      ['[', 'punctuation.section.brackets.game'],
      ['"', 'punctuation.definition.string.begin.game'],
      ['.', 'constant.character.empty.game'],
      ['"', 'punctuation.definition.string.end.game'],
      [']', 'punctuation.section.brackets.game'],
    ],
  ],
  [
    // A graph of Node Kayles has no ground: `ground` is a vertex like any other.
    'game k = node-kayles { ground - a, b } # c',
    [
      ['game', 'storage.type.game.game'],
      ['k', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['node-kayles', 'support.function.builtin.game'],
      ['{', 'punctuation.section.braces.game'],
      ['ground', 'variable.other.name.game'],
      ['-', 'keyword.operator.edge.game'],
      ['a', 'variable.other.name.game'],
      [',', 'punctuation.separator.comma.game'],
      ['b', 'variable.other.name.game'],
      ['}', 'punctuation.section.braces.game'],
      ['#', 'punctuation.definition.comment.game'],
      [' c', 'comment.line.number-sign.game'],
    ],
  ],
  [
    'game c = chomp [3, 2]',
    [
      ['game', 'storage.type.game.game'],
      ['c', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['chomp', 'support.function.builtin.game'],
      ['[', 'punctuation.section.brackets.game'],
      ['3', 'constant.numeric.integer.game'],
      [',', 'punctuation.separator.comma.game'],
      ['2', 'constant.numeric.integer.game'],
      [']', 'punctuation.section.brackets.game'],
    ],
  ],
  [
    'game s = staircase [3, 0]',
    [
      ['game', 'storage.type.game.game'],
      ['s', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['staircase', 'support.function.builtin.game'],
      ['[', 'punctuation.section.brackets.game'],
      ['3', 'constant.numeric.integer.game'],
      [',', 'punctuation.separator.comma.game'],
      ['0', 'constant.numeric.integer.game'],
      [']', 'punctuation.section.brackets.game'],
    ],
  ],
  [
    'game t = hackenbush { ground - a, a-b - c }',
    [
      ['game', 'storage.type.game.game'],
      ['t', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['hackenbush', 'support.function.builtin.game'],
      ['{', 'punctuation.section.braces.game'],
      ['ground', 'support.constant.ground.game'],
      ['-', 'keyword.operator.edge.game'],
      ['a', 'variable.other.name.game'],
      [',', 'punctuation.separator.comma.game'],
      ['a-b', 'variable.other.name.game'],
      ['-', 'keyword.operator.edge.game'],
      ['c', 'variable.other.name.game'],
      ['}', 'punctuation.section.braces.game'],
    ],
  ],
  [
    'game hackenbush = ground 3',
    [
      ['game', 'storage.type.game.game'],
      ['hackenbush', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['ground', 'variable.other.name.game'],
      ['3', 'constant.numeric.integer.game'],
    ],
  ],
  // A contextual word is a plain name where it is not the built-in.
  [
    'game g = staircase 3',
    [
      ['game', 'storage.type.game.game'],
      ['g', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['staircase', 'variable.other.name.game'],
      ['3', 'constant.numeric.integer.game'],
    ],
  ],
  [
    'game t = treblecross "..X',
    [
      ['game', 'storage.type.game.game'],
      ['t', 'entity.name.variable.game.game'],
      ['=', 'keyword.operator.assignment.game'],
      ['treblecross', 'support.function.builtin.game'],
      ['"', 'punctuation.definition.string.begin.game'],
      ['..', 'constant.character.empty.game'],
      ['X', 'constant.character.marked.game'],
    ],
  ],
];

async function loadGrammar(): Promise<IGrammar> {
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
  const registry = new Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName !== 'source.game') return null;
      const path = repositoryPath('syntaxes', 'game.tmLanguage.json');
      return parseRawGrammar(readFileSync(path, 'utf8'), path);
    },
  });
  const grammar = await registry.loadGrammar('source.game');
  if (!grammar) throw new Error('grammar did not load');
  return grammar;
}

describe('TextMate grammar', () => {
  let grammar: IGrammar;
  before(async () => {
    grammar = await loadGrammar();
  });

  for (const [line, expected] of cases) {
    it(line, () => {
      const { tokens } = grammar.tokenizeLine(line, INITIAL);
      const actual = tokens
        .map(
          (token) =>
            [line.slice(token.startIndex, token.endIndex), token.scopes[token.scopes.length - 1]] as [string, string],
        )
        .filter(([text]) => text.trim() !== '');
      assert.deepEqual(actual, expected);
    });
  }

  it('a board a row a line, a graph an edge a line: rows are boards, `#` a filled cell; an unclosed one ends', () => {
    const text = [
      'game c = cram [ # a board',
      '  "#.x",',
      '] + arc-kayles {',
      '  a - b # an edge',
      '}',
      'game u = cram [',
      '  "..",',
      'game after = nim 1',
    ];
    let state = INITIAL;
    const scopes: string[] = [];
    for (const line of text) {
      const { tokens, ruleStack } = grammar.tokenizeLine(line, state);
      state = ruleStack;
      for (const token of tokens) {
        const written = line.slice(token.startIndex, token.endIndex);
        if (written.trim() !== '') scopes.push(`${written} ${token.scopes[token.scopes.length - 1]}`);
      }
    }
    assert.deepEqual(scopes, [
      'game storage.type.game.game',
      'c entity.name.variable.game.game',
      '= keyword.operator.assignment.game',
      'cram support.function.builtin.game',
      '[ punctuation.section.brackets.game',
      '# punctuation.definition.comment.game',
      ' a board comment.line.number-sign.game',
      '" punctuation.definition.string.begin.game',
      '# constant.character.filled.game',
      '. constant.character.empty.game',
      'x invalid.illegal.cell.game',
      '" punctuation.definition.string.end.game',
      ', punctuation.separator.comma.game',
      '] punctuation.section.brackets.game',
      '+ keyword.operator.sum.game',
      'arc-kayles support.function.builtin.game',
      '{ punctuation.section.braces.game',
      'a variable.other.name.game',
      '- keyword.operator.edge.game',
      'b variable.other.name.game',
      '# punctuation.definition.comment.game',
      ' an edge comment.line.number-sign.game',
      '} punctuation.section.braces.game',
      'game storage.type.game.game',
      'u entity.name.variable.game.game',
      '= keyword.operator.assignment.game',
      'cram support.function.builtin.game',
      '[ punctuation.section.brackets.game',
      '" punctuation.definition.string.begin.game',
      '.. constant.character.empty.game',
      '" punctuation.definition.string.end.game',
      ', punctuation.separator.comma.game',
      // The unclosed board ends where the next declaration starts.
      'game storage.type.game.game',
      'after entity.name.variable.game.game',
      '= keyword.operator.assignment.game',
      'nim support.function.builtin.game',
      '1 constant.numeric.integer.game',
    ]);
  });

  it('the manifest has exactly the commands of protocol.ts, in the Grundy category, each with a when clause', () => {
    const manifest = JSON.parse(readFileSync(repositoryPath('package.json'), 'utf8'));
    const commands = [
      CANCEL_COMPUTATIONS_COMMAND,
      COPY_EXPLANATION_COMMAND,
      COPY_NIMBER_COMMAND,
      EXPLORE_QUOTIENT_COMMAND,
      EXPLORE_SEQUENCE_COMMAND,
      OPEN_EXAMPLE_COMMAND,
      PLAY_COMMAND,
      RESTART_SERVER_COMMAND,
      SHOW_BOARD_COMMAND,
      SHOW_GAME_TREE_COMMAND,
      SHOW_GRAPH_COMMAND,
      SHOW_MOVES_COMMAND,
      SHOW_OUTPUT_COMMAND,
      SHOW_PICTURE_COMMAND,
      STOP_PLAY_COMMAND,
    ].sort();
    assert.deepEqual(manifest.contributes.commands.map((c: { command: string }) => c.command).sort(), commands);
    for (const command of manifest.contributes.commands) assert.equal(command.category, 'Grundy', command.command);
    const palette = manifest.contributes.menus.commandPalette as { command: string; when: string }[];
    assert.deepEqual(palette.map((entry) => entry.command).sort(), commands);
    // Each appears only where it applies; opening an example applies everywhere.
    for (const entry of palette)
      assert.ok(entry.command === OPEN_EXAMPLE_COMMAND || entry.when, `${entry.command} has a when clause`);
    // The walkthrough's steps run commands the manifest contributes, and show pictures it ships.
    const steps = manifest.contributes.walkthroughs[0].steps as { description: string; media: { image: string } }[];
    for (const step of steps) {
      for (const [, command] of step.description.matchAll(/\(command:([\w.]+)\)/g))
        assert.ok(commands.includes(command), command);
      assert.ok(existsSync(repositoryPath(step.media.image)), step.media.image);
    }
  });

  it('the manifest registers the grammar and the language configuration', () => {
    const manifest = JSON.parse(readFileSync(repositoryPath('package.json'), 'utf8'));
    assert.deepEqual(manifest.contributes.grammars, [
      { language: 'game', scopeName: 'source.game', path: './syntaxes/game.tmLanguage.json' },
      // ```game blocks in Markdown (test/markdown/contributions.test.ts tokenizes them).
      {
        scopeName: 'markdown.game.codeblock',
        path: './syntaxes/game.markdown.tmLanguage.json',
        injectTo: ['text.html.markdown'],
        embeddedLanguages: { 'meta.embedded.block.game': 'game' },
      },
    ]);
    const language = manifest.contributes.languages[0];
    assert.deepEqual(language.extensions, ['.game']);
    const configuration = JSON.parse(readFileSync(repositoryPath(language.configuration), 'utf8'));
    assert.equal(configuration.comments.lineComment, '#');
    assert.deepEqual(configuration.brackets, [['{', '}']]);
    assert.ok(new RegExp(configuration.wordPattern).test('dawson-kayles'));
    assert.equal(new RegExp(`^(?:${configuration.wordPattern})`).exec('dawson-kayles 3')?.[0], 'dawson-kayles');
  });
});
