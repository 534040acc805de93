import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

/** The repository root: tests are bundled to out/test/<suite>/, three levels below it. */
export const repositoryRoot = resolve(__dirname, '..', '..', '..');

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
