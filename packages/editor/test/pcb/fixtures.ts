/** Test helpers: the real EasyEDA Pro fixture projects (read from the shared folder, never copied). */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type EproArchive, readEpro } from '@copperplate/format';

export const FIXTURE_DIR = '/work/shared/fixtures/epro';

export function fixtureNames(): string[] {
  return readdirSync(FIXTURE_DIR).filter((f) => f.endsWith('.epro')).map((f) => f.replace(/\.epro$/, '')).sort();
}

const cache = new Map<string, EproArchive>();
export function fixture(name: string): EproArchive {
  let a = cache.get(name);
  if (!a) cache.set(name, (a = readEpro(new Uint8Array(readFileSync(join(FIXTURE_DIR, `${name}.epro`))), { name })));
  return a;
}
