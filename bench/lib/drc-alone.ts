/**
 * One DRC of the generated 100k-pad board (gen-board.ts) in this process, for profiling
 * (`node --cpu-prof --import tsx bench/lib/drc-alone.ts`): the board resolved, its fills read from
 * /tmp/copperplate-drc100k-fills.bin (made by a refill the first time, or with `save`), then runDrc
 * timed (CPU of the process, user + system) and its violations hashed (sha256 of their JSON: a change
 * that must not change results keeps the hash). Not the bench's figure: no refill just before (its
 * young garbage), and the main thread's heap limits; see pour.bench.ts (`POUR_BENCH_ONLY=drc`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { fillPours, resolveBoard, runDrc, type PolyWithHoles } from '@copperplate/board';
import { generateBoard } from './gen-board.ts';

const FILE = '/tmp/copperplate-drc100k-fills.bin';
const m = resolveBoard(generateBoard(100_000));
if (process.argv[2] === 'save' || !existsSync(FILE)) {
  // per pour: its index, piece count; per piece: ring count; per ring: length, then x, y
  const nums: number[] = [];
  for (const [id, r] of fillPours(m)) {
    nums.push(m.pours.findIndex((p) => p.id === id), r.polys.length);
    for (const pc of r.polys) {
      const rings = [pc.outer, ...pc.holes];
      nums.push(rings.length);
      for (const ring of rings) { nums.push(ring.length); for (const p of ring) nums.push(p.x, p.y); }
    }
  }
  writeFileSync(FILE, new Float64Array(nums));
}
{
  const b = readFileSync(FILE), a = new Float64Array(b.buffer, b.byteOffset, b.length / 8);
  for (let o = 0; o < a.length; ) {
    const pour = a[o++], np = a[o++], polys: PolyWithHoles[] = [];
    for (let k = 0; k < np; k++) {
      const rings = [];
      for (let r = 0, nr = a[o++]; r < nr; r++) {
        const ring = new Array(a[o++]);
        // whole numbers (| 0) as the refill makes them: small integers, not doubles, in the points
        for (let i = 0; i < ring.length; i++, o += 2) ring[i] = { x: a[o] | 0, y: a[o + 1] | 0 };
        rings.push(ring);
      }
      polys.push({ outer: rings[0], holes: rings.slice(1) });
    }
    m.stored.set(m.pours[pour].id, polys);
  }
}
const l0 = loadavg()[0], c0 = process.cpuUsage(), t0 = performance.now();
const rep = runDrc(m, { skipUnrouted: false });
const c = process.cpuUsage(c0), wall = performance.now() - t0;
const hash = createHash('sha256').update(JSON.stringify(rep.violations)).digest('hex').slice(0, 16);
console.log(`drc100k: ${((c.user + c.system) / 1000).toFixed(0)} ms CPU, ${wall.toFixed(0)} ms wall (load ${l0.toFixed(1)} -> ${loadavg()[0].toFixed(1)}); ${rep.violations.length} violations, sha256 ${hash}`);
