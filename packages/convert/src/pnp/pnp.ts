/**
 * Pick-and-place (centroid) CSV as EasyEDA Pro writes it: designator, device, footprint, the centre
 * of the box of the pads' centres (Mid X/Y: FaBoPlatform/GameFive's PickAndPlace file, 51 of 51 parts
 * within 0.001 mm; the footprint's drawn box put J1 2.9 mm off), the component origin (Ref X/Y), pad 1
 * (Pad X/Y; without a pad "1" the first number in natural order) in mm in the board frame (Y up), side T/B, rotation in degrees counter-clockwise (0..360),
 * SMD yes/no, the BOM's comment. Components left out of the BOM are left out here too.
 */
import type { FabBoard, FabPad } from '../fab/board.ts';
import { bomComment, naturalCompare } from '../bom/bom.ts';

export const PNP_HEADER = ['Designator', 'Device', 'Footprint', 'Mid X', 'Mid Y', 'Ref X', 'Ref Y', 'Pad X', 'Pad Y', 'Pins', 'Layer', 'Rotation', 'SMD', 'Comment'];

const mm = (mil: number): string => {
  const v = Math.round(mil * 0.0254 * 1e4) / 1e4;
  return `${Object.is(v, -0) ? 0 : v}mm`;
};

export interface PnpRow {
  designator: string;
  x: number;
  y: number;
  /** mm */
  refX: number;
  refY: number;
  rotation: number;
  side: 'T' | 'B';
}

export function pnpRows(b: FabBoard): string[][] {
  const rows: string[][] = [];
  const comps = [...b.components].sort((a, c) => naturalCompare(a.designator, c.designator));
  const padsOf = new Map<string, FabPad[]>();
  for (const p of b.pads) if (p.componentId) { const l = padsOf.get(p.componentId); if (l) l.push(p); else padsOf.set(p.componentId, [p]); }
  for (const c of comps) {
    const dev = b.devices?.[c.deviceUuid];
    const add = String(c.attrs.get('Add into BOM') ?? dev?.attributes?.['Add into BOM'] ?? 'yes');
    if (/^(no|false|0)$/i.test(add)) continue;
    const pads = padsOf.get(c.id) ?? [];
    let mid = { x: c.x, y: c.y };
    if (pads.length) {
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const p of pads) { x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y); x1 = Math.max(x1, p.x); y1 = Math.max(y1, p.y); }
      mid = { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
    }
    // pad 1; without one, the first number in natural order (nos86/TFM-100's USB-C P4: "A1B12" of A1B12, A4B9, A5...B8)
    const p1 = pads.find((p) => p.number === '1') ?? [...pads].sort((a, c) => naturalCompare(a.number, c.number))[0];
    const rot = ((Math.round(c.angle * 1000) / 1000) % 360 + 360) % 360;
    const smd = pads.length > 0 && pads.every((p) => !p.hole);
    rows.push([c.designator || c.id, dev?.title ?? '', c.footprintName, mm(mid.x), mm(mid.y), mm(c.x), mm(c.y), p1 ? mm(p1.x) : '', p1 ? mm(p1.y) : '', String(pads.length), c.bottom ? 'B' : 'T', String(rot), smd ? 'Yes' : 'No', bomComment(c, b.devices)]);
  }
  return rows;
}

export function pnpCsv(b: FabBoard): string {
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  return '\ufeff' + [PNP_HEADER, ...pnpRows(b)].map((r) => r.map(q).join(',')).join('\n') + '\n';
}
