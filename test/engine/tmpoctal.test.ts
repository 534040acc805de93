import { ruleSequence } from '../../server/src/engine';
describe('tmp octal', () => {
  it('measure', () => {
    for (const [code, to] of [['0.6', 1_000_000]] as const) {
      const digits = code.replace('.', '').split('').map(Number);
      const t = performance.now();
      ruleSequence({ kind: 'octal', digits }, { deadline: Date.now() + 600_000 }, { stopAt: to - 1, findPeriod: false });
      console.log(code, to, (performance.now() - t).toFixed(0), 'ms');
    }
  });
});
