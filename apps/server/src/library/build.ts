/**
 * Builds the system component library into the database: reads KiCad's libraries from disk
 * (Debian's kicad-symbols and kicad-footprints: /usr/share/kicad, or `KICAD_LIBRARY_DIR`), converts
 * them with @copperplate/library and writes the items in batches in one transaction (a build that
 * fails leaves the previous library). Used by `copperplate library build` and by `npm start`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Report } from '@copperplate/convert/kicad/index';
import { buildLibrary, countItems, LIB_OWNER, type BuildProgress, type LibraryCounts, type LibrarySource } from '@copperplate/library';
import type { Db } from '../db.ts';
import { migrateLibrary } from './schema.ts';
import { clearSystem, getMeta, setMeta, upsertItems } from './store.ts';
import { invalidateSystemIndex } from './system-index.ts';
import { buildStoredIndex } from './index-store.ts';

/** Bumped when the conversion or the generator changes what a build writes: `npm start` rebuilds once then. */
export const LIBRARY_BUILD_VERSION = 1;

export const KICAD_LIBRARY_DIR = process.env.KICAD_LIBRARY_DIR ?? '/usr/share/kicad';

/**
 * The KiCad libraries under `dir` (symbols/*.kicad_sym, footprints/*.pretty/*.kicad_mod), optionally
 * only the named ones (tests use a few). Missing folders give an empty source (generated parts only).
 */
export function kicadSource(dir = KICAD_LIBRARY_DIR, only?: { symbols?: string[]; footprints?: string[] }): LibrarySource {
  const sd = join(dir, 'symbols'), fd = join(dir, 'footprints');
  const symbolLibs = existsSync(sd) ? readdirSync(sd).filter((n) => n.endsWith('.kicad_sym')).sort()
    .filter((n) => !only?.symbols || only.symbols.includes(n.replace(/\.kicad_sym$/, '')))
    .map((n) => ({ name: n, read: () => readFileSync(join(sd, n), 'utf8') })) : [];
  const footprintLibs = existsSync(fd) ? readdirSync(fd).filter((n) => n.endsWith('.pretty')).sort()
    .filter((n) => !only?.footprints || only.footprints.includes(n.replace(/\.pretty$/, '')))
    .map((d) => ({
      name: d.replace(/\.pretty$/, ''),
      files: readdirSync(join(fd, d)).filter((f) => f.endsWith('.kicad_mod')).sort().map((f) => ({ name: f, read: () => readFileSync(join(fd, d, f), 'utf8') })),
    })) : [];
  return { symbolLibs, footprintLibs };
}

export interface BuildInfo {
  version: number;
  counts: LibraryCounts;
  ms: number;
  builtAt: string;
  kicad: boolean;
  /** What the conversion could not carry, by kind (counts). */
  report: { group: string; what: string; count: number }[];
}

/** The last build's information, or undefined when the library was never built (or by an older build). */
export async function libraryBuilt(db: Db): Promise<BuildInfo | undefined> {
  await migrateLibrary(db);
  const b = await getMeta<BuildInfo>(db, 'build');
  return b && b.version === LIBRARY_BUILD_VERSION ? b : undefined;
}

/** Builds the system library from `src` (default: the installed KiCad libraries) into `db`. */
export async function writeLibrary(db: Db, src: LibrarySource = kicadSource(), onProgress?: (p: BuildProgress, counts: LibraryCounts) => void): Promise<BuildInfo> {
  await migrateLibrary(db);
  const t0 = performance.now();
  const report = new Report();
  const counts: LibraryCounts = { symbols: 0, footprints: 0, devices: 0 };
  const updateTime = Math.floor(Date.now() / 1000);
  await db.tx(async (q) => {
    await clearSystem(q);
    for (const batch of buildLibrary(src, report)) {
      const items = batch.items.map((it) => ({ ...it, owner: LIB_OWNER.SYSTEM, ownerUuid: '', updateTime }));
      for (let i = 0; i < items.length; i += 400) await upsertItems(q, items.slice(i, i + 400));
      countItems(batch.items, counts);
      onProgress?.(batch.progress, counts);
    }
  });
  const info: BuildInfo = {
    version: LIBRARY_BUILD_VERSION, counts, ms: Math.round(performance.now() - t0), builtAt: new Date().toISOString(),
    kicad: src.symbolLibs.length + src.footprintLibs.length > 0, report: report.list().map((e) => ({ group: e.group, what: e.what, count: e.count })),
  };
  await setMeta(db, 'build', info);
  invalidateSystemIndex(db);
  await db.query('analyze library_items'); // fresh statistics: the planner must know that most rows are the system's
  // the search index, computed once here: servers read it instead of computing it at every start
  await buildStoredIndex(db, info.builtAt);
  return info;
}
