/** Helpers that build archives for tests from the fixtures (in memory, never written to the repo). */
import { unzipSync, zipSync, strToU8, strFromU8, type Zippable } from 'fflate';
import { fixtureBytes } from './fixtures.ts';

export type Files = Record<string, Uint8Array>;

export function fixtureFiles(name = 'STM32G431-mini.epro'): Files {
  return unzipSync(fixtureBytes(name));
}

export function zip(files: Files, level: 0 | 6 = 0): Uint8Array {
  const z: Zippable = {};
  for (const [k, v] of Object.entries(files)) z[k] = [v, { level }];
  return zipSync(z);
}

export const text = (b: Uint8Array) => strFromU8(b);
export const bytes = (s: string) => strToU8(s);

export function editJson(files: Files, path: string, edit: (o: Record<string, any>) => void): void {
  const o = JSON.parse(text(files[path]));
  edit(o);
  files[path] = bytes(JSON.stringify(o));
}

/** First file entry (not a directory) whose name matches. */
export function find(files: Files, re: RegExp): string {
  const k = Object.keys(files).find((f) => re.test(f) && !f.endsWith('/'));
  if (!k) throw new Error(`no entry matching ${re}`);
  return k;
}
