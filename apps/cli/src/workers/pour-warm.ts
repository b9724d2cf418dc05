/**
 * A small board a pour thread fills once as it starts (pour-worker.mjs), so that V8 has compiled the
 * fill's code before the first real job: a new thread runs it cold (interpreted, then compiled on the
 * fly, allocating more meanwhile), about a second of a 100k-pad job's CPU. The threads start while the
 * caller reads and resolves the board (a single thread), so on two cores this costs the refill nothing.
 * 1500 pads on two layers: SMD pads with thermal reliefs, through-hole pads, vias, tracks, a GND pour
 * per layer larger than two tiles.
 */
import { type BoardSource, encodePourJob, resolveBoard, runPourJob } from '@copperplate/board';

export function warmBoard(parts = 750): BoardSource {
  const cols = Math.ceil(Math.sqrt(parts * 1.6)), rows = Math.ceil(parts / cols);
  const W = cols * 200 + 200, H = rows * 120 + 200;
  const recs: unknown[][] = [['DOCTYPE', 'PCB', '1.8'], ['HEAD', { editorVersion: '2.2.0' }], ['LAYER', 1, 'TOP', 'Top', 3], ['LAYER', 2, 'BOTTOM', 'Bottom', 3]];
  recs.push(['RULE', '7', 'copperRegion', 1, ['mm', 10, 10, 0, 10, 10, 90, 0, 0, 10, 10, 90]]);
  recs.push(['POLY', 'outline', 0, '', 11, 10, ['R', 0, H, W, H, 0, 0], 0]);
  for (const l of [1, 2]) recs.push(['POUR', `pour${l}`, 0, 'GND', l, 0.2, `POUR${l}`, 0, [['R', 0, H, W, H, 0, 0]], ['SOLID', 8], 0, 0]);
  const net = (k: number) => (k % 5 === 0 ? 'GND' : `N${k % 50}`);
  for (let i = 0; i < parts; i++) {
    const cx = 150 + (i % cols) * 200, cy = 150 + Math.floor(i / cols) * 120, th = i % 10 === 0, bottom = !th && i % 2 === 1;
    recs.push(['COMPONENT', `c${i}`, 0, bottom ? 2 : 1, cx, cy, ((i % 4) * 90) % 180, {}, 0]);
    recs.push(['ATTR', `c${i}a`, 0, `c${i}`, 3, null, null, 'Footprint', th ? 'th' : 'smd', 0, 0, 'default', 40, 6, 0, 0, 3, 0, 0, 0, 0, 0]);
    recs.push(['PAD_NET', `c${i}`, '1', net(2 * i), 'p1'], ['PAD_NET', `c${i}`, '2', net(2 * i + 1), 'p2']);
    recs.push(['LINE', `t${i}`, 0, net(2 * i), bottom ? 2 : 1, cx - 30, cy, cx - 30, cy + 45, 8, 0]);
    if (i % 4 === 0) recs.push(['VIA', `v${i}`, 0, net(2 * i), '', cx - 30, cy + 45, 12, 24, 0, null, null, 0]);
  }
  const smd = [1, 2].map((k) => ['PAD', `p${k}`, 0, '', 1, String(k), k === 1 ? -30 : 30, 0, 0, null, ['RECT', 30, 34, 10], null, 0, 0, 0, 1, 0, null, null, null, null, 0]);
  const thr = [1, 2].map((k) => ['PAD', `p${k}`, 0, '', 12, String(k), k === 1 ? -50 : 50, 0, 0, ['ROUND', 32, 32], k === 1 ? ['ELLIPSE', 56, 56] : ['RECT', 56, 56, 0], null, 0, 0, 0, 1, 0, null, null, null, null, 0]);
  return { records: recs, footprint: (u) => (u === 'th' ? thr : u === 'smd' ? smd : undefined) };
}

/** Fill the warm-up board's pours as a job (the job's reading and the fills' writing warmed too). */
export function warmUp(): void {
  const m = resolveBoard(warmBoard());
  runPourJob(structuredClone(encodePourJob(m, new Set([1, 2]), m.pours.map((p) => p.id), {})));
}
