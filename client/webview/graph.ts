// The graph view's page, inside VS Code's webview: the graph laid out by dagre (layered, edges
// downwards: a move goes down), each vertex with its name and nimber, the P-positions (nimber 0:
// the player to move loses) marked, and the games' tokens drawn on their vertices. A graph with
// cycles shows Smith's values: a vertex is coloured by who wins with one token there (the draws
// apart), an infinite one, ∞(K), drawn dashed and rounded with its value, the edges on a cycle dashed
// in their colour, a loop as a small arc beside its vertex. A graph too big to draw is summarised:
// its counts, and how many vertices have each nimber (and how many are infinite). A Hackenbush picture
// is drawn standing on its ground (a line along the bottom; layers by distance from the ground),
// loops as small rings, the winning cuts dashed in red, the edges standing on nothing greyed. A
// game's tree is nested lists of buttons (a disclosure each, aria-expanded): a node shows its
// move, its position, its nimber or outcome and remoteness, P-positions double-bordered as in the
// graph, draws coloured as in the graph; opening a node asks the host for its children by the node's
// path of move indexes. A move back to a position above it (a graph's cycle) is a back edge, ↺, not
// opened: the tree of a game that may go on for ever is infinite.
/// <reference lib="dom" />
import dagre from '@dagrejs/dagre';
import type {
  GameTreeAnswer,
  GameTreeChild,
  GameTreeValue,
  GraphAnswer,
  GraphVertex,
  PictureAnswer,
} from '../../server/src/protocol';
import { element } from './dom';

declare function acquireVsCodeApi(): {
  postMessage(message: { type: 'ready' } | { type: 'expand'; path: number[]; root: string }): void;
};

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

/** Smith's infinite value, written as the server writes it: `∞(0, 2)`, `∞()`. */
const infiniteText = (options: readonly (number | string)[]) => `∞(${options.join(', ')})`;

/** What a vertex shows where its value goes: its nimber (`*3`, `0`, `?`) or ∞(K). */
const vertexValue = (v: GraphVertex) => (v.infinite ? infiniteText(v.infinite) : star(v.nimber));

/** A vertex's tooltip: its value and who wins with one token there. */
function vertexTitle(v: GraphVertex): string {
  if (!v.infinite)
    return `${v.name}: nimber ${star(v.nimber)}${v.nimber === 0 ? ' (a P-position: the player to move loses)' : ''}`;
  return v.infinite.includes(0)
    ? `${v.name}: ${vertexValue(v)}: the player to move wins (move to a follower of value 0)`
    : `${v.name}: ${vertexValue(v)}: a draw: with best play the game never ends`;
}

/** How far a loop (an edge from a vertex to itself) reaches out from the vertex's right side. */
const LOOP_REACH = 30;

/** A loop drawn as an arc leaving the right side of its vertex and coming back into it (below a token's mark). */
function loopPath(node: { x: number; y: number; width: number }): string {
  const x = node.x + node.width / 2;
  const [top, bottom] = [node.y - 8, node.y + 8];
  return `M ${x} ${top} C ${x + LOOP_REACH} ${top - 16} ${x + LOOP_REACH} ${bottom + 16} ${x} ${bottom}`;
}

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
  if (answer.nimberCounts.length > 0 || answer.infiniteCount) root.append(counts(answer));
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
  // A graph with cycles: its kinds of vertices and edges, named only where the graph has them.
  const loopy: (Node | string)[] = [];
  if (answer.infiniteCount)
    loopy.push(
      ' ',
      element('span', { class: 'infinite-mark', text: '∞(K)' }),
      ' play may go on for ever: the player to move wins when K holds 0, and otherwise it is a ',
      element('span', { class: 'draw-mark', text: 'draw' }),
      ': with best play the game never ends.',
    );
  if (answer.drawn.cycleEdges?.length)
    loopy.push(' ', element('span', { class: 'cycle-mark', text: '- - →' }), ' an edge on a cycle.');
  root.append(
    element(
      'p',
      { class: 'legend' },
      element('span', { class: 'p-mark', text: 'P-position' }),
      ' nimber 0: the player to move loses.',
      ...loopy,
      ' ● a token of a game.',
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
  if (answer.infiniteCount !== undefined) {
    const draws = answer.drawCount ?? 0;
    head.append(element('th', { text: '∞: win' }), element('th', { class: 'draw', text: '∞: draw' }));
    row.append(
      element('td', { id: 'infinite-wins', text: String(answer.infiniteCount - draws) }),
      element('td', { id: 'draws', class: 'draw', text: String(draws) }),
    );
  }
  table.append(head, row);
  return table;
}

/** The graph laid out by dagre, drawn as SVG. */
function drawing(answer: Drawn): SVGElement {
  const { vertices, edges, tokens } = answer.drawn!;
  const onCycle = new Set(answer.drawn!.cycleEdges ?? []);
  const layout = new dagre.graphlib.Graph();
  layout.setGraph({ rankdir: 'TB', nodesep: 24, ranksep: 40, marginx: 12, marginy: 12 });
  layout.setDefaultEdgeLabel(() => ({}));
  const width = (v: GraphVertex) => Math.max(44, 8 * Math.max(v.name.length, vertexValue(v).length) + 20);
  vertices.forEach((v, i) => layout.setNode(String(i), { width: width(v), height: 40 }));
  // dagre keeps room beside a vertex for its loop as wide as the loop's label: the arc goes there.
  for (const [from, to] of edges) layout.setEdge(String(from), String(to), from === to ? { width: LOOP_REACH } : {});
  dagre.layout(layout);
  const size = layout.graph();
  const picture = svg('svg', {
    id: 'drawing',
    width: size.width ?? 0,
    height: size.height ?? 0,
    'data-vertices': vertices.length,
    'data-edges': edges.length,
    'data-cycle-edges': onCycle.size,
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
  if (onCycle.size > 0) {
    // The arrowheads of the cycles' edges, in their colour.
    const cycleMarker = marker.cloneNode(true) as SVGElement;
    cycleMarker.setAttribute('id', 'arrow-cycle');
    cycleMarker.firstElementChild!.setAttribute('class', 'arrow cycle');
    defs.append(cycleMarker);
  }
  picture.append(defs);
  edges.forEach(([from, to], e) => {
    // dagre's own points for a loop zigzag across the vertex: a loop is drawn as an arc beside it instead.
    const d =
      from === to
        ? loopPath(layout.node(String(from)))
        : (layout.edge(String(from), String(to)).points ?? [])
            .map(
              (p: { x: number; y: number }, k: number) => `${k === 0 ? 'M' : 'L'} ${p.x.toFixed(1)} ${p.y.toFixed(1)}`,
            )
            .join(' ');
    const cycle = onCycle.has(e);
    picture.append(
      svg('path', {
        d,
        class: cycle ? 'edge cycle' : 'edge',
        'marker-end': cycle ? 'url(#arrow-cycle)' : 'url(#arrow)',
        'data-from': vertices[from].name,
        'data-to': vertices[to].name,
      }),
    );
  });
  const tokensAt = new Map<number, string[]>();
  for (const t of tokens) tokensAt.set(t.vertex, [...(tokensAt.get(t.vertex) ?? []), t.game]);
  vertices.forEach((v, i) => {
    const node = layout.node(String(i));
    const lost = v.nimber === 0;
    const kind = `${lost ? ' p-position' : ''}${v.outcome === 'N' ? ' win' : v.outcome === 'D' ? ' draw' : ''}`;
    const group = svg('g', {
      class: `vertex${kind}${v.infinite ? ' infinite' : ''}`,
      'data-name': v.name,
      'data-nimber': v.nimber === null ? '' : v.nimber,
      'data-value': vertexValue(v),
      'data-outcome': v.outcome ?? '',
    });
    const x = node.x - node.width / 2;
    const y = node.y - node.height / 2;
    // An infinite vertex is drawn apart: a rounder outline (dashed, by the style sheet).
    const rx = v.infinite ? node.height / 2 : 8;
    group.append(svg('rect', { x, y, width: node.width, height: node.height, rx }));
    if (lost)
      group.append(
        svg('rect', { x: x + 3, y: y + 3, width: node.width - 6, height: node.height - 6, rx: 6, class: 'inner' }),
      );
    group.append(svg('text', { x: node.x, y: node.y - 4, class: 'label' }, v.name));
    group.append(svg('text', { x: node.x, y: node.y + 12, class: 'nimber' }, vertexValue(v)));
    const games = tokensAt.get(i);
    if (games) {
      const token = svg('g', { class: 'token', 'data-games': games.join(' ') });
      token.append(svg('circle', { cx: x + node.width - 2, cy: y + 2, r: 7 }));
      token.append(svg('text', { x: x + node.width - 2, y: y + 6 }, String(games.length)));
      token.append(svg('title', {}, `tokens of ${games.join(', ')}`));
      group.append(token);
    }
    group.append(svg('title', {}, vertexTitle(v)));
    picture.append(group);
  });
  return picture;
}

type Standing = Extract<PictureAnswer, { game: string }>;

function renderPicture(answer: PictureAnswer): void {
  root.replaceChildren();
  if ('refused' in answer) {
    root.append(element('p', { class: 'refused', id: 'refused', text: answer.refused }));
    return;
  }
  const value = answer.nimber === null ? '' : `, nimber ${star(answer.nimber)}`;
  root.append(
    element(
      'h1',
      {},
      element('span', { class: 'name', text: `picture ${answer.picture + 1} of ${answer.game}` }),
      ` ${answer.vertexCount} vertices, ${answer.edgeCount} edges${value}`,
    ),
  );
  if (answer.computing) root.append(element('p', { class: 'computing', id: 'computing', text: 'Computing…' }));
  if (answer.problem) root.append(element('p', { class: 'problem', id: 'problem', text: answer.problem }));
  if (!answer.drawn) {
    root.append(element('p', { class: 'hint', id: 'summarised', text: 'Too many vertices to draw.' }));
    return;
  }
  root.append(standing(answer));
  root.append(
    element(
      'p',
      { class: 'legend' },
      element('span', { class: 'cut-mark', text: '- - -' }),
      ' a cut that wins the game (its lens plays it); dotted grey: an edge standing on nothing.',
    ),
  );
}

/** The picture laid out by dagre from the ground up: each edge points away from the ground (by distance). */
function standing(answer: Standing): SVGElement {
  const { vertices, edges, winning, loose } = answer.drawn!;
  // Distances from the ground, to lay each edge from its nearer end to its farther one.
  const distance = new Array<number>(vertices.length).fill(Number.POSITIVE_INFINITY);
  distance[0] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (const [u, v] of edges) {
      if (distance[u] + 1 < distance[v]) [distance[v], changed] = [distance[u] + 1, true];
      if (distance[v] + 1 < distance[u]) [distance[u], changed] = [distance[v] + 1, true];
    }
  }
  const layout = new dagre.graphlib.Graph({ multigraph: true });
  layout.setGraph({ rankdir: 'BT', nodesep: 28, ranksep: 44, marginx: 16, marginy: 16 });
  layout.setDefaultEdgeLabel(() => ({}));
  vertices.forEach((name, i) => layout.setNode(String(i), { width: Math.max(24, 7 * name.length + 12), height: 22 }));
  edges.forEach(([u, v], e) => {
    if (u === v) return; // a loop is drawn as a ring at its vertex
    const [low, high] = distance[u] <= distance[v] ? [u, v] : [v, u];
    layout.setEdge(String(low), String(high), {}, String(e));
  });
  dagre.layout(layout);
  const size = layout.graph();
  const width = size.width ?? 0;
  const height = (size.height ?? 0) + 16;
  const picture = svg('svg', {
    id: 'drawing',
    width,
    height,
    'data-vertices': vertices.length,
    'data-edges': edges.length,
    'data-winning': winning.length,
  });
  const ground = layout.node('0');
  picture.append(svg('line', { x1: 0, y1: ground.y, x2: width, y2: ground.y, class: 'ground' }));
  const winningSet = new Set(winning);
  const looseSet = new Set(loose);
  const kind = (e: number) => (winningSet.has(e) ? ' winning' : looseSet.has(e) ? ' loose' : '');
  edges.forEach(([u, v], e) => {
    const title = svg('title', {}, `${vertices[u]} - ${vertices[v]}${winningSet.has(e) ? ': cutting it wins' : ''}`);
    let path: SVGElement;
    if (u === v) {
      const node = layout.node(String(u));
      path = svg('circle', { cx: node.x, cy: node.y - node.height / 2 - 9, r: 9, class: `stalk${kind(e)}` });
    } else {
      const [low, high] = distance[u] <= distance[v] ? [u, v] : [v, u];
      const points = layout.edge({ v: String(low), w: String(high), name: String(e) }).points ?? [];
      const d = points
        .map((p: { x: number; y: number }, k: number) => `${k === 0 ? 'M' : 'L'} ${p.x.toFixed(1)} ${p.y.toFixed(1)}`)
        .join(' ');
      path = svg('path', { d, class: `stalk${kind(e)}` });
    }
    path.setAttribute('data-edge', `${vertices[u]} - ${vertices[v]}`);
    path.append(title);
    picture.append(path);
  });
  vertices.forEach((name, i) => {
    if (i === 0) return; // the ground is the line
    const node = layout.node(String(i));
    const joint = svg('g', { class: 'joint', 'data-name': name });
    joint.append(svg('circle', { cx: node.x, cy: node.y, r: 4 }));
    joint.append(svg('text', { x: node.x + 8, y: node.y + 4, 'text-anchor': 'start' }, name));
    picture.append(joint);
  });
  return picture;
}

// ---- the game tree ----

type TreeNode = Extract<GameTreeAnswer, { game: string }>;

/** The root the tree on the page was drawn for (its answer's `root`): each node's request carries it. */
let treeRoot = '';

/** A value as the tree writes it: `*3`, `0`, Smith's `∞(0)`, or the outcome (misère); `?` when unknown. */
function treeValue(value: GameTreeValue): string {
  if (value.nimber !== null) return value.nimber === '0' ? '0' : `*${value.nimber}`;
  return value.infinite ? infiniteText(value.infinite) : (value.outcome ?? '?');
}

/** A node's classes by its value: P-positions and draws marked as in the graph. */
const valueClasses = (value: GameTreeValue) =>
  `${value.outcome === 'P' ? ' p-position' : ''}${value.outcome === 'D' ? ' draw' : ''}`;

/** The words of a value for a screen reader and a tooltip. */
function valueTitle(value: GameTreeValue): string {
  const who =
    value.outcome === 'P'
      ? 'a P-position: the player to move loses'
      : value.outcome === 'N'
        ? 'the player to move wins'
        : value.outcome === 'D'
          ? 'a draw: with best play the game never ends'
          : (value.reason ?? 'value unknown');
  return `${treeValue(value)}, ${who}${value.remoteness === undefined ? '' : `, remoteness ${value.remoteness}`}`;
}

/** One node's line: its move (not the root's), its position, its value and remoteness. */
function nodeLine(label: string | undefined, position: string, value: GameTreeValue): (Node | string)[] {
  return [
    ...(label === undefined ? [] : [element('span', { class: 'move', text: label })]),
    element('span', { class: 'position', text: position }),
    element('span', { class: 'value', text: treeValue(value) }),
    ...(value.remoteness === undefined
      ? []
      : [element('span', { class: 'remoteness', title: 'remoteness', text: `r ${value.remoteness}` })]),
  ];
}

/** A move back to a position above it: `↺ back to` the position, shut (its tree is the one above). */
function backEdge(child: GameTreeChild, repeats: number): HTMLElement {
  const where = repeats === 0 ? 'this same position' : `the position ${repeats} move${repeats === 1 ? '' : 's'} up`;
  return element(
    'span',
    {
      class: `tree-node back-edge${valueClasses(child)}`,
      'data-outcome': child.outcome ?? '',
      'data-nimber': child.nimber ?? '',
      'data-repeats': String(repeats),
      title: `${valueTitle(child)}; back to ${where}: play may go round`,
    },
    ...nodeLine(child.label, `↺ back to ${child.position}`, child),
  );
}

/** The children of a node as a list; each child that has moves is a button that opens it. */
function childList(node: TreeNode): HTMLElement {
  const list = element('ul', { class: 'tree-children', role: 'group' });
  node.children.forEach((child, k) => {
    const path = [...node.path, k];
    const item = element('li', { 'data-path': path.join('.') });
    list.append(item);
    if (child.repeats !== undefined) {
      item.append(backEdge(child, child.repeats));
      return;
    }
    const attributes = {
      class: `tree-node${valueClasses(child)}`,
      'data-outcome': child.outcome ?? '',
      'data-nimber': child.nimber ?? '',
      title: valueTitle(child),
    };
    const line = nodeLine(child.label, child.position, child);
    if (child.hasChildren) {
      const button = element('button', { ...attributes, type: 'button', 'aria-expanded': 'false' }, ...line);
      button.addEventListener('click', () => toggle(item, button, path));
      item.append(button);
    } else item.append(element('span', { ...attributes, 'data-over': 'true' }, ...line, ' (no move left)'));
  });
  const more = node.moveCount === null ? 0 : node.moveCount - node.children.length;
  if (more > 0) list.append(element('li', { class: 'more', text: `${more.toLocaleString('en-US')} more` }));
  if (node.moveCount === null)
    list.append(element('li', { class: 'problem', text: `Moves not listed: ${node.movesReason ?? 'too many'}.` }));
  else if (node.moveCount === 0) list.append(element('li', { class: 'hint', text: 'No move is left.' }));
  return list;
}

/** Opens a node (asking for its children the first time) or closes it. */
function toggle(item: HTMLElement, button: HTMLElement, path: number[]): void {
  const open = button.getAttribute('aria-expanded') === 'true';
  const children = item.querySelector(':scope > .tree-children, :scope > .refused');
  if (open) {
    button.setAttribute('aria-expanded', 'false');
    children?.setAttribute('hidden', '');
    return;
  }
  button.setAttribute('aria-expanded', 'true');
  if (children && !children.classList.contains('refused')) {
    children.removeAttribute('hidden');
    return;
  }
  children?.remove();
  button.setAttribute('aria-busy', 'true');
  vscode.postMessage({ type: 'expand', path, root: treeRoot });
}

/** The root's answer: the whole tree drawn afresh. */
function renderTree(answer: GameTreeAnswer): void {
  root.replaceChildren();
  if ('refused' in answer) {
    root.append(element('p', { class: 'refused', id: 'refused', text: answer.refused }));
    return;
  }
  treeRoot = answer.root;
  root.append(
    element(
      'h1',
      {},
      element('span', { class: 'name', text: `tree of ${answer.game}` }),
      answer.play === 'misere' ? ' misère play: who moves last loses' : ' normal play: who moves last wins',
    ),
  );
  const tree = element('ul', { class: 'tree', id: 'tree', 'aria-label': `the tree of ${answer.game}` });
  const item = element('li', { 'data-path': '' });
  item.append(
    element(
      'div',
      { class: `tree-node root${valueClasses(answer)}`, title: valueTitle(answer) },
      ...nodeLine(undefined, answer.position, answer),
    ),
    childList(answer),
  );
  tree.append(item);
  root.append(
    tree,
    element(
      'p',
      { class: 'legend', id: 'tree-legend' },
      element('span', { class: 'p-mark', text: 'P-position' }),
      ' the player to move loses. r: remoteness, the moves left with best play. Click a position to see its moves.',
    ),
  );
  noteBackEdges();
}

/** The legend names back edges once the tree shows one. */
function noteBackEdges(): void {
  const legend = root.querySelector('#tree-legend');
  if (!legend || legend.querySelector('.back-mark') || !root.querySelector('.back-edge')) return;
  legend.append(
    ' ',
    element('span', { class: 'back-mark', text: '↺' }),
    ' a move back to a position above: play may go round for ever, so it is not opened again.',
  );
}

/** A node's children arrived: they go under its button (a refusal too). */
function renderChildren(answer: GameTreeAnswer, path: number[]): void {
  const item = root.querySelector<HTMLElement>(`li[data-path="${path.join('.')}"]`);
  const button = item?.querySelector<HTMLElement>(':scope > button');
  if (!item || !button) return;
  button.removeAttribute('aria-busy');
  if ('refused' in answer) item.append(element('p', { class: 'refused', text: answer.refused }));
  else item.append(childList(answer));
  noteBackEdges();
}

type HostMessage =
  | { type: 'graph'; answer: GraphAnswer }
  | { type: 'picture'; answer: PictureAnswer }
  | { type: 'tree'; answer: GameTreeAnswer; path: number[] };

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  if (message.type === 'graph') render(message.answer);
  else if (message.type === 'picture') renderPicture(message.answer);
  else if (message.type === 'tree') {
    if (message.path.length === 0) renderTree(message.answer);
    else renderChildren(message.answer, message.path);
  }
});

vscode.postMessage({ type: 'ready' });
