/**
 * `copperplate library build|stats|search QUERY|lists KIND`: the system component library (issue 16) in a
 * data folder's database (`--data`, PGlite; or `--database-url` / DATABASE_URL, PostgreSQL), or on a
 * server (`--server`). `lists` prints a basic library list (system, user, userPanel: through the
 * client cache call on a server; the system one from a data folder too).
 * `build` converts KiCad's libraries (installed by `scripts/ensure.mjs --library` when missing) and
 * the generated basic parts, with a progress bar, and prints the counts and how long it took.
 */
import { parseArgs } from 'node:util';
import { resolve, join, dirname } from 'node:path';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { KICAD_LICENCE, LIB_TYPE, LIB_TYPE_NAME, type BuildProgress, type LibraryCounts } from '@copperplate/library';
import { ComponentPageSchema, LIBRARY_LIST_KINDS, LibraryInfoSchema, LibraryListSchema, libraryListKey, type ComponentPage, type LibraryList, type LibraryListKind } from '@copperplate/model';
import type { Command } from '../commands.ts';
import { DEFAULT_DATA_DIR } from './serve.ts';
import { ServerSession, serverOptions } from './push.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** A one-line progress bar on stderr (redrawn in place on a terminal, every 10% otherwise). */
export function progressBar(label: string): (p: BuildProgress, c: LibraryCounts) => void {
  let lastTenth = -1;
  const tty = process.stderr.isTTY;
  return (p, c) => {
    const share = Math.min(1, p.done / p.total);
    const width = 30, fill = Math.round(share * width);
    const line = `${label} [${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${String(Math.round(share * 100)).padStart(3)}% ${c.symbols} symbols, ${c.footprints} footprints, ${c.devices} devices (${p.lib})`;
    if (tty) process.stderr.write(`\r${line.slice(0, (process.stderr.columns || 120) - 1).padEnd((process.stderr.columns || 120) - 1)}${share >= 1 ? '\n' : ''}`);
    else if (Math.floor(share * 10) !== lastTenth) { lastTenth = Math.floor(share * 10); process.stderr.write(line + '\n'); }
  };
}

/** Installs KiCad's libraries through scripts/ensure.mjs --library when they are missing (no-op elsewhere). */
export function ensureKicadLibraries(): void {
  const script = join(ROOT, 'scripts', 'ensure.mjs');
  if (!existsSync('/usr/share/kicad/symbols/Device.kicad_sym') && !process.env.KICAD_LIBRARY_DIR && existsSync(script)) {
    spawnSync(process.execPath, [script, '--library'], { stdio: 'inherit', cwd: ROOT });
  }
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function printPage(r: ComponentPage, ms: number, json: boolean | undefined): void {
  if (json) { console.log(JSON.stringify({ ...r, ms: Math.round(ms * 10) / 10 }, null, 2)); return; }
  for (const it of r.items) console.log(`${LIB_TYPE_NAME[it.type as 2 | 3 | 4 | 26].padEnd(9)} ${it.lib.padEnd(22)} ${it.title.padEnd(40)} ${it.value === it.title ? '' : it.value.padEnd(12)} ${it.package}`);
  console.log(`${r.items.length}${r.hasMore ? '+' : ''} results (page ${r.page}, ${r.by}) in ${ms.toFixed(1)} ms`);
}

/** Prints a basic library list (`library lists`). */
function printList(l: LibraryList, json: boolean | undefined): void {
  if (json) { console.log(JSON.stringify(l, null, 2)); return; }
  if (l.kind === 'system') {
    for (const x of l.libs) console.log(`${x.lib.padEnd(40)} ${String(x.devices).padStart(6)} devices ${String(x.symbols).padStart(6)} symbols ${String(x.footprints).padStart(6)} footprints`);
    console.log(`${l.libs.length} libraries (stamp ${l.stamp})`);
    return;
  }
  for (const i of l.items) console.log(`${LIB_TYPE_NAME[i.type as 2 | 3 | 4 | 26].padEnd(9)} ${i.lib.padEnd(10)} ${i.title.padEnd(40)} v${i.g_ticket} ${new Date(i.update_time * 1000).toISOString()} ${i.uuid}`);
  console.log(`${l.items.length} items (stamp ${l.stamp})`);
}

/** `search`, `stats` and `lists` against a running server (`--server URL`, logged in with --user/--password). */
async function onServer(sub: string, query: Record<string, unknown>, values: { server?: string; user?: string; password?: string; json?: boolean }, listKind: LibraryListKind): Promise<number> {
  const s = new ServerSession(values.server!);
  if (values.user) await s.login(values.user, values.password ?? '');
  if (sub === 'lists') {
    // the basic library lists through the client cache call (docs/API.md)
    const v = await s.call('GET', `/api/cache/${encodeURIComponent(libraryListKey(listKind))}`);
    printList(LibraryListSchema.parse(JSON.parse(String(v))), values.json);
    return 0;
  }
  if (sub === 'search') {
    const t0 = performance.now();
    const r = ComponentPageSchema.parse(await s.call('POST', '/api/components/search', query));
    printPage(r, performance.now() - t0, values.json);
    return 0;
  }
  const info = LibraryInfoSchema.parse(await s.call('GET', '/api/components/libraries'));
  if (values.json) console.log(JSON.stringify(info, null, 2));
  else {
    const c = info.build?.counts;
    console.log(c ? `${c.symbols} symbols, ${c.footprints} footprints, ${c.devices} devices in ${info.libraries.length} libraries (built ${info.build?.builtAt ?? '?'}).` : 'Not built yet on this server.');
    console.log(`Licence: ${info.licence.name}. ${info.licence.text} ${info.licence.url}`);
  }
  return 0;
}

export const library: Command = {
  name: 'library',
  usage: 'library build|stats|search QUERY|lists [system|user|userPanel] [--json] [--data DIR | --server URL --user U --password P]',
  summary: 'build, count or search the component library (KiCad libraries + generated parts)',
  async run(args) {
    const { values, positionals } = parseArgs({
      args, allowPositionals: true,
      options: {
        data: { type: 'string' }, 'database-url': { type: 'string' }, json: { type: 'boolean' }, 'if-missing': { type: 'boolean' }, 'no-kicad': { type: 'boolean' },
        type: { type: 'string' }, lib: { type: 'string' }, package: { type: 'string' }, page: { type: 'string' }, 'page-size': { type: 'string' },
        ...serverOptions,
      },
    });
    const [sub, ...rest] = positionals;
    const listKind = (sub === 'lists' ? rest[0] ?? 'system' : 'system') as LibraryListKind;
    if (!sub || !['build', 'stats', 'search', 'lists'].includes(sub) || (sub === 'search' && !rest.length) || !LIBRARY_LIST_KINDS.includes(listKind)) {
      console.error(`Usage: copperplate ${this.usage}\n  build [--if-missing] [--no-kicad]; search QUERY [--type symbol|device|footprint] [--lib L] [--package P] [--page N]; lists KIND (the basic library lists; user and userPanel ask a server)`);
      return 2;
    }
    const typeName = values.type as keyof typeof LIB_TYPE_BY_NAME | undefined;
    if (typeName && !(typeName in LIB_TYPE_BY_NAME)) throw new Error(`--type must be symbol, device or footprint, not '${typeName}'`);
    const query = {
      q: rest.join(' '), type: typeName ? LIB_TYPE_BY_NAME[typeName] : 0, lib: values.lib, package: values.package,
      page: values.page ? Number(values.page) : 1, pageSize: values['page-size'] ? Number(values['page-size']) : 20,
    };
    if (values.server) {
      if (sub === 'build') { console.error('`library build` runs against a data folder or a database (--data, --database-url), not a server'); return 2; }
      return onServer(sub, query, values, listKind);
    }
    const { openDatabase } = await import('@copperplate/server');
    const { migrate } = await import('@copperplate/server');
    const lib = await import('@copperplate/server/library/build');
    const store = await import('@copperplate/server/library/store');
    const db = await openDatabase({ dataDir: resolve(values.data ?? DEFAULT_DATA_DIR), databaseUrl: values['database-url'] ?? process.env.DATABASE_URL });
    try {
      await migrate(db);
      if (sub === 'build') {
        const before = await lib.libraryBuilt(db);
        if (values['if-missing'] && before) {
          if (values.json) console.log(JSON.stringify({ built: false, ...before }));
          else console.log(`The component library is ready (${before.counts.symbols} symbols, ${before.counts.footprints} footprints, ${before.counts.devices} devices; built ${before.builtAt}).`);
          return 0;
        }
        if (!values['no-kicad']) ensureKicadLibraries();
        const src = values['no-kicad'] ? { symbolLibs: [], footprintLibs: [] } : lib.kicadSource();
        if (!src.symbolLibs.length && !values.json && !values['no-kicad']) console.error(`KiCad's libraries are not installed (${lib.KICAD_LIBRARY_DIR}): only the generated basic parts are built.`);
        const info = await lib.writeLibrary(db, src, values.json ? undefined : progressBar('Building the component library'));
        if (values.json) console.log(JSON.stringify({ built: true, ...info }));
        else console.log(`Component library built in ${secs(info.ms)}: ${info.counts.symbols} symbols, ${info.counts.footprints} footprints, ${info.counts.devices} devices${info.kicad ? '' : ' (generated parts only)'}.`);
        return 0;
      }
      const viewer = { user: '', teams: [] as string[] };
      if (sub === 'lists') {
        if (listKind !== 'system') { console.error(`The ${listKind} list is a user's: ask a server (--server URL --user U --password P)`); return 2; }
        printList(await (await import('@copperplate/server/library/lists')).libraryList(db, viewer, 'system'), values.json);
        return 0;
      }
      if (sub === 'stats') {
        const info = await lib.libraryBuilt(db);
        const counts = await store.counts(db);
        const libs = await store.distinctLibs(db);
        const size = (await db.query<{ n: string }>("select pg_total_relation_size('library_items') as n"))[0]?.n;
        const out = {
          built: info ?? null, counts: Object.fromEntries(Object.values(LIB_TYPE).map((t) => [LIB_TYPE_NAME[t], counts.filter((c) => c.type === t).reduce((n, c) => n + c.n, 0)])),
          byScope: counts, libraries: libs.length, sizeBytes: Number(size ?? 0), licence: KICAD_LICENCE,
        };
        if (values.json) console.log(JSON.stringify(out, null, 2));
        else {
          console.log(`${out.counts.symbol} symbols, ${out.counts.footprint} footprints, ${out.counts.device} devices in ${out.libraries} libraries; ${(out.sizeBytes / 1e6).toFixed(1)} MB in the database.`);
          console.log(info ? `Built ${info.builtAt} in ${secs(info.ms)}${info.kicad ? '' : ' (generated parts only)'}.` : 'Not built yet: run `copperplate library build`.');
          console.log(`Licence: ${KICAD_LICENCE.name}. ${KICAD_LICENCE.text} ${KICAD_LICENCE.url}`);
        }
        return 0;
      }
      const t0 = performance.now();
      const r = await (await import('@copperplate/server/library/search')).search(db, viewer, { ...query, index: false }); // one query: SQL, no index to load
      printPage(r, performance.now() - t0, values.json);
      return 0;
    } finally {
      await db.close();
    }
  },
};

const LIB_TYPE_BY_NAME = { symbol: LIB_TYPE.SYMBOL, device: LIB_TYPE.DEVICE, footprint: LIB_TYPE.FOOTPRINT } as const;
