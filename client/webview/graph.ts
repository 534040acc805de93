// The graph view's page, inside VS Code's webview: the DAG laid out by dagre (layered, edges
// downwards: a move goes down), each vertex with its name and nimber, the P-positions (nimber 0:
// the player to move loses) marked, and the games' tokens drawn on their vertices. A graph too big
// to draw is summarised: its counts, and how many vertices have each nimber.
/// <reference lib="dom" />
import dagre from '@dagrejs/dagre';
import type { GraphAnswer } from '../../server/src/protocol';
import { element } from './dom';

declare function acquireVsCodeApi(): { postMessage(message: { type: 'ready' }): void };

const vscode = acquireVsCodeApi();
const root = document.getElementById('graph')!;
const SVG = 'http://www.w3.org/2000/svg';

type Drawn = Extract<GraphAnswer, { graph: string }>;

function svg(tag: string, attributes: Record<string, string | number> = {}, text?: string): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

const star = (g: number | null) => (g === null ? '?' : g === 0 ? '0' : `*${g}`);

function render(answer: GraphAnswer): void {
  root.replaceChildren();
  if ('refused' in answer) {
    root.append(element('p', { class: 'refused', id: 'refused', text: answer.refused }));
    return;
  }
  root.append(
    element(
      'h1',
      {},
      element('span', { class: 'name', text: `graph ${answer.graph}` }),
      ` ${answer.vertexCount} vertices, ${answer.edgeCount} edges`,
    ),
  );
  if (answer.computing)
    root.append(element('p', { class: 'computing', id: 'computing', text: 'Computing the nimbers…' }));
  if (answer.problem) root.append(element('p', { class: 'problem', id: 'problem', text: answer.problem }));
  if (answer.nimberCounts.length > 0) root.append(counts(answer));
  if (!answer.drawn) {
    root.append(
      element('p', {
        class: 'hint',
        id: 'summarised',
        text: 'Too many vertices to draw: the counts above summarise the graph.',
      }),
    );
    return;
  }
  root.append(drawing(answer));
  root.append(
    element(
      'p',
      { class: 'legend' },
      element('span', { class: 'p-mark', text: 'P-position' }),
      ' nimber 0: the player to move loses. ● a token of a game.',
    ),
  );
}

function counts(answer: Drawn): HTMLElement {
  const table = element('table', { id: 'counts' });
  const head = element('tr', {}, element('th', { text: 'nimber' }));
  const row = element('tr', {}, element('th', { text: 'vertices' }));
  answer.nimberCounts.forEach((count, g) => {
    head.append(element('th', { text: star(g) }));
    row.append(element('td', { text: String(count) }));
  });
  table.append(head, row);
  return table;
}

/** The graph laid out by dagre, drawn as SVG. */
function drawing(answer: Drawn): SVGElement {
  const { vertices, edges, tokens } = answer.drawn!;
  const layout = new dagre.graphlib.Graph();
  layout.setGraph({ rankdir: 'TB', nodesep: 24, ranksep: 40, marginx: 12, marginy: 12 });
  layout.setDefaultEdgeLabel(() => ({}));
  const width = (v: (typeof vertices)[number]) => Math.max(44, 8 * Math.max(v.name.length, star(v.nimber).length) + 20);
  vertices.forEach((v, i) => layout.setNode(String(i), { width: width(v), height: 40 }));
  for (const [from, to] of edges) layout.setEdge(String(from), String(to));
  dagre.layout(layout);
  const size = layout.graph();
  const picture = svg('svg', {
    id: 'drawing',
    width: size.width ?? 0,
    height: size.height ?? 0,
    'data-vertices': vertices.length,
    'data-edges': edges.length,
  });
  const defs = svg('defs');
  const marker = svg('marker', {
    id: 'arrow',
    viewBox: '0 0 10 10',
    refX: 10,
    refY: 5,
    markerWidth: 7,
    markerHeight: 7,
    orient: 'auto-start-reverse',
  });
  marker.append(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrow' }));
  defs.append(marker);
  picture.append(defs);
  for (const [from, to] of edges) {
    const points = layout.edge(String(from), String(to)).points ?? [];
    const d = points
      .map((p: { x: number; y: number }, k: number) => `${k === 0 ? 'M' : 'L'} ${p.x.toFixed(1)} ${p.y.toFixed(1)}`)
      .join(' ');
    picture.append(
      svg('path', {
        d,
        class: 'edge',
        'marker-end': 'url(#arrow)',
        'data-from': vertices[from].name,
        'data-to': vertices[to].name,
      }),
    );
  }
  const tokensAt = new Map<number, string[]>();
  for (const t of tokens) tokensAt.set(t.vertex, [...(tokensAt.get(t.vertex) ?? []), t.game]);
  vertices.forEach((v, i) => {
    const node = layout.node(String(i));
    const lost = v.nimber === 0;
    const group = svg('g', {
      class: `vertex${lost ? ' p-position' : ''}`,
      'data-name': v.name,
      'data-nimber': v.nimber === null ? '' : v.nimber,
    });
    const x = node.x - node.width / 2;
    const y = node.y - node.height / 2;
    group.append(svg('rect', { x, y, width: node.width, height: node.height, rx: 8 }));
    if (lost)
      group.append(
        svg('rect', { x: x + 3, y: y + 3, width: node.width - 6, height: node.height - 6, rx: 6, class: 'inner' }),
      );
    group.append(svg('text', { x: node.x, y: node.y - 4, class: 'label' }, v.name));
    group.append(svg('text', { x: node.x, y: node.y + 12, class: 'nimber' }, star(v.nimber)));
    const games = tokensAt.get(i);
    if (games) {
      const token = svg('g', { class: 'token', 'data-games': games.join(' ') });
      token.append(svg('circle', { cx: x + node.width - 2, cy: y + 2, r: 7 }));
      token.append(svg('text', { x: x + node.width - 2, y: y + 6 }, String(games.length)));
      token.append(svg('title', {}, `tokens of ${games.join(', ')}`));
      group.append(token);
    }
    group.append(
      svg('title', {}, `${v.name}: nimber ${star(v.nimber)}${lost ? ' (a P-position: the player to move loses)' : ''}`),
    );
    picture.append(group);
  });
  return picture;
}

window.addEventListener('message', (event: MessageEvent<{ type: 'graph'; answer: GraphAnswer }>) => {
  if (event.data.type === 'graph') render(event.data.answer);
});

vscode.postMessage({ type: 'ready' });
