/**
 * Pick-and-place (centroid) CSV as EasyEDA Pro writes it: designator, device, footprint, the centre
 * of the footprint (Mid X/Y), the component origin (Ref X/Y), pad 1 (Pad X/Y) in mm in the board
 * frame (Y up), side T/B, rotation in degrees counter-clockwise (0..360), SMD yes/no. Components left
 * out of the BOM are left out here too.
 */
import type { FabBoard } from '../fab/board.ts';
import { naturalCompare } from '../bom/bom.ts';

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
  for (const c of comps) {
    const dev = (b as FabBoard & { devices?: Record<string, { title?: string; attributes?: Record<string, unknown> } | undefined> }).devices?.[c.deviceUuid];
    const add = String(c.attrs.get('Add into BOM') ?? dev?.attributes?.['Add into BOM'] ?? 'yes');
    if (/^(no|false|0)$/i.test(add)) continue;
    const pads = b.pads.filter((p) => p.componentId === c.id);
    const box = c.box;
    const mid = box.minX <= box.maxX ? { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 } : { x: c.x, y: c.y };
    const p1 = pads.find((p) => p.number === '1') ?? pads[0];
    const rot = ((Math.round(c.angle * 1000) / 1000) % 360 + 360) % 360;
    const smd = pads.length > 0 && pads.every((p) => !p.hole);
    rows.push([c.designator || c.id, dev?.title ?? '', c.footprintName, mm(mid.x), mm(mid.y), mm(c.x), mm(c.y), p1 ? mm(p1.x) : '', p1 ? mm(p1.y) : '', String(pads.length), c.bottom ? 'B' : 'T', String(rot), smd ? 'Yes' : 'No', String(dev?.attributes?.Name ?? '')]);
  }
  return rows;
}

export function pnpCsv(b: FabBoard): string {
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  return '\ufeff' + [PNP_HEADER, ...pnpRows(b)].map((r) => r.map(q).join(',')).join('\n') + '\n';
}
