// A ```game block of a Markdown file as HTML: its text (coloured by the project's own lexer) and, under it, each of
// its games with its value, who wins and the first winning moves, as the editor writes them; its problems plainly.
// Pure: text in, HTML out (no VS Code, no markdown-it: plugin.ts wires this into a renderer).
//
// Markdown renders synchronously, on the thread that asks (VS Code's extension host for the preview), so each game
// is computed within PREVIEW_LIMITS, limits of work smaller than the editor's, and a block shows at most
// MAX_SHOWN_GAMES games. A game past them says "too large to compute here" and why, on any machine and beside any
// other block: no clock decides what a game shows. The HTML is kept by block text (a preview renders again on every
// keystroke; unchanged blocks cost a lookup).
import { reportGame } from '../analysis/gameReport';
import { infiniteValueText, star } from '../analysis/wording';
import { createEngineCache, type EngineCache, trimCache } from '../engine';
import type { Budget } from '../engine/types';
import { analyzeText } from '../language/analyze';
import type { Diagnostic } from '../language/diagnostics';
import { lex, type TokenKind } from '../language/lexer';
import type { GameSymbol } from '../language/model';

/**
 * What one game may compute in the preview: a rule's values (a game reads a shared sequence only this far, however far
 * another block grew it), the positions of a search, the elements its misère quotient reads. About 0.1 s each at most
 * here (0.007 to 2^14 values, the quotient of Dawson's Kayles to heap 29).
 */
export const PREVIEW_LIMITS = { values: 1 << 14, quotientWork: 20_000_000 } as const;
/** The games of a block that are shown (and computed); the rest are counted. */
export const MAX_SHOWN_GAMES = 60;
/** The problems of a block that are shown; the rest are counted. */
export const MAX_SHOWN_PROBLEMS = 5;
/** Winning moves listed per game; the rest are counted. */
export const MAX_LISTED_MOVES = 3;
/** What a game past the preview's limits says. */
export const TOO_LARGE = 'too large to compute here';
/** Blocks whose HTML is kept, and their HTML's characters at most (keys and values). */
const CACHED_BLOCKS = 200;
const CACHED_CHARACTERS = 4_000_000;
/** Memory the engine's cache (rules' sequences, shared by blocks) keeps between blocks. */
const ENGINE_CACHE_BYTES = 16 * 1024 * 1024;
/** Memory one sequence may take while a block is computed (4 bytes a value: a million values). */
const SEQUENCE_BYTES = 4 * 1024 * 1024;
/** Text past this many characters is shown plain, not coloured. */
const COLOURED_CHARACTERS = 200_000;

/** `&`, `<`, `>`, `"` and `'` as entities: text anywhere in HTML, attributes included. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A message for people as HTML: its `code` spans as code. */
export function messageHtml(message: string): string {
  return escapeHtml(message).replace(/`([^`\n]+)`/g, '<code>$1</code>');
}

/** The highlight.js classes VS Code's Markdown preview colours by the theme. */
const TOKEN_CLASSES: Partial<Record<TokenKind, string>> = {
  keyword: 'hljs-keyword',
  number: 'hljs-number',
  decimal: 'hljs-number',
  string: 'hljs-string',
};

/** The block's text as HTML, keywords, numbers, rows and comments in spans. */
export function highlightGame(text: string): string {
  if (text.length > COLOURED_CHARACTERS) return escapeHtml(text);
  const { tokens } = lex(text);
  let html = '';
  let at = 0;
  for (const token of tokens) {
    // Between tokens: spaces and perhaps a comment, which runs to the end of the gap (a newline is a token).
    const gap = text.slice(at, token.start);
    const hash = gap.indexOf('#');
    html +=
      hash < 0
        ? escapeHtml(gap)
        : `${escapeHtml(gap.slice(0, hash))}<span class="hljs-comment">${escapeHtml(gap.slice(hash))}</span>`;
    const kind = TOKEN_CLASSES[token.kind];
    const written = escapeHtml(token.text);
    html += kind ? `<span class="${kind}">${written}</span>` : written;
    at = token.end;
  }
  return html + escapeHtml(text.slice(at));
}

/** What one game of a block shows. */
interface GameRow {
  readonly name: string;
  readonly value: string;
  readonly winner: string;
  /** HTML. */
  readonly moves: string;
  readonly unknown: boolean;
}

/**
 * Renders ```game blocks, keeping the HTML of each block text it rendered (its engine cache shares rules' sequences
 * between blocks). One per Markdown renderer.
 */
export class GameBlockRenderer {
  /** By block text: its HTML. */
  private readonly html = new Map<string, { readonly html: string }>();
  private characters = 0;

  /** `cache`: the engine's cache its blocks share (a test may hand it one already warm). */
  constructor(private readonly cache: EngineCache = createEngineCache()) {}

  /** The block's HTML (without the element around it, which carries the renderer's attributes). */
  render(text: string): string {
    const kept = this.html.get(text);
    if (kept !== undefined) {
      // Most recently used last: the oldest is the first to go.
      this.html.delete(text);
      this.html.set(text, kept);
      return kept.html;
    }
    const html = this.compute(text);
    this.keep(text, html);
    return html;
  }

  private keep(text: string, html: string): void {
    const before = this.html.get(text);
    if (before) {
      this.html.delete(text);
      this.characters -= text.length + before.html.length;
    }
    this.html.set(text, { html });
    this.characters += text.length + html.length;
    // The oldest out first; the block just kept stays, whatever its size.
    while (this.html.size > 1 && (this.html.size > CACHED_BLOCKS || this.characters > CACHED_CHARACTERS)) {
      const [oldest, entry] = this.html.entries().next().value as [string, { html: string }];
      this.html.delete(oldest);
      this.characters -= oldest.length + entry.html.length;
    }
  }

  private compute(text: string): string {
    const document = analyzeText(text);
    const lines = document.lines;
    const problems = document.diagnostics.filter((d) => d.severity !== 'info' && d.severity !== 'hint');
    const games = document.model.games;
    const shown = games.slice(0, MAX_SHOWN_GAMES);
    const budget: Budget = { maxValues: PREVIEW_LIMITS.values, maxSequenceBytes: SEQUENCE_BYTES };
    const rows = shown.map((game) => gameRow(document, game, budget, this.cache));
    trimCache(this.cache, ENGINE_CACHE_BYTES);
    let html = `<pre class="grundy-code"><code class="language-game">${highlightGame(text)}</code></pre>\n`;
    if (problems.length > 0) html += problemsHtml(problems, (d) => lines.positionAt(d.span.start));
    if (rows.length > 0) html += gamesHtml(rows, games.length - shown.length);
    return html;
  }
}

function gameRow(
  document: ReturnType<typeof analyzeText>,
  game: GameSymbol,
  budget: Budget,
  cache: EngineCache,
): GameRow {
  const name = game.name;
  if (!game.valid) return { name, value: '', winner: 'not computed: the game has errors', moves: '', unknown: false };
  let report: ReturnType<typeof reportGame>;
  try {
    report = reportGame(document, game, {
      budget,
      cache,
      maxMoves: MAX_LISTED_MOVES,
      quotientWork: PREVIEW_LIMITS.quotientWork,
    });
  } catch (error) {
    // The engine never throws on checked games; should it, the block still renders.
    return { name, value: '', winner: `not computed: ${String(error)}`, moves: '', unknown: true };
  }
  const result = report.result;
  if (!result || result.outcome === null) {
    const why = result?.reason ? ` <span class="grundy-why">(${escapeHtml(result.reason)})</span>` : '';
    return { name, value: '', winner: TOO_LARGE, moves: why, unknown: true };
  }
  const value =
    result.nimber !== null
      ? star(result.nimber)
      : result.infinite
        ? infiniteValueText(result.infinite)
        : game.play === 'misere'
          ? `misère ${result.outcome}`
          : '';
  const winner =
    result.outcome === 'N' ? 'first player wins' : result.outcome === 'D' ? 'a draw' : 'second player wins';
  let moves = '';
  if (result.outcome === 'D') {
    // No move wins; these keep the draw (a graph with cycles).
    moves = report.drawMoves
      .map((m) => `<code title="${escapeHtml(m.description)}">${escapeHtml(m.label)}</code>`)
      .join(', ');
    moves = moves ? `keep it: ${moves}` : 'with best play the game never ends';
  } else if (result.outcome === 'N') {
    moves = report.winningMoves
      .map((m) => `<code title="${escapeHtml(m.description)}">${escapeHtml(m.label)}</code>`)
      .join(', ');
    const more = result.winningMoveCount - BigInt(report.winningMoves.length);
    if (more > 0n) moves += `${moves ? ', ' : ''}and ${more.toLocaleString('en-US')} more`;
  } else moves = 'every move loses';
  return { name, value, winner, moves, unknown: false };
}

function problemsHtml(problems: readonly Diagnostic[], at: (d: Diagnostic) => { line: number; character: number }) {
  const items = problems.slice(0, MAX_SHOWN_PROBLEMS).map((d) => {
    const { line, character } = at(d);
    return (
      `<li class="grundy-${d.severity}">${d.severity} on line ${line + 1}, column ${character + 1}: ` +
      `${messageHtml(d.message)}</li>`
    );
  });
  const more = problems.length - MAX_SHOWN_PROBLEMS;
  if (more > 0) items.push(`<li>and ${more.toLocaleString('en-US')} more</li>`);
  return `<ul class="grundy-problems">\n${items.join('\n')}\n</ul>\n`;
}

function gamesHtml(rows: readonly GameRow[], unshown: number): string {
  const body = rows.map(
    (row) =>
      `<tr${row.unknown ? ' class="grundy-unknown"' : ''}><td><code>${escapeHtml(row.name)}</code></td>` +
      `<td>${row.value ? `<code>${escapeHtml(row.value)}</code>` : ''}</td><td>${escapeHtml(row.winner)}</td>` +
      `<td>${row.moves}</td></tr>`,
  );
  const more =
    unshown > 0
      ? `<p class="grundy-more">and ${unshown.toLocaleString('en-US')} more games, not computed here</p>\n`
      : '';
  return (
    '<table class="grundy-games">\n<thead><tr><th>game</th><th>value</th><th>who wins</th><th>winning moves</th>' +
    `</tr></thead>\n<tbody>\n${body.join('\n')}\n</tbody>\n</table>\n${more}`
  );
}
