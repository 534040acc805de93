// Bundles what a user runs: the extension client, its webview pages, the language server and its
// workers, the CLI (`npm install` builds this). With `--tests`, the test suites too (the test
// commands build them): what the tests run is what the extension ships.

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const withTests = process.argv.includes('--tests');

/**
 * Every test (`*.test.ts`), benchmark (`*.bench.ts`), resource guard (`*.resource.ts`, run by
 * test/resource/stage.mjs) and workbench end-to-end test (`*.e2e.ts`, run by test/vscode/host.mjs)
 * under a folder: node 20 has no fs.glob.
 */
function findTests(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...findTests(path));
    else if (/\.(test|bench|e2e|resource)\.ts$/.test(entry)) found.push(path);
  }
  return found;
}

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: ['vscode'],
  logLevel: 'warning',
};

/** Code that runs in a browser (webview pages, the web extension, its workers, the web test suite): no Node. */
const browser = { ...common, platform: 'browser', target: 'es2022' };

const product = [
  { ...common, entryPoints: { 'client/extension': 'client/src/extension.ts' }, outdir: 'out' },
  // The panels' pages run in webviews (browser frames): one script each, no modules, no Node.
  {
    ...browser,
    format: 'iife',
    entryPoints: {
      'client/webview/explorer': 'client/webview/explorer.ts',
      'client/webview/graph': 'client/webview/graph.ts',
      'client/webview/board': 'client/webview/board.ts',
      'client/webview/quotient': 'client/webview/quotient.ts',
    },
    outdir: 'out',
  },
  // The server and its computation workers (loaded by path: out/server/worker.js).
  {
    ...common,
    entryPoints: { 'server/server': 'server/src/main.ts', 'server/worker': 'server/src/compute/worker.ts' },
    outdir: 'out',
  },
  {
    ...common,
    entryPoints: { 'cli/grundy': 'server/src/cli/main.ts' },
    outdir: 'out',
    banner: { js: '#!/usr/bin/env node' },
  },
];

/**
 * The browser edge (package.json `browser`: vscode.dev, github.dev, VS Code's web worker extension
 * host): the client, the language server as a Web Worker and its computation workers, beside the
 * Node bundles in out/web/. Platform `browser`: a Node built-in imported by anything they bundle
 * fails the build, and test/web/bundles.test.ts checks what they are made of.
 */
const web = [
  {
    ...browser,
    metafile: true,
    // VS Code loads a web extension as a CommonJS module, with `vscode` given.
    entryPoints: { 'web/extension': 'client/src/browserExtension.ts' },
    outdir: 'out',
  },
  {
    ...browser,
    metafile: true,
    // Classic worker scripts (a worker may import them with importScripts).
    format: 'iife',
    entryPoints: { 'web/server': 'server/src/browser/main.ts', 'web/worker': 'server/src/browser/computeWorker.ts' },
    outdir: 'out',
  },
];

const tests = [
  {
    ...common,
    entryPoints: Object.fromEntries(findTests('test').map((file) => [relative('.', file).replace(/\.ts$/, ''), file])),
    outdir: 'out',
    // mocha is provided by the runner; keep one copy of it. playwright-core stays a package.
    external: ['vscode', 'mocha', 'vscode-oniguruma', 'playwright-core'],
  },
  {
    // The integration suite runs inside VS Code's extension host, which loads this one file:
    // mocha is bundled in; only `vscode` (given by the host) stays external. Its tests are
    // `*.itest.ts`, imported by the entry, so the build above and test/run.mjs skip them.
    ...common,
    entryPoints: { 'test/integration/index': 'test/integration/index.ts' },
    outdir: 'out',
    // mocha's parallel mode (worker files found by require.resolve) is never used here.
    logOverride: { 'require-resolve-not-external': 'silent' },
  },
  {
    // The web suite runs inside VS Code's web worker extension host (test/vscode/host.mjs, stage `web`), which
    // loads a CommonJS module and gives `vscode`: a browser bundle, mocha's browser build inside, and Node's
    // assert swapped for a stand-in (the Node-host suites it reuses import it; a browser has no Node).
    ...browser,
    entryPoints: { 'test/web-integration/index': 'test/web-integration/index.ts' },
    outdir: 'out',
    alias: { 'node:assert/strict': './test/web-integration/assert.ts' },
    plugins: [
      {
        // mocha's package is `"type": "module"`, so esbuild would take its browser build (a UMD script) for an ES
        // module and leave its `module.exports = mocha` pointing at this bundle's own exports. Loaded from a
        // namespace of its own, it is the CommonJS script it is, wrapped like any other.
        name: 'mocha-browser-build',
        setup(build) {
          build.onResolve({ filter: /^mocha\/mocha$/ }, () => ({
            path: fileURLToPath(import.meta.resolve('mocha/mocha.js')),
            namespace: 'mocha-browser-build',
          }));
          build.onLoad({ filter: /.*/, namespace: 'mocha-browser-build' }, (args) => ({
            contents: readFileSync(args.path, 'utf8'),
            loader: 'js',
          }));
        },
      },
    ],
  },
];

const builds = withTests ? [...product, ...web, ...tests] : [...product, ...web];

if (watch) {
  for (const options of builds) (await esbuild.context(options)).watch();
} else {
  const results = await Promise.all(builds.map((options) => esbuild.build(options)));
  // What the browser bundles are made of (each one's source files and imports), for test/web/bundles.test.ts.
  const bundles = {};
  for (const result of results.filter((r) => r.metafile))
    for (const [file, output] of Object.entries(result.metafile.outputs))
      if (file.endsWith('.js')) bundles[file] = { inputs: Object.keys(output.inputs), imports: output.imports };
  writeFileSync('out/web/meta.json', JSON.stringify(bundles, null, 1));
}
