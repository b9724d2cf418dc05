/**
 * One index load in a process of its own (the library bench spawns it with --expose-gc): the memory
 * the system library's search index keeps once loaded (heap and typed arrays after a full gc, against
 * the same process before the load), and the load's wall and CPU time. Argument 1: a PGlite folder or
 * a postgres:// URL; argument 2: `stored` (the index the build stored) or `table` (computed from the
 * table, as servers did before). Prints one JSON line.
 */
import { openPglite, openPostgres } from '../../apps/server/src/db.ts';
import { getMeta } from '../../apps/server/src/library/store.ts';
import { readStoredIndex, systemRows } from '../../apps/server/src/library/index-store.ts';
import { SearchIndex } from '@copperplate/library';

const [where, mode] = process.argv.slice(2);
const db = where.startsWith('postgres') ? await openPostgres(where, 2) : await openPglite(where);
const builtAt = (await getMeta<{ builtAt: string }>(db, 'build'))?.builtAt ?? '';
await db.query('select count(*) from library_items'); // the database warm, as in a server
const gc = (globalThis as { gc?: () => void }).gc!;
const mem = () => { gc(); gc(); const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
const m0 = mem();
const c0 = process.cpuUsage(), t0 = performance.now();
const index = mode === 'table' ? new SearchIndex(await systemRows(db)) : await readStoredIndex(db, builtAt);
const ms = performance.now() - t0, c = process.cpuUsage(c0);
const kept = (mem() - m0) / 1e6;
console.log(JSON.stringify({ mode, rows: index?.size ?? 0, ms, cpuMs: (c.user + c.system) / 1000, keptMB: kept }));
await db.close();
