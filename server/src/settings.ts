// The settings, in one table: each one's key under `grundy.`, type, default, bounds, scope and
// description. The server's defaults and clamps are made from it, and package.json's
// `contributes.configuration` must say the same (test/server/settings.test.ts checks it).
import { DEFAULT_COMPUTATION_MEMORY_MB } from './compute/jobs';
import { LISTED_MOVES } from './compute/requests';

export interface Settings {
  readonly inlayHints: { readonly enabled: boolean };
  readonly codeLens: { readonly maxMoves: number };
  /** budgetMs: one computation's time; memoryMb: all computations' memory together. */
  readonly computation: { readonly budgetMs: number; readonly memoryMb: number };
}

interface SettingBase {
  /** The key under `grundy.` (`grundy.codeLens.maxMoves`). */
  readonly key: string;
  readonly description: string;
  readonly scope: 'window';
}

export type SettingSpec =
  | (SettingBase & { readonly type: 'boolean'; readonly default: boolean })
  | (SettingBase & {
      readonly type: 'integer';
      readonly default: number;
      readonly minimum: number;
      readonly maximum: number;
    })
  | (SettingBase & { readonly type: 'string'; readonly default: string; readonly enum: readonly string[] });

/** Every setting the extension contributes. */
export const SETTINGS = {
  inlayHints: {
    key: 'inlayHints.enabled',
    type: 'boolean',
    default: true,
    description: "Show each component's nimber and each game's nim-sum and outcome as inlay hints.",
    scope: 'window',
  },
  maxMoves: {
    key: 'codeLens.maxMoves',
    type: 'integer',
    default: 3,
    minimum: 0,
    // A game's computation lists this many moves (compute/requests.ts): more could not be shown.
    maximum: LISTED_MOVES,
    description:
      'How many winning moves to show as code lenses above a game; the rest are behind a "k more winning moves" lens.',
    scope: 'window',
  },
  budgetMs: {
    key: 'computation.budgetMs',
    type: 'integer',
    default: 10_000,
    minimum: 10,
    maximum: 3_600_000,
    description:
      "How long one request of a view may run, in milliseconds (the explorer's values, the game tree, the " +
      "computer's reply in play mode), and the length of a misère quotient's background slices. A game's value, " +
      'outcome, winning moves and remoteness have no time limit: each computation stops at its own limit of work ' +
      '(counted, not timed), so it gives the same answer on every machine; until then it shows "computing", and ' +
      'Cancel stops it.',
    scope: 'window',
  },
  memoryMb: {
    key: 'computation.memoryMb',
    type: 'integer',
    default: DEFAULT_COMPUTATION_MEMORY_MB,
    minimum: 64,
    maximum: 1_048_576,
    description:
      'How much memory the computations may take together, in MiB (shared evenly among the worker threads). ' +
      'A computation that reaches its share stops and says so ("stopped at the memory limit"); ' +
      'the server stays bounded whatever the document. In a browser only the values computations keep are bounded: ' +
      'a browser gives a worker no heap limit.',
    scope: 'window',
  },
  // The client's own (vscode-languageclient reads it); the server never sees it.
  trace: {
    key: 'trace.server',
    type: 'string',
    default: 'off',
    enum: ['off', 'messages', 'verbose'],
    description: 'Log the messages between VS Code and the Grundy language server (in the Output view).',
    scope: 'window',
  },
} as const satisfies Record<string, SettingSpec>;

export const DEFAULT_SETTINGS: Settings = {
  inlayHints: { enabled: SETTINGS.inlayHints.default },
  codeLens: { maxMoves: SETTINGS.maxMoves.default },
  computation: { budgetMs: SETTINGS.budgetMs.default, memoryMb: SETTINGS.memoryMb.default },
};

/**
 * Settings from what a client sent (`grundy` section of the configuration, or
 * initializationOptions.settings): each value of the wrong type is its default, each number is
 * made whole and clamped to its bounds.
 */
export function normalizeSettings(raw: unknown): Settings {
  return {
    inlayHints: { enabled: booleanSetting(raw, SETTINGS.inlayHints) },
    codeLens: { maxMoves: integerSetting(raw, SETTINGS.maxMoves) },
    computation: {
      budgetMs: integerSetting(raw, SETTINGS.budgetMs),
      memoryMb: integerSetting(raw, SETTINGS.memoryMb),
    },
  };
}

/** The value at the setting's key in the client's object (`codeLens.maxMoves` → raw.codeLens.maxMoves). */
function valueAt(raw: unknown, key: string): unknown {
  let value = raw;
  for (const part of key.split('.'))
    value = value !== null && typeof value === 'object' ? Reflect.get(value, part) : undefined;
  return value;
}

function booleanSetting(raw: unknown, spec: Extract<SettingSpec, { type: 'boolean' }>): boolean {
  const value = valueAt(raw, spec.key);
  return typeof value === 'boolean' ? value : spec.default;
}

function integerSetting(raw: unknown, spec: Extract<SettingSpec, { type: 'integer' }>): number {
  const value = valueAt(raw, spec.key);
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.min(spec.maximum, Math.max(spec.minimum, Math.floor(value)))
    : spec.default;
}
