// A graph's body as the parser reads it: vertices interned once (a name per distinct vertex, not
// per occurrence), edges and lines in typed arrays. A generated graph may have millions of edges;
// an object per edge and a string per written name were most of the time and memory of reading
// one. Syntax nodes (`EdgeLine`, `Name`) are made from these arrays only when a feature asks for
// them (`edgeLines`).
import type { EdgeLine, GraphBody, GraphDeclaration, GraphVertices, Name } from './ast';

/**
 * The vertices of one graph: names by number, numbers by name, without a string per occurrence, and
 * without a string per vertex until one is asked for (`names`): `grundy check` on a graph of a
 * million vertices never asks, and a million strings were a tenth of its time.
 */
export class VertexTable implements GraphVertices {
  /** The text the vertices were read from (the document as it was parsed: offsets below are in it). */
  #text = '';
  /** Where each vertex's name is first written: start and end, in pairs. */
  #spans: Int32Array<ArrayBuffer> = new Int32Array(64);
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
   * Open addressing, two integers a slot: a vertex's hash and its number + 1 (0: the slot is
   * empty). Eight bytes a slot keep the table of a million names at 16 MB, and growing it cheap.
   */
  private slots = new Int32Array(128);
  /**
   * While interning: where each vertex's name was last written. A probe compares the characters
   * with that occurrence, which is usually near in the text (and in the cache); vertices written
   * near each other are numbered near each other, so their entries here are near too.
   */
  #latest: Int32Array<ArrayBuffer> | undefined = new Int32Array(32);

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
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    const jump = probeJump(hash);
    for (let slot = hash & mask, probe = 1; ; slot = nextProbe(slot, probe++, jump, mask)) {
      const entry = slots[2 * slot + 1];
      if (entry === 0) return undefined;
      if (slots[2 * slot] === hash && this.nameIs(entry - 1, name)) return entry - 1;
    }
  }

  private nameIs(vertex: number, name: string): boolean {
    const start = this.#spans[2 * vertex];
    return this.#spans[2 * vertex + 1] - start === name.length && this.#text.startsWith(name, start);
  }

  /** The parse is over: only `get` is asked from now on, and the latest occurrences can go. */
  doneInterning(): void {
    this.#latest = undefined;
  }

  /**
   * The number of the vertex written at text[start, end), made when new; `hash` is `hashOf` the
   * same characters when the caller has it. Only while parsing `text` (offsets are in it), and
   * before `doneInterning`.
   */
  intern(text: string, start: number, end: number, hash = hashOf(text, start, end)): number {
    const length = end - start;
    const slots = this.slots;
    const latest = this.#latest!;
    const spans = this.#spans;
    const mask = (slots.length >> 1) - 1;
    const jump = probeJump(hash);
    for (let slot = hash & mask, probe = 1; ; slot = nextProbe(slot, probe++, jump, mask)) {
      const entry = slots[2 * slot + 1];
      if (entry === 0) return this.add(text, start, end, hash, slot);
      if (slots[2 * slot] === hash) {
        const vertex = entry - 1;
        const last = latest[vertex];
        if (spans[2 * vertex + 1] - spans[2 * vertex] === length && sameChars(text, last, start, length)) {
          latest[vertex] = start; // compare with this occurrence next time: the nearest one
          return vertex;
        }
      }
    }
  }

  /** A new vertex, written at text[start, end), into the empty `slot`. */
  private add(text: string, start: number, end: number, hash: number, slot: number): number {
    const vertex = this.#count++;
    this.#text = text;
    if (vertex === this.#latest!.length) {
      this.#latest = grown(this.#latest!);
      this.#spans = grown(this.#spans);
    }
    this.#spans[2 * vertex] = start;
    this.#spans[2 * vertex + 1] = end;
    this.#latest![vertex] = start;
    this.slots[2 * slot] = hash;
    this.slots[2 * slot + 1] = vertex + 1;
    if (this.#count * 4 > this.slots.length) this.grow();
    return vertex;
  }

  /** Twice the slots (kept at most half full). */
  private grow(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = (slots.length >> 1) - 1;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i + 1] === 0) continue;
      const hash = old[i];
      const jump = probeJump(hash);
      let slot = hash & mask;
      for (let probe = 1; slots[2 * slot + 1] !== 0; probe++) slot = nextProbe(slot, probe, jump, mask);
      slots[2 * slot] = hash;
      slots[2 * slot + 1] = old[i + 1];
    }
    this.slots = slots;
  }
}

function sameChars(text: string, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/**
 * Where to look after a slot that holds another name: the rest of its group of four (one cache
 * line while interning), then a jump to another group, by a stride that differs from name to name
 * and is an odd number of groups (so every slot is reached). Names whose hashes differ only in the
 * last four bits (see `hashOf`) jump together, and stay near each other.
 */
function nextProbe(slot: number, probe: number, jump: number, mask: number): number {
  return (probe & 3) !== 0 ? (slot & ~3) | ((slot + 1) & 3) : (slot + jump) & mask;
}

function probeJump(hash: number): number {
  return ((hash >>> 16) | 1) << 2;
}

/**
 * A name's hash. The names of a big graph are mostly made by a program, as a prefix and a number
 * (`v123456`), and the names written near each other are mostly near in number; a plain hash sends
 * each to its own place in a table of millions, and that (a cache and TLB miss per name) was most
 * of the time of reading such a graph. So the number at the end of a name is kept apart: the rest
 * of the name and the number without its last four bits are mixed into a well-spread hash, and the
 * last four bits pick one of 16 neighbouring slots. `v16` to `v31` share a stretch of the table;
 * unrelated names are spread as by any hash.
 */
export function hashOf(text: string, start: number, end: number): number {
  let all = FNV_START;
  let prefix = FNV_START; // FNV-1a of the name up to its last non-digit
  let number = 0; // the digits after that (mod 2^32)
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    all = Math.imul(all ^ c, 0x01000193);
    if (c >= 48 && c <= 57) number = (Math.imul(number, 10) + c - 48) | 0;
    else {
      prefix = all;
      number = 0;
    }
  }
  // A murmur-style finish of prefix and number >>> 4; then the number's last four bits.
  let mixed = Math.imul(prefix ^ (number >>> 4), 0x9e3779b1);
  mixed ^= mixed >>> 16;
  mixed = Math.imul(mixed, 0x85ebca6b);
  mixed ^= mixed >>> 13;
  return mixed ^ (number & 15);
}

const FNV_START = 0x811c9dc5 | 0;

/** Collects a body line by line (the parser's two ways of reading a line both end here). */
export class GraphBodyBuilder {
  readonly vertices: VertexTable;
  private lineCount = 0;
  private lineFrom: Int32Array<ArrayBuffer>;
  private lineStart: Int32Array<ArrayBuffer>;
  private lineEnd: Int32Array<ArrayBuffer>;
  private lineEdges: Int32Array<ArrayBuffer>;
  private edgeCount = 0;
  private edgeTo = new Int32Array(1024);
  private edgeAt = new Int32Array(1024);

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
    this.lineFrom[this.lineCount] = this.vertices.intern(this.text, start, end, hash);
    this.lineStart[this.lineCount] = start;
    this.lineEdges[this.lineCount] = this.edgeCount;
  }

  /** An edge from the line's source to the vertex written at text[start, end) (`hash`: see VertexTable.intern). */
  edge(start: number, end: number, hash?: number): void {
    if (this.edgeCount === this.edgeTo.length) {
      this.edgeTo = grown(this.edgeTo);
      this.edgeAt = grown(this.edgeAt);
    }
    this.edgeTo[this.edgeCount] = this.vertices.intern(this.text, start, end, hash);
    this.edgeAt[this.edgeCount] = start;
    this.edgeCount++;
  }

  endLine(end: number): void {
    this.lineEnd[this.lineCount] = end;
    this.lineCount++;
    this.lineEdges[this.lineCount] = this.edgeCount;
  }

  /**
   * The body. Arrays nearly full are used as they are (a view of their first part), others copied to their size: no
   * second copy of a big body is made.
   */
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
    for (let e = body.lineEdges[k]; e < body.lineEdges[k + 1]; e++)
      to.push(vertexName(body, body.edgeTo[e], body.edgeAt[e]));
    lines.push({
      start: body.lineStart[k],
      end: body.lineEnd[k],
      from: vertexName(body, body.lineFrom[k], body.lineStart[k]),
      to,
    });
  }
  return lines;
}

/** Moves every offset of the body by `delta` (incremental analysis keeps the node, moved). */
export function moveGraphBody(body: GraphBody, delta: number): void {
  for (const offsets of [body.lineStart, body.lineEnd, body.edgeAt])
    for (let i = 0; i < offsets.length; i++) offsets[i] += delta;
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
