// The tables of a misère quotient, as both misère views draw them (the explorer's for one rule, explorer.ts, and the
// view of a set of rules, quotient.ts): a pretending function, a row per period when it is periodic; and the
// multiplication table. Cells whose element is in the P-portion are marked.
/// <reference lib="dom" />
import { element } from './dom';

/**
 * Φ(H_n) for n = 0..: each cell the element's name (`?` unknown), rows of one period when there is one (up to 24),
 * else 10; `id` names the table (tests find it), `rule` says whose heaps they are in the cells' titles.
 */
export function pretendingTable(
  pretending: readonly number[],
  name: (x: number) => string,
  inP: ReadonlySet<number>,
  period: { readonly period: number } | undefined,
  id: string,
  rule = '',
): HTMLElement {
  const width = period && period.period <= 24 ? period.period : 10;
  const table = element('table', { id });
  const head = element('tr', {}, element('th', { text: 'n' }));
  for (let k = 0; k < width; k++) head.append(element('th', { text: `+${k}` }));
  table.append(element('thead', {}, head));
  const body = element('tbody');
  for (let start = 0; start < pretending.length; start += width) {
    const row = element('tr', {}, element('th', { text: String(start) }));
    for (let n = start; n < Math.min(start + width, pretending.length); n++) {
      const x = pretending[n];
      const heap = rule ? `${rule} heap ${n}` : `heap ${n}`;
      const cell = element('td', { 'data-n': String(n), title: `Φ(${heap}) = ${name(x)}`, text: name(x) });
      if (inP.has(x)) cell.classList.add('p');
      row.append(cell);
    }
    body.append(row);
  }
  table.append(body);
  return element('div', { class: 'table' }, table);
}

/** The multiplication table x·y of `size` elements (`products[x * size + y]`), products in the P-portion marked. */
export function productsTable(
  size: number,
  products: readonly number[],
  name: (x: number) => string,
  inP: ReadonlySet<number>,
): HTMLElement {
  const table = element('table', { id: 'products' });
  const top = element('tr', {}, element('th', { text: '·' }));
  for (let y = 0; y < size; y++) top.append(element('th', { text: name(y) }));
  table.append(element('thead', {}, top));
  const rows = element('tbody');
  for (let x = 0; x < size; x++) {
    const row = element('tr', {}, element('th', { text: name(x) }));
    for (let y = 0; y < size; y++) {
      const z = products[x * size + y];
      const cell = element('td', { text: name(z), title: `${name(x)} · ${name(y)} = ${name(z)}` });
      if (inP.has(z)) cell.classList.add('p');
      row.append(cell);
    }
    rows.append(row);
  }
  table.append(rows);
  return element('div', { class: 'table' }, table);
}
