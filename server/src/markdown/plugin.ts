// The markdown-it plugin: a fence whose info string is `game` renders as gameBlocks.ts writes it (the text, then
// its games' values); every other fence is left to the renderer it had. VS Code's Markdown preview takes it from the
// extension's `extendMarkdownIt`. markdown-it is the caller's (only its types are imported here).
import type { MarkdownIt } from 'markdown-it';
import { GameBlockRenderer } from './gameBlocks';

/** Is this a fence's info string for a game block (`game`, perhaps followed by attributes after a space)? */
export function isGameInfo(info: string): boolean {
  return /^game(?:$|[\s{:,?])/.test(info.trim());
}

/** Wraps `md`'s fence renderer; returns `md`. */
export function gameMarkdownPlugin(md: MarkdownIt, blocks = new GameBlockRenderer()): MarkdownIt {
  const renderer = md.renderer;
  const fence = renderer.rules.fence;
  renderer.rules.fence = (tokens, index, options, env, self) => {
    const token = tokens[index];
    const other = () => (fence ? fence(tokens, index, options, env, self) : self.renderToken(tokens, index, options));
    if (!isGameInfo(token.info)) return other();
    let inner: string;
    try {
      inner = blocks.render(token.content);
    } catch {
      // Never expected (the front end and the engine do not throw); the block is then shown as any code.
      return other();
    }
    // The token's attributes (VS Code's preview puts the line number there, for scrolling in step), our class added;
    // not `hljs`, which the preview may give a fence (its code's colours), since here the block holds a table too.
    const attributes = (token.attrs ?? []).filter(([name]) => name !== 'class');
    const given = String(token.attrGet('class') ?? '').split(/\s+/);
    const classes = ['grundy-block', ...given.filter((c) => c && c !== 'hljs')].join(' ');
    const written = attributes.map(([name, value]) => ` ${name}="${md.utils.escapeHtml(String(value))}"`).join('');
    return `<div class="${md.utils.escapeHtml(classes)}"${written}>\n${inner}</div>\n`;
  };
  return md;
}
