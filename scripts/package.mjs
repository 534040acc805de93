// `npm run package`: builds the extension and packs it into a .vsix with @vscode/vsce, then reads
// the .vsix back and checks its file list: the bundled output and the files VS Code reads
// (manifest, grammar, language configuration, README, LICENSE), nothing else: no sources, no
// tests, no source maps, no node_modules (esbuild bundles every dependency into out/).
//
//   npm run package                 writes grundy-game-<version>.vsix in the project folder
//   node scripts/package.mjs --out F
//
// test/vscode/host.mjs calls packageExtension() to install the .vsix into the VS Code server and
// run the integration suite against the installed copy.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Exactly the files a .vsix of this extension must hold (vsce names the README and LICENSE). */
export const EXPECTED_VSIX_FILES = [
  '[Content_Types].xml',
  'extension.vsixmanifest',
  'extension/LICENSE.txt',
  'extension/changelog.md',
  'extension/language-configuration.json',
  'extension/media/board.css',
  'extension/media/explorer.css',
  'extension/media/explorer.png',
  'extension/media/graph.css',
  'extension/media/graph.png',
  'extension/media/icon.png',
  'extension/media/markdown.css',
  'extension/media/panel.css',
  'extension/media/screenshot.png',
  'extension/out/client/extension.js',
  'extension/out/client/webview/board.js',
  'extension/out/client/webview/explorer.js',
  'extension/out/client/webview/graph.js',
  'extension/out/client/webview/quotient.js',
  'extension/out/server/server.js',
  'extension/out/server/worker.js',
  'extension/out/web/extension.js',
  'extension/out/web/server.js',
  'extension/out/web/worker.js',
  'extension/package.json',
  'extension/readme.md',
  'extension/syntaxes/game.markdown.tmLanguage.json',
  'extension/syntaxes/game.tmLanguage.json',
];

function manifest() {
  return JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8'));
}

export function defaultVsixPath() {
  const { name, version } = manifest();
  return join(repositoryRoot, `${name}-${version}.vsix`);
}

/**
 * The names in a zip file, read from its central directory (a .vsix is a zip). Enough of the
 * format for what vsce writes: no zip64, no multi-disk archives.
 */
export function zipEntryNames(path) {
  const zip = readFileSync(path);
  const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
  const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
  // The end record is 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error(`${path} is not a zip file (no end of central directory)`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) throw new Error(`${path}: bad central directory entry ${i}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** What is wrong with a .vsix's file list (missing and unexpected files); empty when right. */
export function vsixListProblems(names) {
  const problems = [];
  const present = new Set(names);
  for (const name of EXPECTED_VSIX_FILES) if (!present.has(name)) problems.push(`missing: ${name}`);
  const expected = new Set(EXPECTED_VSIX_FILES);
  for (const name of names) if (!expected.has(name)) problems.push(`not expected: ${name}`);
  return problems;
}

/**
 * Builds (esbuild) and packs the extension into `vsixPath`, checks the file list and returns
 * `{ path, files, bytes }`. Throws with the reason on any failure.
 */
export async function packageExtension(
  vsixPath = defaultVsixPath(),
  { build = true, log = console.log, quiet = false } = {},
) {
  if (build) {
    const built = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: repositoryRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`the build failed (exit ${built.status ?? built.signal})`);
  }
  rmSync(vsixPath, { force: true });
  const { createVSIX } = await import('@vscode/vsce');
  // vsce prints its own file tree with console.log; `quiet` (npm start) keeps that out.
  const consoleLog = console.log;
  if (quiet) console.log = () => {};
  await createVSIX({
    cwd: repositoryRoot,
    packagePath: vsixPath,
    // Everything the extension runs is bundled into out/ by esbuild.
    dependencies: false,
    // The extension's own page (what the Extensions view shows), for people who use it; the
    // repository's README.md is for people who work on it, and links to files a .vsix lacks.
    readmePath: 'client/README.md',
    rewriteRelativeLinks: false,
    allowMissingRepository: true,
  }).finally(() => (console.log = consoleLog));
  const files = zipEntryNames(vsixPath).sort();
  const problems = vsixListProblems(files);
  if (problems.length > 0) {
    throw new Error(`${vsixPath} does not hold what it should:\n  ${problems.join('\n  ')}`);
  }
  const bytes = statSync(vsixPath).size;
  log(`${vsixPath}: ${files.length} files, ${(bytes / 1024).toFixed(0)} KiB, the file list is as expected:`);
  for (const file of files) log(`  ${file}`);
  return { path: vsixPath, files, bytes };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outAt = process.argv.indexOf('--out');
  const out = outAt > 0 && process.argv[outAt + 1] ? resolve(process.argv[outAt + 1]) : defaultVsixPath();
  try {
    await packageExtension(out);
  } catch (error) {
    console.error(`npm run package FAILED: ${error?.message ?? error}`);
    process.exitCode = 1;
  }
}
