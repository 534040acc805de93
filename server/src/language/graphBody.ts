// A graph's body as the parser reads it: vertices interned once (a name per distinct vertex, not
// per occurrence), edges and lines in typed arrays. A generated graph may have millions of edges;
// an object per edge and a string per written name were most of the time and memory of reading
// one. Syntax nodes (`EdgeLine`, `Name`) are made from these arrays only when a feature asks for
// them (`edgeLines`).
import type { EdgeLine, GraphDeclaration, Name } from './ast';

/**
 * The vertices of one graph: names by number, numbers by name, without a string per occurrence, and
 * without a string per vertex until one is asked for (`names`): `grundy check` on a graph of a
 * million vertices never asks, and a million strings were a tenth of its time.
 */
export class VertexTable {
  /** The text the vertices were read from (the document as it was parsed: offsets below are in it). */
  #text = '';
  /** Where each vertex's name is first written: start and end, in pairs. */
  #spans = new Int32Array(64);
  #count = 0;
  #names: string[] | undefined;

  /** By number, in order of first appearance (made when first asked for). */
  get names(): string[] {
    if (!this.#names) {
      const names: string[] = new Array(this.#count);
      for (let v = 0; v < this.#count; v++) names[v] = this.#text.slice(this.#spans[2 * v], this.#spans[2 * v + 1]);
      this.#names = names;
    }
    return this.#names;
  }

  /**
   * Open addressing, four integers a slot: a vertex's hash, its number + 1 (0: the slot is empty),
   * and where its name was last written and how long it is. While the parser interns names, a
   * probe reads one place in memory and compares the characters with the last occurrence, which
   * is usually near in the text (and in the cache); the `names` array, far away, is not read.
   */
  private slots = new Int32Array(256);

  get size(): number {
    return this.#count;
  }

  /** The name of vertex v, without making all the names (a move or a hover needs one or two). */
  nameOf(v: number): string {
    return this.#names ? this.#names[v] : this.#text.slice(this.#spans[2 * v], this.#spans[2 * v + 1]);
  }

  keys(): IterableIterator<string> {
    return this.names.values();
  }

  /** The number of the vertex called `name`, if the graph has it. */
  get(name: string): number | undefined {
    const hash = hashOf(name, 0, name.length);
    const stride = this.stride;
    const mask = this.slots.length / stride - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[stride * slot + 1];
      if (entry === 0) return undefined;
      if (this.slots[stride * slot] === hash && this.nameIs(entry - 1, name)) return entry - 1;
    }
  }

  private nameIs(vertex: number, name: string): boolean {
    const start = this.#spans[2 * vertex];
    return this.#spans[2 * vertex + 1] - start === name.length && this.#text.startsWith(name, start);
  }

  /** Integers per slot: 4 while interning, 2 (hash and number) after `doneInterning`. */
  private stride = 4;

  /** The parse is over: only `get` is asked from now on, which needs half the table. */
  doneInterning(): void {
    if (this.stride === 2) return;
    const old = this.slots;
    const slots = new Int32Array(old.length / 2);
    for (let i = 0, j = 0; i < old.length; i += 4, j += 2) {
      slots[j] = old[i];
      slots[j + 1] = old[i + 1];
    }
    this.slots = slots;
    this.stride = 2;
  }

  /**
   * The number of the vertex written at text[start, end), made when new; `hash` is `hashOf` the
   * same characters when the caller has it. Only while parsing `text`: slots remember offsets in it.
   */
  intern(text: string, start: number, end: number, hash = hashOf(text, start, end)): number {
    const length = end - start;
    const slots = this.slots;
    const mask = (slots.length >> 2) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = 4 * slot;
      const entry = slots[at + 1];
      if (entry === 0) {
        const vertex = this.#count++;
        this.#text = text;
        if (2 * vertex + 2 > this.#spans.length) {
          const spans = new Int32Array(this.#spans.length * 2);
          spans.set(this.#spans);
          this.#spans = spans;
        }
        this.#spans[2 * vertex] = start;
        this.#spans[2 * vertex + 1] = end;
        slots[at] = hash;
        slots[at + 1] = vertex + 1;
        slots[at + 2] = start;
        slots[at + 3] = length;
        if (this.#count * 8 > slots.length) this.grow();
        return vertex;
      }
      if (slots[at] === hash && slots[at + 3] === length && sameChars(text, slots[at + 2], start, length)) {
        // Compare with this occurrence next time: the latest is nearer in the text (and in the cache) than the first.
        slots[at + 2] = start;
        return entry - 1;
      }
    }
  }

  /** Twice the slots (kept at most half full). */
  private grow(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = (slots.length >> 2) - 1;
    for (let i = 0; i < old.length; i += 4) {
      if (old[i + 1] === 0) continue;
      let slot = old[i] & mask;
      while (slots[4 * slot + 1] !== 0) slot = (slot + 1) & mask;
      const at = 4 * slot;
      slots[at] = old[i];
      slots[at + 1] = old[i + 1];
      slots[at + 2] = old[i + 2];
      slots[at + 3] = old[i + 3];
    }
    this.slots = slots;
  }
}

function sameChars(text: string, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/** FNV-1a over the characters (as a 32-bit signed integer: `FNV_START`, then `fnvStep` per character). */
export function hashOf(text: string, start: number, end: number): number {
  let hash = FNV_START;
  for (let i = start; i < end; i++) hash = fnvStep(hash, text.charCodeAt(i));
  return hash;
}

const FNV_START = 0x811c9dc5 | 0;

function fnvStep(hash: number, c: number): number {
  return Math.imul(hash ^ c, 0x01000193);
}

/**
 * The body. Line k (an edge line `from -> to, …`, or a lone vertex) has its source vertex
 * `lineFrom[k]` written at `lineStart[k]`, ends at `lineEnd[k]`, and holds edges
 * `lineEdges[k]` to `lineEdges[k + 1]`. Edge e goes from `edgeFrom[e]` to `edgeTo[e]`, its target
 * written at `edgeAt[e]`. A vertex's name is as long at every occurrence, so offsets suffice.
 */
export interface GraphBody {
  readonly vertices: VertexTable;
  readonly lineCount: number;
  readonly lineFrom: Int32Array<ArrayBuffer>;
  readonly lineStart: Int32Array<ArrayBuffer>;
  readonly lineEnd: Int32Array<ArrayBuffer>;
  readonly lineEdges: Int32Array<ArrayBuffer>;
  readonly edgeCount: number;
  readonly edgeFrom: Int32Array<ArrayBuffer>;
  readonly edgeTo: Int32Array<ArrayBuffer>;
  readonly edgeAt: Int32Array<ArrayBuffer>;
}

/** Collects a body line by line (the parser's two ways of reading a line both end here). */
export class GraphBodyBuilder {
  readonly vertices: VertexTable;
  private lineCount = 0;
  private lineFrom: Int32Array<ArrayBuffer>;
  private lineStart: Int32Array<ArrayBuffer>;
  private lineEnd: Int32Array<ArrayBuffer>;
  private lineEdges: Int32Array<ArrayBuffer>;
  private edgeCount = 0;
  private edgeFrom = new Int32Array(1024);
  private edgeTo = new Int32Array(1024);
  private edgeAt = new Int32Array(1024);
  private from = 0;

  constructor(private readonly text: string) {
    this.vertices = new VertexTable();
    this.lineFrom = new Int32Array(256);
    this.lineStart = new Int32Array(256);
    this.lineEnd = new Int32Array(256);
    this.lineEdges = new Int32Array(257);
  }

  /** A line starts: its source vertex, written at text[start, end). */
  startLine(start: number, end: number, hash?: number): void {
    if (this.lineCount + 1 >= this.lineFrom.length) {
      this.lineFrom = grown(this.lineFrom);
      this.lineStart = grown(this.lineStart);
      this.lineEnd = grown(this.lineEnd);
      this.lineEdges = grown(this.lineEdges);
    }
    this.from = this.vertices.intern(this.text, start, end, hash);
    this.lineFrom[this.lineCount] = this.from;
    this.lineStart[this.lineCount] = start;
    this.lineEdges[this.lineCount] = this.edgeCount;
  }

  /** An edge from the line's source to the vertex written at text[start, end) (`hash`: see VertexTable.intern). */
  edge(start: number, end: number, hash?: number): void {
    if (this.edgeCount === this.edgeFrom.length) {
      this.edgeFrom = grown(this.edgeFrom);
      this.edgeTo = grown(this.edgeTo);
      this.edgeAt = grown(this.edgeAt);
    }
    this.edgeFrom[this.edgeCount] = this.from;
    this.edgeTo[this.edgeCount] = this.vertices.intern(this.text, start, end, hash);
    this.edgeAt[this.edgeCount] = start;
    this.edgeCount++;
  }

  endLine(end: number): void {
    this.lineEnd[this.lineCount] = end;
    this.lineCount++;
    this.lineEdges[this.lineCount] = this.edgeCount;
  }

  /** The body. Arrays nearly full are used as they are (a view of their first part), others copied to their size: no second copy of a big body is made. */
  finish(): GraphBody {
    const lines = this.lineCount;
    const edges = this.edgeCount;
    this.vertices.doneInterning();
    return {
      vertices: this.vertices,
      lineCount: lines,
      lineFrom: fitted(this.lineFrom, lines),
      lineStart: fitted(this.lineStart, lines),
      lineEnd: fitted(this.lineEnd, lines),
      lineEdges: fitted(this.lineEdges, lines + 1),
      edgeCount: edges,
      edgeFrom: fitted(this.edgeFrom, edges),
      edgeTo: fitted(this.edgeTo, edges),
      edgeAt: fitted(this.edgeAt, edges),
    };
  }
}

function fitted(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  return length * 5 >= array.length * 4 ? array.subarray(0, length) : array.slice(0, length);
}

function grown(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const next = new Int32Array(array.length * 2);
  next.set(array);
  return next;
}

/** The name of vertex `vertex` written at `start`, as a syntax node. */
export function vertexName(body: GraphBody, vertex: number, start: number): Name {
  const text = body.vertices.names[vertex];
  return { start, end: start + text.length, text };
}

/** The body's lines as syntax nodes. */
export function edgeLines(body: GraphBody): EdgeLine[] {
  const lines: EdgeLine[] = [];
  for (let k = 0; k < body.lineCount; k++) {
    const to: Name[] = [];
    for (let e = body.lineEdges[k]; e < body.lineEdges[k + 1]; e++) to.push(vertexName(body, body.edgeTo[e], body.edgeAt[e]));
    lines.push({ start: body.lineStart[k], end: body.lineEnd[k], from: vertexName(body, body.lineFrom[k], body.lineStart[k]), to });
  }
  return lines;
}

/** Moves every offset of the body by `delta` (incremental analysis keeps the node, moved). */
export function moveGraphBody(body: GraphBody, delta: number): void {
  for (const offsets of [body.lineStart, body.lineEnd, body.edgeAt]) for (let i = 0; i < offsets.length; i++) offsets[i] += delta;
}

/** A graph declaration: its lines as nodes are made from the body when first asked for. */
export class GraphNode implements GraphDeclaration {
  readonly kind = 'graph';
  #lines: EdgeLine[] | undefined;

  constructor(
    public start: number,
    public end: number,
    readonly name: Name | undefined,
    readonly body: GraphBody,
  ) {}

  get lines(): readonly EdgeLine[] {
    this.#lines ??= edgeLines(this.body);
    return this.#lines;
  }

  /** Moves the declaration's offsets by `delta` (its name is moved by the caller). */
  moveBody(delta: number): void {
    moveGraphBody(this.body, delta);
    this.#lines = undefined;
  }
}
