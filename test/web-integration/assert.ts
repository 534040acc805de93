// `node:assert/strict` for the web suite: VS Code's web worker extension host has no Node, so
// esbuild swaps this module in for it (esbuild.mjs, the web suite's `alias`), and the Node-host
// suites' files and helpers run unchanged beside the web suite's own. Only what the suites call:
// ok, equal, notEqual, match, deepEqual, fail, with the strict module's meaning (Object.is,
// prototypes compared). A failure throws an Error whose message says what differed.

class AssertionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssertionError';
  }
}

function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  try {
    return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value);
  } catch {
    return String(value);
  }
}

function failWith(message: string | Error | undefined, fallback: string): never {
  if (message instanceof Error) throw message;
  throw new AssertionError(message ?? fallback);
}

export function ok(value: unknown, message?: string | Error): asserts value {
  if (!value) failWith(message, `expected a truthy value, got ${shown(value)}`);
}

export function equal<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T {
  if (!Object.is(actual, expected)) failWith(message, `expected ${shown(expected)}, got ${shown(actual)}`);
}

export function notEqual(actual: unknown, expected: unknown, message?: string | Error): void {
  if (Object.is(actual, expected)) failWith(message, `expected anything but ${shown(expected)}`);
}

export function match(actual: string, pattern: RegExp, message?: string | Error): void {
  if (typeof actual !== 'string' || !pattern.test(actual))
    failWith(message, `expected ${shown(actual)} to match ${pattern}`);
}

export function fail(message?: string | Error): never {
  failWith(message, 'failed');
}

/** Where `actual` and `expected` first differ (a path like `[2].name`), or undefined when they are deeply equal. */
function difference(actual: unknown, expected: unknown, path: string, seen: Map<object, object>): string | undefined {
  if (Object.is(actual, expected)) return undefined;
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null)
    return `${path || 'the value'}: ${shown(actual)} is not ${shown(expected)}`;
  if (seen.get(actual) === expected) return undefined;
  seen.set(actual, expected);
  if (Object.getPrototypeOf(actual) !== Object.getPrototypeOf(expected))
    return `${path || 'the value'}: not the same kind of object`;
  if (actual instanceof Date && expected instanceof Date)
    return actual.getTime() === expected.getTime() ? undefined : `${path}: ${actual} is not ${expected}`;
  if (actual instanceof RegExp && expected instanceof RegExp)
    return String(actual) === String(expected) ? undefined : `${path}: ${actual} is not ${expected}`;
  if (actual instanceof Map || actual instanceof Set) return `${path || 'the value'}: Map and Set are not compared`;
  const actualKeys = Object.keys(actual);
  const expectedKeys = Object.keys(expected);
  if (Array.isArray(actual) && actual.length !== (expected as unknown[]).length)
    return `${path || 'the array'}: length ${actual.length} is not ${(expected as unknown[]).length}`;
  for (const key of expectedKeys)
    if (!Object.hasOwn(actual, key)) return `${path}${Array.isArray(actual) ? `[${key}]` : `.${key}`}: missing`;
  for (const key of actualKeys)
    if (!Object.hasOwn(expected, key)) return `${path}${Array.isArray(actual) ? `[${key}]` : `.${key}`}: unexpected`;
  for (const key of expectedKeys) {
    const inner = difference(
      (actual as Record<string, unknown>)[key],
      (expected as Record<string, unknown>)[key],
      `${path}${Array.isArray(actual) ? `[${key}]` : `.${key}`}`,
      seen,
    );
    if (inner) return inner;
  }
  return undefined;
}

export function deepEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T {
  const differs = difference(actual, expected, '', new Map());
  if (differs) failWith(message, `expected ${shown(expected)}, got ${shown(actual)} (${differs})`);
}

export const strictEqual = equal;
export const notStrictEqual = notEqual;
export const deepStrictEqual = deepEqual;
