/**
 * Excellon drill files as EasyEDA Pro writes them: plated pad holes (Drill_PTH_Through.DRL), vias
 * (Drill_PTH_Through_Via.DRL) and non-plated holes (Drill_NPTH_Through.DRL); metric, leading zeros,
 * absolute, a tool table with diameters (mm, 5 decimals) and hole counts, slots as G85 routed slots
 * from one end-circle centre to the other. Coordinates: the board frame (mil in, mm out, Y up), the
 * same as the Gerber files.
 */
import type { FabBoard, FabHole } from '../fab/board.ts';

export interface DrillFile {
  name: string;
  kind: 'pth' | 'via' | 'npth';
  text: string;
  /** Hits per tool diameter (mm, 5 decimals as written) -> count, slots included. */
  hits: Map<string, number>;
}

const MM = 0.0254;
const c5 = (mil: number): string => {
  const v = Math.round(mil * MM * 1e5) / 1e5;
  return String(Object.is(v, -0) ? 0 : v);
};

export interface DrillOptions {
  /** Date-time text for the header comment. */
  date: string;
}

/** One drill file per kind that has holes (EasyEDA leaves out an empty NPTH file). */
export function drillFiles(b: FabBoard, opts: DrillOptions): DrillFile[] {
  const kinds: Array<{ kind: DrillFile['kind']; name: string; type: string; layer: string }> = [
    { kind: 'pth', name: 'Drill_PTH_Through.DRL', type: 'PLATED', layer: 'PTH_Through' },
    { kind: 'via', name: 'Drill_PTH_Through_Via.DRL', type: 'PLATED', layer: 'PTH_Through_Via' },
    { kind: 'npth', name: 'Drill_NPTH_Through.DRL', type: 'NON_PLATED', layer: 'NPTH_Through' },
  ];
  const out: DrillFile[] = [];
  for (const k of kinds) {
    // EasyEDA lists the vias in the plated-through file as well as in their own file.
    const holes = b.holes.filter((h) => h.kind === k.kind || (k.kind === 'pth' && h.kind === 'via'));
    if (!holes.length) continue;
    out.push(drillFile(holes, k, opts));
  }
  return out;
}

function drillFile(holes: FabHole[], k: { kind: DrillFile['kind']; name: string; type: string; layer: string }, opts: DrillOptions): DrillFile {
  // Tools by diameter (the slot width for slots), ascending as EasyEDA numbers them.
  const bySize = new Map<string, FabHole[]>();
  for (const h of holes) {
    const d = (Math.min(h.w, h.h) * MM).toFixed(5);
    let list = bySize.get(d);
    if (!list) bySize.set(d, (list = []));
    list.push(h);
  }
  const sizes = [...bySize.keys()].sort((a, b) => Number(a) - Number(b));
  const lines = [`;TYPE=${k.type}`, `;Layer: ${k.layer}`, `;Copperplate ${opts.date}`, 'M48', 'METRIC,LZ,0000.00000'];
  sizes.forEach((d, i) => {
    const t = String(i + 1).padStart(2, '0');
    lines.push(`;Hole size ${i + 1} = ${d} METRIC`, `;Holes: ${bySize.get(d)!.length}`, `T${t}C${d}`);
  });
  lines.push('%', 'G05', 'G90');
  const hits = new Map<string, number>();
  sizes.forEach((d, i) => {
    lines.push(`T${String(i + 1).padStart(2, '0')}`);
    const list = bySize.get(d)!;
    hits.set(d, list.length);
    for (const h of list) {
      if (Math.abs(h.w - h.h) < 1e-6) {
        lines.push(`X${c5(h.x)}Y${c5(h.y)}`);
        continue;
      }
      // Slot: from one end-circle centre to the other along the long axis.
      const r = Math.min(h.w, h.h) / 2, half = Math.max(h.w, h.h) / 2 - r;
      const a = (h.angle * Math.PI) / 180 + (h.h > h.w ? Math.PI / 2 : 0);
      const dx = Math.cos(a) * half, dy = Math.sin(a) * half;
      lines.push(`X${c5(h.x + dx)}Y${c5(h.y + dy)}G85X${c5(h.x - dx)}Y${c5(h.y - dy)}`);
    }
  });
  lines.push('M30', '');
  return { name: k.name, kind: k.kind, text: lines.join('\n'), hits };
}
