/**
 * Pour refill and DRC speed (issue 13):
 *  - refill of every pour of the largest fixture board (falcon-flight-FFB6.1, 4 layers, 4 pours);
 *  - refill and DRC of generated boards (bench/lib/gen-board.ts) with 100k pads on 8 layers, a pour on
 *    every layer; an incremental refill after moving one part (tile cache: only the tiles the move
 *    touched are filled again);
 *  - the same with 300k pads only with POUR_BENCH_BIG=1 (`POUR_BENCH_BIG=1 npm run bench -- pour`), kept out of the
 *    default run: it takes minutes on a shared 2-core machine.
 * Wall and CPU time (this process, user + system) are both printed; single thread.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { readEpro } from '@copperplate/format';
import { TileCache, boardSourceFromArchive, fillPours, listPcbs, resolveBoard, runDrc, touchedPours, type BoardSource } from '@copperplate/board';
import { generateBoard } from './lib/gen-board.ts';
import { report, type Figure } from './lib/report.ts';

const figures: Figure[] = [];
function timed<T>(fn: () => T): { v: T; wall: number; cpu: number } {
  const c0 = process.cpuUsage(), t0 = performance.now();
  const v = fn();
  const c = process.cpuUsage(c0);
  return { v, wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 };
}

{
  const a = readEpro(new Uint8Array(readFileSync('../shared/fixtures/epro/falcon-flight-FFB6.1.epro')));
  const m = resolveBoard(boardSourceFromArchive(a, listPcbs(a)[0].uuid));
  fillPours(m); // warm-up
  const r = timed(() => fillPours(m));
  figures.push({ name: 'pour.fixture.falcon.refill.wall', value: r.wall, unit: 'ms' }, { name: 'pour.fixture.falcon.refill.cpu', value: r.cpu, unit: 'ms' });
}

function generated(pads: number, goalFill: string, goalDrc?: string): void {
  const src = generateBoard(pads);
  const res = timed(() => resolveBoard(src));
  const m = res.v;
  figures.push({ name: `pour.gen${pads / 1000}k.resolve.wall`, value: res.wall, unit: 'ms' });
  const cache = new TileCache();
  const fill = timed(() => fillPours(m, { cache }));
  figures.push({ name: `pour.gen${pads / 1000}k.refill.wall`, value: fill.wall, unit: 'ms', goal: goalFill }, { name: `pour.gen${pads / 1000}k.refill.cpu`, value: fill.cpu, unit: 'ms' });
  for (const [id, r] of fill.v) m.stored.set(id, r.polys);
  const drc = timed(() => runDrc(m, { skipUnrouted: false }));
  figures.push({ name: `pour.gen${pads / 1000}k.drc.wall`, value: drc.wall, unit: 'ms', goal: goalDrc }, { name: `pour.gen${pads / 1000}k.drc.cpu`, value: drc.cpu, unit: 'ms' });
  // Move one through-hole part (c0) by 40 mil: resolve, find the touched pours, refill them from the cache.
  const moved: BoardSource = { ...src, records: src.records.map((r) => (r[0] === 'COMPONENT' && r[1] === 'c0' ? [...r.slice(0, 4), (r[4] as number) + 40, ...r.slice(5)] : r)) };
  const hits0 = cache.hits, miss0 = cache.misses;
  const r2 = timed(() => resolveBoard(moved));
  const t2 = timed(() => touchedPours(m, r2.v, cache));
  const f2 = timed(() => fillPours(r2.v, { only: t2.v, cache }));
  figures.push(
    { name: `pour.gen${pads / 1000}k.incremental.resolve.wall`, value: r2.wall, unit: 'ms' },
    { name: `pour.gen${pads / 1000}k.incremental.touched.wall`, value: t2.wall, unit: 'ms' },
    { name: `pour.gen${pads / 1000}k.incremental.refill.wall`, value: f2.wall, unit: 'ms', goal: '< 200 ms' },
    { name: `pour.gen${pads / 1000}k.incremental.pours`, value: t2.v.length, unit: 'pours' },
    { name: `pour.gen${pads / 1000}k.incremental.tilesRefilled`, value: cache.misses - miss0, unit: 'tiles' },
    { name: `pour.gen${pads / 1000}k.incremental.tilesReused`, value: cache.hits - hits0, unit: 'tiles' },
  );
}

figures.push({ name: 'pour.load.before', value: loadavg()[0], unit: `load (1 min, ${cpus().length} cores)` });
generated(100_000, '(300k) < 20 s', '< 2000 ms');
if (process.env.POUR_BENCH_BIG === '1') generated(300_000, '< 20000 ms');
figures.push({ name: 'pour.load.after', value: loadavg()[0], unit: `load (1 min, ${cpus().length} cores)` });
report('pour', figures);
