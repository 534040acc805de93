// The browser bundles (out/web/, esbuild.mjs's `web` builds, package.json's `browser` entry) hold
// no Node API: esbuild builds them for platform `browser`, where importing a Node built-in fails
// the build, and this test reads what they were made of (out/web/meta.json, from esbuild's
// metafile) so that a Node-only module of our own cannot slip in by another way (a library's
// Node entry, our Node edge imported from shared code, a `require` left for run time).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { repositoryPath } from '../helpers/paths';

interface Bundle {
  readonly inputs: readonly string[];
  readonly imports: readonly { readonly path: string; readonly kind: string; readonly external?: boolean }[];
}

const bundles: Record<string, Bundle> = JSON.parse(readFileSync(repositoryPath('out', 'web', 'meta.json'), 'utf8'));

/** Our own modules that are Node's edge (a path, or a folder ending in `/`): never in a browser bundle. */
const NODE_EDGE = [
  'server/src/main.ts',
  'server/src/transport.ts',
  'server/src/heapTuning.ts',
  'server/src/cli/',
  'server/src/compute/worker.ts',
  'server/src/compute/nodeWorkers.ts',
  'client/src/extension.ts',
];

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

describe('browser bundles', () => {
  it('are the three the browser entry needs', () => {
    assert.deepEqual(Object.keys(bundles).sort(), ['out/web/extension.js', 'out/web/server.js', 'out/web/worker.js']);
    const manifest = JSON.parse(readFileSync(repositoryPath('package.json'), 'utf8'));
    assert.equal(manifest.browser, './out/web/extension.js');
  });

  for (const [file, bundle] of Object.entries(bundles)) {
    describe(file, () => {
      it('imports nothing at run time but `vscode` (the client only): no Node built-in, no package left out', () => {
        const allowed = file === 'out/web/extension.js' ? ['vscode'] : [];
        for (const imported of bundle.imports) {
          assert.ok(!builtins.has(imported.path), `${file} imports Node's ${imported.path}`);
          assert.ok(allowed.includes(imported.path), `${file} imports ${imported.path} (${imported.kind}) at run time`);
        }
      });

      it("is made of no Node edge of ours and no library's Node entry", () => {
        for (const input of bundle.inputs) {
          assert.ok(
            !NODE_EDGE.some((edge) => (edge.endsWith('/') ? input.startsWith(edge) : input === edge)),
            `${file} holds ${input}, which is Node's edge`,
          );
          assert.ok(!/node_modules\/vscode-[a-z-]+\/lib\/node\//.test(input), `${file} holds ${input}`);
          assert.ok(!builtins.has(input.replace(/^\(disabled\):/, '')), `${file} holds ${input}`);
        }
        assert.ok(bundle.inputs.length > 10, `${file} was bundled (${bundle.inputs.length} inputs)`);
      });

      it('leaves no `require` of anything but `vscode` in its text', () => {
        const text = readFileSync(repositoryPath(file), 'utf8');
        const required = [...text.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
        assert.deepEqual(
          [...new Set(required)].filter((name) => name !== 'vscode'),
          [],
        );
        assert.doesNotMatch(text, /\b__dirname\b|\b__filename\b/);
      });
    });
  }

  it('the server and its workers come from the browser edge; the client from its browser entry', () => {
    assert.ok(bundles['out/web/server.js'].inputs.includes('server/src/browser/main.ts'));
    assert.ok(bundles['out/web/server.js'].inputs.includes('server/src/server.ts'), 'the shared server');
    assert.ok(bundles['out/web/worker.js'].inputs.includes('server/src/browser/computeWorker.ts'));
    assert.ok(bundles['out/web/worker.js'].inputs.includes('server/src/compute/jobs.ts'), 'the shared jobs');
    assert.ok(bundles['out/web/extension.js'].inputs.includes('client/src/browserExtension.ts'));
    assert.ok(bundles['out/web/extension.js'].inputs.includes('client/src/activate.ts'), 'the shared client');
  });
});
