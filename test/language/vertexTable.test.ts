// The vertex table against a Map: names with numbers (which share stretches of the table), names
// whose hashes are equal (`v1` and `v01`: the same prefix and number), and plain words, through the
// table's growth; and `get` after the parse.
import * as assert from 'node:assert/strict';
import { hashOf, VertexTable } from '../../server/src/language/graphBody';
import { integer, random } from '../engine/oracles/random';

/** Interns every name of `names`, written one after another in one text, against a Map. */
function internAll(names: readonly string[]): { table: VertexTable; oracle: Map<string, number> } {
  const text = names.join(' ');
  const table = new VertexTable();
  const oracle = new Map<string, number>();
  let at = 0;
  for (const name of names) {
    const vertex = table.intern(text, at, at + name.length);
    if (!oracle.has(name)) oracle.set(name, oracle.size);
    assert.equal(vertex, oracle.get(name), `${name} at ${at}`);
    at += name.length + 1;
  }
  table.doneInterning();
  return { table, oracle };
}

describe('vertex table', () => {
  it('numbers names as a Map would, through growth, with numbered names, equal hashes and plain words', () => {
    const next = random(31);
    const words = ['a', 'b', 'start', 'end', 'x_y', 'node-a', 'Z'];
    for (let trial = 0; trial < 40; trial++) {
      const names: string[] = [];
      const count = integer(next, 1, 20_000);
      for (let k = 0; k < count; k++) {
        const kind = integer(next, 0, 4);
        const n = integer(next, 0, 3000);
        if (kind === 0) names.push(`v${n}`);
        else if (kind === 1)
          names.push(`v${'0'.repeat(integer(next, 1, 3))}${n}`); // the hash of v7, v07, v007 is one
        else if (kind === 2) names.push(`r${n % 50}c${Math.floor(n / 50)}`);
        else if (kind === 3) names.push(`${words[n % words.length]}${n % 3 === 0 ? '' : n}`);
        else names.push(String(n));
      }
      const { table, oracle } = internAll(names);
      assert.equal(table.size, oracle.size);
      for (const [name, vertex] of oracle) {
        assert.equal(table.get(name), vertex, name);
        assert.equal(table.nameOf(vertex), name);
      }
      assert.deepEqual(table.names, [...oracle.keys()]);
      for (const absent of ['v', 'v-1', 'w1', 'r1c', '00000', 'v99999'])
        assert.equal(table.get(absent), oracle.get(absent), absent);
    }
  });

  it('names equal but for leading zeros hash alike and are told apart by their characters', () => {
    assert.equal(hashOf('v7', 0, 2), hashOf('v007', 0, 4));
    const { table } = internAll(['v7', 'v007', 'v07', 'v7', 'v007']);
    assert.equal(table.size, 3);
    assert.deepEqual(
      ['v7', 'v07', 'v007', 'v0007'].map((name) => table.get(name)),
      [0, 2, 1, undefined],
    );
  });

  it('names that differ in the last four bits of their number share a stretch of the table; others are spread', () => {
    const mask = (1 << 20) - 1;
    const group = Array.from({ length: 16 }, (_, i) => hashOf(`v${32 + i}`, 0, `v${32 + i}`.length) & mask);
    assert.equal(new Set(group).size, 16, 'distinct slots');
    assert.equal(new Set(group.map((slot) => slot >> 4)).size, 1, 'one block of 16');
    const spread = new Set(Array.from({ length: 1000 }, (_, i) => hashOf(`v${16 * i}`, 0, `v${16 * i}`.length) >>> 12));
    assert.ok(spread.size > 990, `${spread.size} of 1000 blocks of 4096 slots distinct (a random spread: about 999.5)`);
  });
});
