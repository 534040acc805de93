// Renders what an editor would show for a document: inlay hints inline as `⟨label⟩`, and the code
// lenses of a line as a comment line above it, `#▸ title | title`. Editor fixtures are documents
// written this way; `sourceOf` takes the decorations out again.
import type { CodeLens, InlayHint } from 'vscode-languageserver-protocol';

const LENS_PREFIX = '#▸ ';

export function sourceOf(rendered: string): string {
  return rendered
    .split('\n')
    .filter((line) => !line.startsWith(LENS_PREFIX))
    .join('\n')
    .replace(/⟨[^⟩]*⟩/g, '');
}

export function render(text: string, hints: readonly InlayHint[], lenses: readonly CodeLens[]): string {
  const lines = text.split('\n');
  const byLine = new Map<number, { character: number; label: string }[]>();
  for (const hint of hints) {
    const label = typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join('');
    const list = byLine.get(hint.position.line) ?? [];
    list.push({ character: hint.position.character, label });
    byLine.set(hint.position.line, list);
  }
  const out: string[] = [];
  lines.forEach((line, index) => {
    const titles = lenses
      .filter((lens) => lens.range.start.line === index)
      .map((lens) => lens.command?.title ?? '(unresolved)');
    if (titles.length > 0) out.push(LENS_PREFIX + titles.join(' | '));
    let rendered = line;
    // Right to left, so earlier insertions do not shift later ones; hints at one position keep their order.
    const here = (byLine.get(index) ?? []).map((hint, order) => ({ ...hint, order }));
    for (const { character, label } of here.sort((a, b) => b.character - a.character || b.order - a.order)) {
      rendered = `${rendered.slice(0, character)}⟨${label}⟩${rendered.slice(character)}`;
    }
    out.push(rendered);
  });
  return out.join('\n');
}
