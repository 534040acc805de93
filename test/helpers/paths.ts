import { existsSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * The repository root: the nearest folder above the bundle that holds esbuild.mjs (tests are bundled to
 * out/test/<suite>/, or deeper where the suite's folder has rooms of its own).
 */
export const repositoryRoot = (() => {
  let dir = __dirname;
  while (!existsSync(resolve(dir, 'esbuild.mjs')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();

export function repositoryPath(...parts: string[]): string {
  return resolve(repositoryRoot, ...parts);
}

/** The `.game` files directly in a folder of the repository, sorted. */
export function gameFilesIn(...folder: string[]): string[] {
  const dir = repositoryPath(...folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.game'))
    .sort()
    .map((name) => resolve(dir, name));
}
