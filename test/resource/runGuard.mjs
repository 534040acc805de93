// One resource guard file under mocha (spec reporter, serial), in a process of its own
// (test/resource/stage.mjs); its last line is `resource: N passed, N failed`.
import Mocha from 'mocha';

const file = process.argv[2];
const mocha = new Mocha({ reporter: 'spec', timeout: 600_000, grep: process.env.MOCHA_GREP });
mocha.addFile(file);
await mocha.loadFilesAsync();
const { passed, failed } = await new Promise((resolve) => {
  const runner = mocha.run(() => resolve({ passed: runner.stats?.passes ?? 0, failed: runner.stats?.failures ?? 0 }));
});
console.log(`resource: ${passed} passed, ${failed} failed`);
// A guard's server or workers must not keep the process alive.
process.exit(failed > 0 ? 1 : 0);
