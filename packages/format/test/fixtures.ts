/** The real EasyEDA Pro exports shared with every engineer (read in place, never copied). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIXTURE_DIR = '/work/shared/fixtures/epro';

export function fixtureNames(): string[] {
  return readdirSync(FIXTURE_DIR).filter((f) => f.endsWith('.epro')).sort();
}

export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURE_DIR, name)));
}
