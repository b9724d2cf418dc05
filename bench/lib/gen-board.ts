/**
 * A generated board for the pour and DRC benchmarks: `pads` pads on 8 copper layers (top, bottom and
 * six inner), components in a grid (two-pad SMD parts on either side, one in ten through-hole), a
 * track from every part's first pad, a via every fourth part, nets N0..N499 with GND on every fifth
 * pad, and a GND pour over the whole board on every copper layer. Deterministic. Units mil.
 */
import type { BoardSource } from '@copperplate/board';

export const GEN_LAYERS = [1, 2, 15, 16, 17, 18, 19, 20];

export function generateBoard(pads: number): BoardSource {
  const parts = Math.ceil(pads / 2);
  const cols = Math.ceil(Math.sqrt(parts * 1.6));
  const rows = Math.ceil(parts / cols);
  const W = cols * 200 + 200, H = rows * 120 + 200;
  const recs: unknown[][] = [['DOCTYPE', 'PCB', '1.8'], ['HEAD', { editorVersion: '2.2.0' }]];
  for (const l of GEN_LAYERS) recs.push(['LAYER', l, l === 1 ? 'TOP' : l === 2 ? 'BOTTOM' : 'SIGNAL', `L${l}`, 3]);
  recs.push(['RULE', '7', 'copperRegion', 1, ['mm', 10, 10, 0, 10, 10, 90, 0, 0, 10, 10, 90]]);
  recs.push(['POLY', 'outline', 0, '', 11, 10, ['R', 0, H, W, H, 0, 0], 0]);
  GEN_LAYERS.forEach((l, i) => recs.push(['POUR', `pour${l}`, 0, 'GND', l, 0.2, `POUR${i + 1}`, 0, [['R', 0, H, W, H, 0, 0]], ['SOLID', 8], 0, 0]));
  const net = (k: number) => (k % 5 === 0 ? 'GND' : `N${k % 500}`);
  for (let i = 0; i < parts; i++) {
    const cx = 150 + (i % cols) * 200, cy = 150 + Math.floor(i / cols) * 120;
    const th = i % 10 === 0;
    const bottom = !th && i % 2 === 1;
    const id = `c${i}`;
    recs.push(['COMPONENT', id, 0, bottom ? 2 : 1, cx, cy, (i % 4) * 90 % 180, {}, 0]);
    recs.push(['ATTR', `${id}a`, 0, id, 3, null, null, 'Footprint', th ? 'fp-th' : 'fp-smd', 0, 0, 'default', 40, 6, 0, 0, 3, 0, 0, 0, 0, 0]);
    recs.push(['PAD_NET', id, '1', net(2 * i), 'p1'], ['PAD_NET', id, '2', net(2 * i + 1), 'p2']);
    const layer = th ? GEN_LAYERS[i % 8] : bottom ? 2 : 1;
    recs.push(['LINE', `t${i}`, 0, net(2 * i), layer, cx - (th ? 50 : 30), cy, cx - (th ? 50 : 30), cy + 45, 8, 0]);
    if (i % 4 === 0) recs.push(['VIA', `v${i}`, 0, net(2 * i), '', cx - (th ? 50 : 30), cy + 45, 12, 24, 0, null, null, 0]);
  }
  const smd = [
    ['PAD', 'p1', 0, '', 1, '1', -30, 0, 0, null, ['RECT', 30, 34, 10], null, 0, 0, 0, 1, 0, null, null, null, null, 0],
    ['PAD', 'p2', 0, '', 1, '2', 30, 0, 0, null, ['RECT', 30, 34, 10], null, 0, 0, 0, 1, 0, null, null, null, null, 0],
  ];
  const thr = [
    ['PAD', 'p1', 0, '', 12, '1', -50, 0, 0, ['ROUND', 32, 32], ['ELLIPSE', 56, 56], null, 0, 0, 0, 1, 0, null, null, null, null, 0],
    ['PAD', 'p2', 0, '', 12, '2', 50, 0, 0, ['ROUND', 32, 32], ['RECT', 56, 56, 0], null, 0, 0, 0, 1, 0, null, null, null, null, 0],
  ];
  return { records: recs, footprint: (u) => (u === 'fp-th' ? thr : u === 'fp-smd' ? smd : undefined) };
}
