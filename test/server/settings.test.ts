// The settings' one table (server/src/settings.ts) against what the extension contributes in
// package.json, and the clamps made from it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEFAULT_SETTINGS, normalizeSettings, SETTINGS } from '../../server/src/settings';
import { repositoryPath } from '../helpers/paths';

describe('settings', () => {
  it("package.json's contributes.configuration says what the table says, setting for setting", () => {
    const manifest = JSON.parse(readFileSync(repositoryPath('package.json'), 'utf8'));
    const contributed: Record<string, unknown> = manifest.contributes.configuration.properties;
    const expected: Record<string, unknown> = {};
    for (const spec of Object.values(SETTINGS)) {
      const { key, ...rest } = spec;
      expected[`grundy.${key}`] = rest;
    }
    // Same keys, and for each the same fields (order aside).
    assert.deepEqual(Object.keys(contributed).sort(), Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected)) assert.deepEqual(contributed[key], value, key);
  });

  it('defaults for anything missing or of the wrong type; numbers made whole and clamped', () => {
    assert.deepEqual(normalizeSettings(undefined), DEFAULT_SETTINGS);
    assert.deepEqual(normalizeSettings('nonsense'), DEFAULT_SETTINGS);
    assert.deepEqual(
      normalizeSettings({ inlayHints: { enabled: 'no' }, codeLens: { maxMoves: Number.NaN }, computation: null }),
      DEFAULT_SETTINGS,
    );
    assert.deepEqual(
      normalizeSettings({
        inlayHints: { enabled: false },
        codeLens: { maxMoves: 1e9 },
        computation: { budgetMs: 2.9, memoryMb: -5 },
      }),
      {
        inlayHints: { enabled: false },
        codeLens: { maxMoves: SETTINGS.maxMoves.maximum },
        computation: { budgetMs: SETTINGS.budgetMs.minimum, memoryMb: SETTINGS.memoryMb.minimum },
      },
    );
    assert.deepEqual(normalizeSettings({ codeLens: { maxMoves: 7.9 } }).codeLens, { maxMoves: 7 });
  });
});
