/** What the e2e tests expect of a fixture .epro: the names of its boards, schematics, sheets, PCBs. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { readEpro } from '@copperplate/format';
import { FIXTURES } from './harness.ts';

export interface FixtureNames {
  file: string;
  boards: string[];
  schematics: string[];
  sheets: string[];
  pcbs: string[];
}

export function fixtureFiles(): string[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.epro'))
    .sort()
    .map((f) => join(FIXTURES, f));
}

export function readProjectJson(bytes: Uint8Array): Record<string, any> {
  const z = unzipSync(bytes);
  return JSON.parse(strFromU8(z['project.json']));
}

export function fixtureNames(file: string): FixtureNames {
  return namesOf(file, readProjectJson(readFileSync(file)));
}

/**
 * The names an EasyEDA Pro V3 archive (.epro2) shows once converted: its V3 documents carry their
 * names in the record stream, so they are read through the format package's V3 reader.
 */
export function readV3Names(file: string): FixtureNames {
  return namesOf(file, readEpro(new Uint8Array(readFileSync(file)), { name: file }).projectJson as Record<string, any>);
}

function namesOf(file: string, pj: Record<string, any>): FixtureNames {
  const schematics = Object.values(pj.schematics ?? {}) as { name: string; sheets: { name: string }[] }[];
  return {
    file,
    boards: Object.keys(pj.boards ?? {}),
    schematics: schematics.map((s) => s.name),
    sheets: schematics.flatMap((s) => s.sheets.map((x) => x.name)),
    pcbs: Object.values(pj.pcbs ?? {}).map((p) => (typeof p === 'string' ? p : String((p as { name?: string; title?: string }).title ?? (p as { name?: string }).name))),
  };
}

/**
 * Every record line of every document in an archive, as a sorted list per document kind (folder).
 * Used to compare two archives record by record, whatever their entry paths.
 */
export function recordLines(bytes: Uint8Array): Map<string, string[]> {
  const z = unzipSync(bytes);
  const out = new Map<string, string[]>();
  for (const [path, data] of Object.entries(z)) {
    if (path.endsWith('/') || path === 'project.json' || path === 'meta.json') continue;
    const folder = path.split('/')[0];
    const lines = strFromU8(data).split('\n').map((l) => l.trim()).filter(Boolean);
    out.set(folder, [...(out.get(folder) ?? []), ...lines]);
  }
  for (const [k, v] of out) out.set(k, v.sort());
  return out;
}
