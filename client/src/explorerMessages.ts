// What the nim-sequence explorer's panel (client/webview/explorer.ts, in the webview) and its host
// (explorer.ts, in the extension) say to each other, and the export formats both need. Plain
// types and functions: the webview bundles this file too.
import type {
  JointQuotientAnswer,
  QuotientAnswer,
  RuleSequenceAnswer,
  SequenceAnswer,
  WythoffTableAnswer,
} from '../../server/src/protocol';

export type SequenceData = RuleSequenceAnswer;

/** What the explorer shows: a rule's sequence, or Wythoff's table. */
export type ExplorerData = RuleSequenceAnswer | WythoffTableAnswer;

/** From the host to the panel. */
export type ToPanel =
  /** The answer for G(0) to G(upTo) (or why there is none); `computing` while a further one runs. */
  | { readonly type: 'sequence'; readonly answer: SequenceAnswer; readonly upTo: number; readonly computing: boolean }
  | { readonly type: 'computing'; readonly upTo: number }
  /** A heap rule's misère view: its quotient and its heaps' genus (after the sequence). */
  | { readonly type: 'misere'; readonly answer: QuotientAnswer };

/** From the panel to the host. */
export type FromPanel =
  | { readonly type: 'ready' }
  /** Compute further: four times as many values. */
  | { readonly type: 'further' }
  | { readonly type: 'cancel' }
  | { readonly type: 'export'; readonly format: ExportFormat }
  | { readonly type: 'copy'; readonly format: ExportFormat };

/** From the host to the misère view of a set of rules (quotientView.ts to client/webview/quotient.ts). */
export type ToQuotientPanel =
  /** The joint quotient, each rule's pretending function to upTo (or why there is none); `computing`: more runs. */
  | { readonly type: 'quotient'; readonly answer: JointQuotientAnswer; readonly computing: boolean }
  | { readonly type: 'computing'; readonly upTo: number };

/** From the misère view of a set of rules to its host: ready; grow further (four times the heaps); cancel. */
export type FromQuotientPanel = { readonly type: 'ready' } | { readonly type: 'further' } | { readonly type: 'cancel' };

export type ExportFormat = 'csv' | 'markdown' | 'bfile';

export const EXPORT_FORMATS: readonly {
  readonly format: ExportFormat;
  readonly label: string;
  readonly extension: string;
}[] = [
  { format: 'csv', label: 'CSV', extension: 'csv' },
  { format: 'markdown', label: 'Markdown table', extension: 'md' },
  { format: 'bfile', label: 'OEIS b-file', extension: 'txt' },
];

/** How many values a table row holds: one period when there is one (up to 60), else 10. */
export function rowLength(data: SequenceData): number {
  const period = data.period?.period;
  return period !== undefined && period <= 60 ? period : 10;
}

/**
 * The sequence as text. CSV: `n,G(n)` lines. Markdown: a table whose rows are one period long
 * (a row's first n, then its values), with the status below. b-file: OEIS's `n a(n)` lines, the
 * rule and status as `#` comments first. Wythoff's table: CSV `a,b,G(a,b)`, a Markdown table by
 * rows a and columns b, and the b-file read by antidiagonals, as OEIS A004481 lists it.
 */
export function exportText(data: ExplorerData, format: ExportFormat): string {
  if ('table' in data) return wythoffText(data, format);
  const { values } = data;
  switch (format) {
    case 'csv':
      return `n,G(n)\n${values.map((g, n) => `${n},${g}`).join('\n')}\n`;
    case 'bfile':
      return (
        `# G(n) of ${data.rule} (${data.definition}), n = 0..${values.length - 1}\n# ` +
        `${data.status}\n${values.map((g, n) => `${n} ${g}`).join('\n')}\n`
      );
    case 'markdown': {
      const width = rowLength(data);
      const header = `| n | ${Array.from({ length: width }, (_, k) => `+${k}`).join(' | ')} |`;
      const rule = `|---:|${' ---: |'.repeat(width)}`;
      const rows: string[] = [];
      for (let start = 0; start < values.length; start += width) {
        rows.push(`| ${start} | ${values.slice(start, start + width).join(' | ')} |`);
      }
      return `**${data.rule}** (${data.definition})\n\n${header}\n${rule}\n${rows.join('\n')}\n\n${data.status}\n`;
    }
  }
}

function wythoffText(data: WythoffTableAnswer, format: ExportFormat): string {
  const width = data.size + 1;
  const g = (a: number, b: number) => data.table[a * width + b];
  const lines: string[] = [];
  switch (format) {
    case 'csv':
      lines.push('a,b,G(a,b)');
      for (let a = 0; a < width; a++) for (let b = 0; b < width; b++) lines.push(`${a},${b},${g(a, b)}`);
      return `${lines.join('\n')}\n`;
    case 'bfile': {
      lines.push(`# G(a, b) of ${data.definition} read by antidiagonals (a + b = d, a ascending), d = 0..${data.size}`);
      let n = 0;
      for (let d = 0; d <= data.size; d++) for (let a = 0; a <= d; a++) lines.push(`${n++} ${g(a, d - a)}`);
      return `${lines.join('\n')}\n`;
    }
    case 'markdown':
      lines.push(
        `**${data.definition}**: G(a, b), a down, b across`,
        '',
        `| a \\ b | ${Array.from({ length: width }, (_, b) => b).join(' | ')} |`,
        `|---:|${' ---: |'.repeat(width)}`,
      );
      for (let a = 0; a < width; a++)
        lines.push(`| ${a} | ${Array.from({ length: width }, (_, b) => g(a, b)).join(' | ')} |`);
      return `${lines.join('\n')}\n\n${data.status}\n`;
  }
}
