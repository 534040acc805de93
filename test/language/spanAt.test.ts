// spanAt (language/text.ts): the binary search for the span that holds an offset, against the
// linear search it replaced, on random sorted spans, some of them touching.
import * as assert from 'node:assert/strict';
import { type Span, spanAt, spanContains } from '../../server/src/language/text';
import { integer, random } from '../engine/oracles/random';

describe('spanAt', () => {
  it('finds what a linear search finds (the first span holding the offset), on 2,000 random layouts', () => {
    const next = random(17);
    for (let trial = 0; trial < 2000; trial++) {
      const spans: Span[] = [];
      let at = integer(next, 0, 3);
      for (let i = integer(next, 0, 8); i > 0; i--) {
        const start = at;
        const end = start + integer(next, 0, 5);
        spans.push({ start, end });
        at = end + integer(next, 0, 3); // 0: the next span starts where this one ends
      }
      for (let offset = 0; offset <= at + 2; offset++) {
        assert.equal(
          spanAt(spans, offset),
          spans.find((s) => spanContains(s, offset)),
          `offset ${offset} in ${JSON.stringify(spans)}`,
        );
      }
    }
  });
});
