/**
 * Seeded boards nobody has seen (issue 12): an .epro with one PCB whose outline, footprints and
 * placements come from a seed. Every pad shape (rectangles square and rounded, circles, ellipses,
 * ovals, polygons, custom polygon pads), round and slot holes plated or not, offset holes, parts on
 * both sides at any angle, tracks and arcs, vias, stroke-font text in every alignment (mirrored and
 * reverse too), multi-layer holes and cut-outs, filled areas and a pour with a stored fill.
 * Mil, Y up (FORMAT.md). Used by packages/convert/test/fab/unseen-boards.test.ts and
 * scripts/fab-boards.mjs (`node --import tsx generate-board.ts OUT.epro SEED`).
 */
import { writeFileSync } from 'node:fs';
import { blankPcbText, writeEpro, type EproArchive } from '@copperplate/format';
import { Fill, Line, Pad, PadNet, PcbArc, PcbAttr, PcbComponent, PcbPoly, PcbString, Pour, Poured, Via } from '@copperplate/format/records';

/** mulberry32: a small seeded generator (same seed, same board). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const line = (r: unknown[]): string => JSON.stringify(r);

export interface GeneratedBoard {
  archive: EproArchive;
  pcbUuid: string;
  /** What was placed: counts the outputs must show. */
  expect: { components: number; freePads: number; vias: number; footprintPads: Record<string, number>; tracks: number };
}

const SHAPES: unknown[][] = [
  ['RECT', 60, 40, 0], ['RECT', 50, 50, 0], ['RECT', 70, 30, 25], ['RECT', 40, 40, 100], ['ELLIPSE', 50, 50], ['ELLIPSE', 60, 36],
  ['OVAL', 80, 40], ['OVAL', 30, 70], ['NGON', 50, 6], ['NGON', 60, 8],
  ['POLY', [-30, -20, 'L', 30, -20, 25, 20, -25, 20]],
];
const HOLES: Array<unknown[] | null> = [null, null, ['ROUND', 24, 24], ['ROUND', 32, 32], ['SLOT', 60, 20], ['SLOT', 20, 50]];
const ANGLES = [0, 90, 180, 270, 45, 30, 13.7, 315];

/** One footprint: pads in a row or two, silk outline, a silk arc, a courtyard. */
function footprint(r: () => number, uuid: string, n: number): { text: string; pads: number } {
  const recs: unknown[][] = [['DOCTYPE', 'FOOTPRINT', '1.3'], ['HEAD', { uuid, editorVersion: '2.2.47' }], ['CANVAS', 0, 0, 'mil', 5, 5, 5, 5, 1, 1, 2, 0, 5]];
  const count = 2 + Math.floor(r() * 8);
  const pitch = 100;
  for (let i = 0; i < count; i++) {
    const shape = SHAPES[Math.floor(r() * SHAPES.length)];
    const hole = shape[0] === 'POLY' ? null : HOLES[Math.floor(r() * HOLES.length)];
    // A through pad's copper holds its hole.
    const big = hole ? (hole[0] === 'SLOT' ? ['OVAL', Number(hole[1]) + 30, Number(hole[2]) + 30] : ['ELLIPSE', Number(hole[1]) + 30, Number(hole[1]) + 30]) : shape;
    const x = (i % Math.ceil(count / 2)) * pitch - 100, y = i < count / 2 ? 80 : -80;
    const pshape = shape[0] === 'POLY' ? ['POLY', (shape[1] as unknown[]).map((v) => (typeof v === 'number' ? v : v))] : big;
    const plated = !hole || r() < 0.8;
    recs.push(Pad.create({
      id: `${uuid.slice(0, 4)}p${i}`, net: '', layer: hole ? 12 : 1, number: String(i + 1), x, y, angle: ANGLES[Math.floor(r() * 4)],
      hole, shape: pshape, layerShapes: [], holeOffsetX: hole && r() < 0.2 ? 3 : 0, holeOffsetY: 0, holeAngle: 0, plated,
      padType: 0, topMaskExpansion: r() < 0.2 ? 4 : null, bottomMaskExpansion: null, topPasteExpansion: r() < 0.2 ? -2 : null, bottomPasteExpansion: null,
    }));
  }
  const w = Math.ceil(count / 2) * pitch;
  recs.push(PcbPoly.create({ id: 'o', net: '', layer: 3, width: 6, path: [-150, 130, 'L', w - 50, 130, w - 50, -130, -150, -130, -150, 130] }));
  recs.push(PcbArc.create({ id: 'a', net: '', layer: 3, x1: -170, y1: 20, x2: -170, y2: -20, sweep: 180, width: 6 }));
  recs.push(PcbPoly.create({ id: 'c', net: '', layer: 48, width: 2, path: ['R', -160, 140, w + 120, 280, 0, 0] }));
  void n;
  return { text: recs.map(line).join('\n'), pads: count };
}

/** A seeded board as an .epro archive. */
export function generateBoard(seed: number): GeneratedBoard {
  const r = rng(seed);
  const id = (s: string) => (s + '00000000000000000000000000000000').slice(0, 32);
  const pcbUuid = id(`9e${seed}pcb`);
  const W = 3000 + Math.floor(r() * 3000), H = 2000 + Math.floor(r() * 2000);
  const pcb = blankPcbText().split('\n');
  const recs: unknown[][] = [];
  // Outline: a rectangle with rounded corners (arcs) or with cut corners.
  const c = 100 + Math.floor(r() * 150);
  recs.push(PcbPoly.create({ id: 'outline', net: '', layer: 11, width: 10, path: r() < 0.5
    ? ['R', 0, H, W, H, 0, c]
    : [c, 0, 'L', W - c, 0, W, c, W, H - c, W - c, H, c, H, 0, H - c, 0, c, c, 0] }));
  const nets = ['GND', 'VCC', 'SIG1', 'SIG2', 'SIG3'];
  for (const n of nets) recs.push(['NET', n, null, null, 1, null, 0, null]);
  const footprints: Record<string, { title: string }> = {};
  const devices: Record<string, { title: string; attributes: Record<string, string> }> = {};
  const entries = new Map<string, string | Uint8Array>();
  const fpPads: Record<string, number> = {};
  const fpIds: string[] = [];
  for (let f = 0; f < 4; f++) {
    const uuid = id(`f${seed}p${f}`), dev = id(`d${seed}v${f}`);
    const fp = footprint(r, uuid, f);
    entries.set(`FOOTPRINT/${uuid}.efoo`, fp.text);
    footprints[uuid] = { title: `GEN_FP_${f}` };
    devices[dev] = { title: `Part ${f}`, attributes: { Footprint: uuid, 'Supplier Part': `C${1000 + f}`, Manufacturer: 'Gen', 'Manufacturer Part': `GEN-${f}`, 'Add into BOM': 'yes' } };
    fpPads[uuid] = fp.pads;
    fpIds.push(uuid);
  }
  // Components on a grid, each at a seeded angle and side.
  const cols = Math.max(1, Math.floor((W - 800) / 900)), rows = Math.max(1, Math.floor((H - 700) / 700));
  let components = 0;
  const footprintPads: Record<string, number> = {};
  for (let i = 0; i < cols * rows; i++) {
    const f = Math.floor(r() * fpIds.length), uuid = fpIds[f], dev = Object.keys(devices)[f];
    const cid = `e${i}`, des = `U${i + 1}`;
    const x = 500 + (i % cols) * 900, y = 450 + Math.floor(i / cols) * 700;
    const bottom = r() < 0.3;
    recs.push(PcbComponent.create({ id: cid, layer: bottom ? 2 : 1, x, y, angle: ANGLES[Math.floor(r() * ANGLES.length)], attrs: { 'Unique ID': `gge${i}` } }));
    recs.push(PcbAttr.create({ id: `${cid}f`, parentId: cid, layer: bottom ? 4 : 3, x: null, y: null, key: 'Footprint', value: uuid, keyVisible: false, valueVisible: false }));
    recs.push(PcbAttr.create({ id: `${cid}d`, parentId: cid, layer: bottom ? 4 : 3, x: null, y: null, key: 'Device', value: dev, keyVisible: false, valueVisible: false }));
    recs.push(PcbAttr.create({ id: `${cid}n`, parentId: cid, layer: bottom ? 4 : 3, x: x - 100, y: y + 180, key: 'Designator', value: des, keyVisible: false, valueVisible: true, font: 'default', height: 45, strokeWidth: 6, origin: 1 + Math.floor(r() * 9), angle: 0 }));
    for (let p = 1; p <= fpPads[uuid]; p++) recs.push(PadNet.create({ componentId: cid, padNumber: String(p), net: nets[(i + p) % nets.length], padId: '' }));
    footprintPads[des] = fpPads[uuid];
    components++;
  }
  // Free pads, tracks, arcs, vias.
  let freePads = 0, tracks = 0, vias = 0;
  for (let i = 0; i < 20; i++) {
    const x = 200 + r() * (W - 400), y = 200 + r() * (H - 400);
    recs.push(Pad.create({ id: `fp${i}`, net: nets[i % nets.length], layer: i % 3 === 0 ? 12 : i % 3 === 1 ? 1 : 2, number: '1', x, y, angle: ANGLES[i % ANGLES.length],
      hole: i % 3 === 0 ? ['ROUND', 30, 30] : null, shape: i % 3 === 0 ? ['ELLIPSE', 60, 60] : SHAPES[i % 8], layerShapes: [], plated: true }));
    freePads++;
  }
  for (let i = 0; i < 60; i++) {
    const x = 150 + r() * (W - 300), y = 150 + r() * (H - 300), len = 50 + r() * 300, a = r() * Math.PI * 2;
    const x2 = Math.min(W - 100, Math.max(100, x + len * Math.cos(a))), y2 = Math.min(H - 100, Math.max(100, y + len * Math.sin(a)));
    if (i % 4 === 3) recs.push(PcbArc.create({ id: `ta${i}`, net: nets[i % nets.length], layer: i % 2 ? 1 : 2, x1: x, y1: y, x2, y2, sweep: r() < 0.5 ? 90 : -120, width: 8 + Math.floor(r() * 12) }));
    else recs.push(Line.create({ id: `t${i}`, net: nets[i % nets.length], layer: i % 2 ? 1 : 2, x1: x, y1: y, x2, y2, width: 6 + Math.floor(r() * 20) }));
    tracks++;
  }
  for (let i = 0; i < 25; i++) {
    recs.push(Via.create({ id: `v${i}`, net: nets[i % nets.length], rule: '', x: 150 + r() * (W - 300), y: 150 + r() * (H - 300), drill: 12 + (i % 3) * 4, diameter: 24 + (i % 3) * 8, viaType: 0, topMaskExpansion: i % 5 === 0 ? 2 : null, bottomMaskExpansion: null }));
    vias++;
  }
  // Text: every alignment, on both silk layers, turned, mirrored, reverse.
  for (let i = 0; i < 12; i++) {
    recs.push(PcbString.create({ id: `s${i}`, layer: i % 2 ? 4 : 3, x: 200 + (i % 6) * ((W - 400) / 6), y: H - 150 - Math.floor(i / 6) * 100, text: i % 4 === 0 ? 'Copperplate 1.0\nline two' : `GEN-${seed}-${i} ÄÖ`, font: 'default',
      height: 30 + (i % 3) * 20, strokeWidth: 5 + (i % 2) * 3, origin: 1 + (i % 9), angle: ANGLES[i % ANGLES.length], reverse: i === 5, expansion: i === 5 ? 6 : 0, mirror: i === 7 }));
  }
  // Multi-layer holes (circle: NPTH; stadium: slot) and a cut-out.
  recs.push(Fill.create({ id: 'h1', net: '', layer: 12, width: 0, fillStyle: 0, paths: [['CIRCLE', 120, 120, 40]] }));
  recs.push(Fill.create({ id: 'h2', net: '', layer: 12, width: 0, fillStyle: 0, paths: [['CIRCLE', W - 120, H - 120, 40]] }));
  recs.push(Fill.create({ id: 'h3', net: '', layer: 12, width: 0, fillStyle: 0, paths: [['R', W / 2 - 100, 260, 200, 80, 0, 40]] }));
  recs.push(Fill.create({ id: 'h4', net: '', layer: 12, width: 0, fillStyle: 0, paths: [[W - 400, 300, 'L', W - 300, 300, W - 350, 380]] }));
  recs.push(Fill.create({ id: 'fa', net: 'GND', layer: 1, width: 0, fillStyle: 0, paths: [['R', 60, H / 2 + 100, 120, 200, 0, 0]] }));
  // A pour with a stored fill (10-mil units, as EasyEDA stores them).
  recs.push(Pour.create({ id: 'pour1', net: 'GND', layer: 2, width: 0.2, name: 'POUR1', order: 0, paths: [['R', 20, H - 20, W - 40, H - 40, 0, 0]], pourType: ['SOLID', 8], keepIsland: true }));
  recs.push(Poured.create({ id: 'pd1', pourId: 'pour1', f3: 0, isPolygon: true, paths: [[3, 3, 'L', W / 10 - 3, 3, W / 10 - 3, 30, 3, 30], [10, 10, 'L', 10, 20, 20, 20, 20, 10]] }));
  const text = [...pcb, ...recs.map(line)].join('\n');
  entries.set(`PCB/${pcbUuid}.epcb`, text);
  const archive: EproArchive = { projectJson: { pcbs: { [pcbUuid]: `Generated ${seed}` }, footprints, devices, schematics: {}, boards: {} }, entries };
  return { archive, pcbUuid, expect: { components, freePads, vias, footprintPads, tracks } };
}

if (process.argv[1] && /generate-board\.ts$/.test(process.argv[1])) {
  const [out, seed] = process.argv.slice(2);
  writeFileSync(out, writeEpro(generateBoard(Number(seed ?? 1)).archive));
}
