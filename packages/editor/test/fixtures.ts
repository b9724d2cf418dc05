/** The real EasyEDA Pro projects of ../shared/fixtures/epro, read once per test file. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readEpro, type EproArchive } from '@copperplate/format';

export const FIXTURE_DIR = join(import.meta.dirname, '../../../../shared/fixtures/epro');

export function fixtureNames(): string[] {
  return readdirSync(FIXTURE_DIR).filter((f) => f.endsWith('.epro')).sort();
}

const cache = new Map<string, EproArchive>();
export function fixture(name: string): EproArchive {
  let a = cache.get(name);
  if (!a) { a = readEpro(new Uint8Array(readFileSync(join(FIXTURE_DIR, name))), { name }); cache.set(name, a); }
  return a;
}

export function entryText(a: EproArchive, path: string): string {
  const v = a.entries.get(path);
  if (v === undefined) throw new Error(`no ${path}`);
  return typeof v === 'string' ? v : new TextDecoder().decode(v);
}
