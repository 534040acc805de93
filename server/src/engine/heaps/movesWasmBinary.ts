// The WebAssembly binary format (version 1) as movesWasm.ts writes a rule's kernel, byte by byte: the
// opcodes it uses, numbers (LEB128, signed and not), constants, vectors, sections. Only the encoding,
// nothing of a rule's meaning; kept apart so that the generator reads as what it generates.

/** WebAssembly's opcodes used here (the binary format, version 1). */
export const W = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  return: 0x0f,
  call: 0x10,
  select: 0x1b,
  get: 0x20,
  set: 0x21,
  tee: 0x22,
  globalGet: 0x23,
  globalSet: 0x24,
  i32Load: 0x28,
  i32Store: 0x36,
  f64Store: 0x39,
  i32Const: 0x41,
  f64Const: 0x44,
  i32Eqz: 0x45,
  i32Eq: 0x46,
  i32Ne: 0x47,
  i32Lt: 0x48,
  i32LtU: 0x49,
  i32Gt: 0x4a,
  i32Ge: 0x4e,
  f64Eq: 0x61,
  f64Ne: 0x62,
  f64Lt: 0x63,
  f64Gt: 0x64,
  f64Ge: 0x66,
  i32And: 0x71,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Mul: 0x6c,
  i32DivS: 0x6d,
  i32RemS: 0x6f,
  i32Or: 0x72,
  i32Xor: 0x73,
  i32Shl: 0x74,
  i32ShrS: 0x75,
  i64RemS: 0x81,
  f64Abs: 0x99,
  f64Neg: 0x9a,
  f64Floor: 0x9c,
  f64Add: 0xa0,
  f64Sub: 0xa1,
  f64Mul: 0xa2,
  f64Div: 0xa3,
  f64Min: 0xa4,
  f64Max: 0xa5,
  i32TruncF64: 0xaa,
  i64TruncF64: 0xb0,
  f64FromI32: 0xb7,
  f64FromI64: 0xb9,
} as const;
export const [I32, F64, EMPTY, FUNCTION] = [0x7f, 0x7c, 0x40, 0x60];
/** Comparisons by the language's operator: i32 (signed) and f64. */
export const COMPARE_OP = {
  '==': [0x46, 0x61],
  '!=': [0x47, 0x62],
  '<': [0x48, 0x63],
  '>': [0x4a, 0x64],
  '<=': [0x4c, 0x65],
  '>=': [0x4e, 0x66],
} as const;
export const OPS = Object.keys(COMPARE_OP) as (keyof typeof COMPARE_OP)[];

/** n ≥ 0 as unsigned LEB128. */
export const unsigned = (n: number): number[] => {
  const out: number[] = [];
  do {
    const byte = n % 128;
    n = Math.floor(n / 128);
    out.push(n > 0 ? byte | 128 : byte);
  } while (n > 0);
  return out;
};
/** A 32-bit integer as signed LEB128. */
export const signed = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const byte = n & 127;
    n >>= 7;
    if ((n === 0 && !(byte & 64)) || (n === -1 && byte & 64)) return [...out, byte];
    out.push(byte | 128);
  }
};
/** A vector: its length, then its items. */
export const vector = (items: number[][]) => [...unsigned(items.length), ...items.flat()];
/** Constants: an i32, an f64 (its eight bytes, little-endian). */
export const i32 = (n: number) => [W.i32Const, ...signed(n)];
const doubleBits = new Float64Array(1);
const doubleBytes = new Uint8Array(doubleBits.buffer);
export const f64 = (x: number) => {
  doubleBits[0] = x;
  return [W.f64Const, ...doubleBytes];
};
/** A 32-bit load or store's alignment (2^2) and offset. */
export const at32 = (offset: number) => [2, ...unsigned(offset)];
/** A section of a module: its id, its size, its bytes. */
export const section = (id: number, bytes: number[]) => [id, ...unsigned(bytes.length), ...bytes];
/** A name (an import's, an export's), as a vector of its bytes (ASCII). */
export const encodedName = (s: string) => vector([...s].map((ch) => [ch.charCodeAt(0)]));
