// A ```game block of a Markdown file as HTML: its text (coloured by the project's own lexer) and, under it, each of
// its games with its value, who wins and the first winning moves, as the editor writes them; its problems plainly.
// Pure: text in, HTML out (no VS Code, no markdown-it: plugin.ts wires this into a renderer).
//
// Markdown renders synchronously, on the thread that asks (VS Code's extension host for the preview), so the
// computation is bounded: each block has a small deadline of its own, a render has one for all its blocks, and a
// block shows at most MAX_SHOWN_GAMES games. What the budget does not reach says "too large to compute here". The
// HTML is kept by block text (a preview renders again on every keystroke; unchanged blocks cost a lookup).
import { reportGame } from '../analysis/gameReport';
import { infiniteValueText, star } from '../analysis/wording';
import { createEngineCache, type EngineCache, trimCache } from '../engine';
import type { Budget } from '../engine/types';
import { analyzeText } from '../language/analyze';
import type { Diagnostic } from '../language/diagnostics';
import { lex, type TokenKind } from '../language/lexer';
import type { GameSymbol } from '../language/model';

/** What one block's games may take, in milliseconds. */
export const BLOCK_BUDGET_MS = 100;
/** What one render's blocks may take together, in milliseconds. */
export const RENDER_BUDGET_MS = 400;
/** The games of a block that are shown (and computed); the rest are counted. */
export const MAX_SHOWN_GAMES = 60;
/** The problems of a block that are shown; the rest are counted. */
export const MAX_SHOWN_PROBLEMS = 5;
/** Winning moves listed per game; the rest are counted. */
export const MAX_LISTED_MOVES = 3;
/** What a game past the budget says. */
export const TOO_LARGE = 'too large to compute here';
/** How many times a block whose values the budget did not all reach is computed, on renders one after another. */
export const RETRIES = 3;
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

/** When a render's blocks must be done: one per render (plugin.ts starts it), absent for a block alone. */
export interface RenderSession {
  readonly deadline: number;
}

export function startRender(now = Date.now()): RenderSession {
  return { deadline: now + RENDER_BUDGET_MS };
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
  /** By block text: its HTML, and how many times it was computed without reaching every value (0: complete). */
  private readonly html = new Map<string, { readonly html: string; readonly tries: number }>();
  private characters = 0;

  /** `cache`: the engine's cache its blocks share (a test may hand it one already warm). */
  constructor(private readonly cache: EngineCache = createEngineCache()) {}

  /** The block's HTML (without the element around it, which carries the renderer's attributes). */
  render(text: string, session?: RenderSession): string {
    const kept = this.html.get(text);
    // A block some of whose values the budget did not reach is computed again by the next renders, up to RETRIES
    // times: the engine's cache resumes where it stopped (and a first render, slow while the code is cold, is not
    // the last word on a small game). Then it is kept as it is.
    if (kept !== undefined && (kept.tries === 0 || kept.tries >= RETRIES)) {
      // Most recently used last: the oldest is the first to go.
      this.html.delete(text);
      this.html.set(text, kept);
      return kept.html;
    }
    const own = Date.now() + BLOCK_BUDGET_MS;
    // The render's deadline is the nearer one: what it cut short is not kept, so the next render tries again.
    const cutByRender = session !== undefined && session.deadline < own;
    const { html, complete } = this.compute(text, cutByRender ? session.deadline : own);
    if (complete) this.keep(text, html, 0);
    else if (!cutByRender) this.keep(text, html, (kept?.tries ?? 0) + 1);
    return html;
  }

  private keep(text: string, html: string, tries: number): void {
    const before = this.html.get(text);
    if (before) {
      this.html.delete(text);
      this.characters -= text.length + before.html.length;
    }
    this.html.set(text, { html, tries });
    this.characters += text.length + html.length;
    // The oldest out first; the block just kept stays, whatever its size.
    while (this.html.size > 1 && (this.html.size > CACHED_BLOCKS || this.characters > CACHED_CHARACTERS)) {
      const [oldest, entry] = this.html.entries().next().value as [string, { html: string }];
      this.html.delete(oldest);
      this.characters -= oldest.length + entry.html.length;
    }
  }

  private compute(text: string, deadline: number): { html: string; complete: boolean } {
    const document = analyzeText(text);
    const lines = document.lines;
    const problems = document.diagnostics.filter((d) => d.severity !== 'info' && d.severity !== 'hint');
    const games = document.model.games;
    const shown = games.slice(0, MAX_SHOWN_GAMES);
    const budget: Budget = { deadline, maxSequenceBytes: SEQUENCE_BYTES };
    let complete = true;
    const rows = shown.map((game) => {
      const row = gameRow(document, game, budget, this.cache);
      if (row.unknown) complete = false;
      return row;
    });
    trimCache(this.cache, ENGINE_CACHE_BYTES);
    let html = `<pre class="grundy-code"><code class="language-game">${highlightGame(text)}</code></pre>\n`;
    if (problems.length > 0) html += problemsHtml(problems, (d) => lines.positionAt(d.span.start));
    if (rows.length > 0) html += gamesHtml(rows, games.length - shown.length);
    return { html, complete };
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
  if (budget.deadline !== undefined && Date.now() >= budget.deadline)
    return { name, value: '', winner: TOO_LARGE, moves: '', unknown: true };
  let report: ReturnType<typeof reportGame>;
  try {
    report = reportGame(document, game, { budget, cache, maxMoves: MAX_LISTED_MOVES });
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
