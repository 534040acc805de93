// The nim-sequence explorer's page, inside VS Code's webview: the rule and the proof status in
// words, a table whose rows are one period long (preperiod and first period marked), a plot of
// G(n) (a canvas: every point drawn into one image, zoom with the wheel, drag to pan, double-click
// to see everything), rare and common values for octal codes, and buttons to compute further,
// cancel, export and copy. Everything comes from the extension by messages (explorerMessages.ts).
/// <reference lib="dom" />
import type { QuotientAnswer, WythoffTableAnswer } from '../../server/src/protocol';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type FromPanel,
  rowLength,
  type SequenceData,
  type ToPanel,
} from '../src/explorerMessages';
import { element, themeColour } from './dom';
import { pretendingTable, productsTable } from './quotientTables';

declare function acquireVsCodeApi(): { postMessage(message: FromPanel): void };

const vscode = acquireVsCodeApi();
const root = document.getElementById('explorer')!;

/** Table rows drawn at most: the plot shows every value, the table the first ones. */
const MAX_TABLE_ROWS = 200;

let data: SequenceData | undefined;
/** Wythoff's table, shown instead of a sequence when the rule is Wythoff's game. */
let wythoff: WythoffTableAnswer | undefined;
/** The rule's misère view (its quotient and genus), once the server sends it. */
let misere: QuotientAnswer | undefined;
let computing = false;
let computingUpTo = 0;
/** The plot's visible heaps [from, to), null for all of them. */
let view: { from: number; to: number } | null = null;

function button(label: string, id: string, onClick: () => void, disabled = false): HTMLButtonElement {
  const b = element('button', { id, type: 'button' }, label);
  b.disabled = disabled;
  b.addEventListener('click', onClick);
  return b;
}

function render(refused?: string): void {
  root.replaceChildren();
  if (refused) {
    root.append(element('p', { class: 'refused', id: 'refused', text: refused }));
    if (computing) root.append(element('p', { class: 'computing', id: 'computing', text: 'Computing…' }));
    return;
  }
  if (wythoff) {
    renderWythoff(wythoff);
    return;
  }
  if (!data) {
    root.append(element('p', { class: 'computing', id: 'computing', text: 'Computing…' }));
    return;
  }
  const d = data;
  root.append(
    element(
      'h1',
      {},
      element('span', { class: 'rule', text: d.rule }),
      ' ',
      element('span', { class: 'definition', text: d.definition }),
    ),
    element('p', { class: 'status', id: 'status', text: d.status }),
  );
  if (d.stopped) root.append(element('p', { class: 'stopped', id: 'stopped', text: d.stopped }));
  const last = d.values.length - 1;
  const byPeriod =
    d.period && d.computedUpTo < last
      ? ` (computed to ${d.computedUpTo.toLocaleString('en-US')}, the rest by the proved period)`
      : '';
  const known = `G(0) to G(${last.toLocaleString('en-US')})${byPeriod}`;
  root.append(element('p', { class: 'extent', id: 'extent', text: known }));

  root.append(actionBar());
  root.append(element('h2', { text: 'Plot' }), plot(d));
  root.append(element('p', { class: 'hint', text: 'Wheel: zoom. Drag: pan. Double-click: everything.' }));
  if (d.rareCommon) root.append(...rareCommon(d));
  root.append(element('h2', { text: d.period ? `Values, one period (${d.period.period}) a row` : 'Values' }), table(d));
  root.append(misereView(misere));
}

/**
 * Misère play: the rule's misère quotient (size, P-portion, presentation, proof), the pretending
 * function as a table (rows one period long; heaps that are P alone marked), the genus of each heap
 * (wild ones marked) and, up to 64 elements, the multiplication table (products in P marked).
 */
function misereView(q: QuotientAnswer | undefined): HTMLElement {
  const section = element('section', { id: 'misere', class: 'misere' }, element('h2', { text: 'Misère play' }));
  if (!q) {
    section.append(element('p', { class: 'computing', text: 'Computing the misère quotient…' }));
    return section;
  }
  if ('refused' in q) {
    section.append(element('p', { class: 'refused', id: 'misere-refused', text: q.refused }));
    return section;
  }
  const inP = new Set(q.pPortion);
  const name = (x: number) => (x < 0 ? '?' : q.elements[x]);
  section.append(element('p', { class: 'status', id: 'misere-status', text: q.status }));
  if (q.stopped) section.append(element('p', { class: 'stopped', id: 'misere-stopped', text: q.stopped }));
  section.append(
    element('p', {
      id: 'presentation',
      text:
        `Generators: ${q.generators.map((g) => `${g.name} = heap ${g.heap}`).join(', ') || 'none'}. ` +
        `Relations: ${q.relations.join(', ') || 'none'}.`,
    }),
    element('p', { id: 'p-portion', text: `P-portion: ${q.pPortion.map(name).join(', ')}.` }),
  );
  section.append(
    element('h3', { text: 'Pretending function: each heap’s element' }),
    pretendingTable(q.pretending, name, inP, q.period, 'pretending'),
    element('p', { class: 'legend', text: 'Marked: a heap that is a P-position on its own.' }),
  );
  // Genus.
  const genus = element('table', { id: 'genus' });
  genus.append(
    element('thead', {}, element('tr', {}, element('th', { text: 'heap' }), element('th', { text: 'genus' }))),
  );
  const genusBody = element('tbody');
  q.genus.forEach((g, n) => {
    const cell = element('td', { text: g.symbol });
    if (!g.tame) cell.classList.add('wild');
    genusBody.append(element('tr', {}, element('th', { text: String(n) }), cell));
  });
  genus.append(genusBody);
  section.append(
    element('h3', { text: 'Genus' }),
    element('p', { class: 'hint', id: 'genus-status', text: `${q.genusStatus} Marked: wild (not a Nim position’s).` }),
    element('div', { class: 'table' }, genus),
  );
  if (q.table) {
    section.append(
      element('h3', { text: 'Multiplication table' }),
      productsTable(q.size, q.table, name, inP),
      element('p', { class: 'legend', text: 'Marked: products in the P-portion.' }),
    );
  }
  return section;
}

/** Compute further, cancel, export, copy. */
function actionBar(): HTMLElement {
  const actions = element('div', { class: 'actions' });
  actions.append(
    button(
      computing ? `Computing to ${computingUpTo.toLocaleString('en-US')}…` : 'Compute further',
      'further',
      () => vscode.postMessage({ type: 'further' }),
      computing,
    ),
    button('Cancel', 'cancel', () => vscode.postMessage({ type: 'cancel' }), !computing),
  );
  const format = element('select', { id: 'format', 'aria-label': 'export format' });
  for (const f of EXPORT_FORMATS) format.append(element('option', { value: f.format }, f.label));
  actions.append(
    format,
    button('Export…', 'export', () => vscode.postMessage({ type: 'export', format: format.value as ExportFormat })),
    button('Copy', 'copy', () => vscode.postMessage({ type: 'copy', format: format.value as ExportFormat })),
  );
  return actions;
}

/**
 * Wythoff's game: G(a, b) as a heat map (a down, b across; darker is larger), the P-positions
 * (value 0) in the theme's red; they lie on the two lines of slope φ and 1/φ.
 */
function renderWythoff(w: WythoffTableAnswer): void {
  root.append(
    element(
      'h1',
      {},
      element('span', { class: 'rule', text: w.rule }),
      ' ',
      element('span', { class: 'definition', text: w.definition }),
    ),
    element('p', { class: 'status', id: 'status', text: w.status }),
  );
  if (w.stopped) root.append(element('p', { class: 'stopped', id: 'stopped', text: w.stopped }));
  root.append(element('p', { class: 'extent', id: 'extent', text: `G(a, b) for a, b = 0 to ${w.size}` }));
  root.append(actionBar());
  const width = w.size + 1;
  const canvas = element('canvas', { id: 'heatmap', 'aria-label': `G(a, b) for a, b up to ${w.size}` });
  canvas.width = width;
  canvas.height = width;
  const context = canvas.getContext('2d')!;
  const image = context.createImageData(width, width);
  let top = 1;
  for (const g of w.table) top = Math.max(top, g);
  const low = parseColour(themeColour('--vscode-editor-background', '#ffffff'));
  const high = parseColour(themeColour('--vscode-charts-blue', '#3794ff'));
  const zero = parseColour(themeColour('--vscode-charts-red', '#f14c4c'));
  let zeros = 0;
  for (let i = 0; i < w.table.length; i++) {
    const g = w.table[i];
    const t = g / top;
    const colour = g === 0 ? zero : [0, 1, 2].map((c) => Math.round(low[c] + (high[c] - low[c]) * (0.15 + 0.85 * t)));
    if (g === 0) zeros++;
    image.data.set([colour[0], colour[1], colour[2], 255], 4 * i);
  }
  context.putImageData(image, 0, 0);
  canvas.dataset.size = String(w.size);
  canvas.dataset.zeros = String(zeros);
  canvas.title = 'a down, b across';
  canvas.addEventListener('mousemove', (event) => {
    const a = Math.floor((event.offsetY / canvas.clientHeight) * width);
    const b = Math.floor((event.offsetX / canvas.clientWidth) * width);
    if (a >= 0 && a < width && b >= 0 && b < width)
      canvas.title = `G(${a}, ${b}) = ${w.table[a * width + b]}${w.table[a * width + b] === 0 ? ': a P-position' : ''}`;
  });
  root.append(element('h2', { text: 'Heat map' }), element('div', { class: 'heatmap' }, canvas));
  root.append(
    element(
      'p',
      { class: 'legend', id: 'legend' },
      element('span', { class: 'zero', text: 'G = 0' }),
      ` the P-positions (${zeros} of them here); light to dark: small to large values, up to ${top}.`,
    ),
  );
}

/** The values as a table: rows of one period; preperiod cells and the first period marked. */
function table(d: SequenceData): HTMLElement {
  const width = rowLength(d);
  const t = element('table', { id: 'values' });
  const head = element('tr', {}, element('th', { text: 'n' }));
  for (let k = 0; k < width; k++) head.append(element('th', { text: `+${k}` }));
  t.append(element('thead', {}, head));
  const body = element('tbody');
  const p = d.period;
  const rare = new Set(d.rareCommon?.rareValues); // every value an octal code takes is rare or common
  const rows = Math.min(MAX_TABLE_ROWS, Math.ceil(d.values.length / width));
  for (let r = 0; r < rows; r++) {
    const start = r * width;
    const row = element('tr', {}, element('th', { text: String(start) }));
    for (let n = start; n < Math.min(start + width, d.values.length); n++) {
      const cell = element('td', { 'data-n': String(n), title: `G(${n}) = ${d.values[n]}`, text: String(d.values[n]) });
      if (p && n < p.preperiod) cell.classList.add('preperiod');
      else if (p && n < p.preperiod + p.period) cell.classList.add('period');
      if (rare.has(d.values[n])) cell.classList.add('rare');
      row.append(cell);
    }
    body.append(row);
  }
  t.append(body);
  const wrap = element('div', { class: 'table' }, t);
  if (rows * width < d.values.length)
    wrap.append(
      element('p', {
        class: 'hint',
        text: `The first ${(rows * width).toLocaleString('en-US')} values; export for all of them.`,
      }),
    );
  if (p) {
    const legend = element('p', { class: 'legend', id: 'legend' });
    if (p.preperiod > 0)
      legend.append(element('span', { class: 'preperiod', text: `preperiod: n < ${p.preperiod}` }), ' ');
    legend.append(
      element('span', { class: 'period', text: `first period: n = ${p.preperiod} to ${p.preperiod + p.period - 1}` }),
    );
    if (p.saltus) legend.append(` (each period adds ${p.saltus})`);
    wrap.prepend(legend);
  }
  return wrap;
}

function rareCommon(d: SequenceData): HTMLElement[] {
  const rc = d.rareCommon!;
  const more = rc.rareHeapCount > rc.rareHeaps.length ? `, … (${rc.rareHeapCount.toLocaleString('en-US')} in all)` : '';
  return [
    element('h2', { text: 'Rare and common values' }),
    element('p', {
      id: 'rare',
      text:
        `Under the mask ${rc.mask} (binary ${rc.mask.toString(2)}), a value is rare when its bits under the ` +
        `mask are even in number. Rare values: ${rc.rareValues.join(', ')}. Heaps with rare values: ` +
        `${rc.rareHeaps.join(', ')}${more}; every other heap's value is common.`,
    }),
  ];
}

function plot(d: SequenceData): HTMLElement {
  const canvas = element('canvas', { id: 'plot', 'aria-label': `plot of G(n) for n = 0 to ${d.values.length - 1}` });
  const wrap = element('div', { class: 'plot' }, canvas);
  const draw = () => drawPlot(canvas, d);
  requestAnimationFrame(draw);
  new ResizeObserver(() => requestAnimationFrame(draw)).observe(wrap);
  canvas.addEventListener('wheel', (event) => {
    event.preventDefault();
    const { from, to } = view ?? { from: 0, to: d.values.length };
    const at = from + ((to - from) * event.offsetX) / canvas.clientWidth;
    const factor = event.deltaY > 0 ? 1.25 : 0.8;
    const width = Math.min(d.values.length, Math.max(10, (to - from) * factor));
    const start = Math.max(0, Math.min(d.values.length - width, at - (at - from) * (width / (to - from))));
    view = { from: start, to: start + width };
    requestAnimationFrame(draw);
  });
  let dragging: { x: number; from: number; to: number } | undefined;
  canvas.addEventListener('pointerdown', (event) => {
    const { from, to } = view ?? { from: 0, to: d.values.length };
    dragging = { x: event.clientX, from, to };
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!dragging) return;
    const span = dragging.to - dragging.from;
    const shift = ((dragging.x - event.clientX) * span) / canvas.clientWidth;
    const start = Math.max(0, Math.min(d.values.length - span, dragging.from + shift));
    view = { from: start, to: start + span };
    requestAnimationFrame(draw);
  });
  canvas.addEventListener('pointerup', () => (dragging = undefined));
  canvas.addEventListener('dblclick', () => {
    view = null;
    requestAnimationFrame(draw);
  });
  return wrap;
}

/**
 * Every visible point set as a pixel (two by two) of one image: a million values draw in a few
 * milliseconds, where a path per point would not. Rare values (octal codes) in a second colour.
 */
function drawPlot(canvas: HTMLCanvasElement, d: SequenceData): void {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(100, Math.floor(canvas.clientWidth * ratio));
  const height = Math.max(100, Math.floor(canvas.clientHeight * ratio));
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const context = canvas.getContext('2d')!;
  const { from, to } = view ?? { from: 0, to: d.values.length };
  const first = Math.max(0, Math.floor(from));
  const last = Math.min(d.values.length - 1, Math.ceil(to));
  let top = 1;
  for (let n = first; n <= last; n++) top = Math.max(top, d.values[n]);
  const margin = { left: 40 * ratio, right: 8 * ratio, top: 8 * ratio, bottom: 20 * ratio };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  context.clearRect(0, 0, width, height);
  const foreground = themeColour('--vscode-editor-foreground', '#888');
  const point = parseColour(themeColour('--vscode-charts-blue', '#3794ff'));
  const rare = parseColour(themeColour('--vscode-charts-orange', '#d18616'));
  const image = context.createImageData(Math.max(1, Math.floor(plotWidth)), Math.max(1, Math.floor(plotHeight)));
  const pixels = image.data;
  const span = Math.max(1, to - from);
  const rareSet = new Set(d.rareCommon?.rareValues); // every value an octal code takes is rare or common
  let drawn = 0;
  for (let n = first; n <= last; n++) {
    const x = Math.floor(((n - from) / span) * (image.width - 2));
    const y = Math.floor((1 - d.values[n] / top) * (image.height - 2));
    if (x < 0 || x >= image.width - 1) continue;
    const colour = rareSet.has(d.values[n]) ? rare : point;
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]) {
      const at = 4 * ((y + dy) * image.width + x + dx);
      pixels[at] = colour[0];
      pixels[at + 1] = colour[1];
      pixels[at + 2] = colour[2];
      pixels[at + 3] = 255;
    }
    drawn++;
  }
  context.putImageData(image, margin.left, margin.top);
  canvas.dataset.points = String(drawn);
  canvas.dataset.from = String(first);
  canvas.dataset.to = String(last);
  // Axes: G from 0 to the largest visible value, n over the visible heaps.
  context.fillStyle = foreground;
  context.strokeStyle = foreground;
  context.font = `${11 * ratio}px sans-serif`;
  context.beginPath();
  context.moveTo(margin.left - 1, margin.top);
  context.lineTo(margin.left - 1, margin.top + plotHeight);
  context.lineTo(margin.left + plotWidth, margin.top + plotHeight);
  context.stroke();
  context.textAlign = 'right';
  context.fillText(String(top), margin.left - 4 * ratio, margin.top + 10 * ratio);
  context.fillText('0', margin.left - 4 * ratio, margin.top + plotHeight);
  context.textAlign = 'left';
  context.fillText(`n = ${first}`, margin.left, height - 4 * ratio);
  context.textAlign = 'right';
  context.fillText(`n = ${last}`, width - margin.right, height - 4 * ratio);
}

/** `#rrggbb`, `#rgb` or `rgb(r, g, b)` as numbers. */
function parseColour(text: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})/i.exec(text);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [Number.parseInt(h.slice(0, 2), 16), Number.parseInt(h.slice(2, 4), 16), Number.parseInt(h.slice(4, 6), 16)];
  }
  const rgb = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(text);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : [55, 148, 255];
}

window.addEventListener('message', (event: MessageEvent<ToPanel>) => {
  const message = event.data;
  if (message.type === 'misere') {
    misere = message.answer;
    if (data) render();
    return;
  }
  if (message.type === 'computing') {
    computing = true;
    computingUpTo = message.upTo;
    render();
    return;
  }
  computing = message.computing;
  if ('refused' in message.answer) {
    data = undefined;
    render(message.answer.refused);
    return;
  }
  if ('table' in message.answer) {
    data = undefined;
    wythoff = message.answer;
    render();
    return;
  }
  wythoff = undefined;
  if (data?.rule !== message.answer.rule || data.values.length !== message.answer.values.length) view = null;
  if (data?.rule !== message.answer.rule) misere = undefined;
  data = message.answer;
  render();
});

vscode.postMessage({ type: 'ready' });
