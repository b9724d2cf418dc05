/**
 * Electrical rules check over a netlist: unconnected pins, conflicting outputs, single-pin nets,
 * duplicate designators (a net with one pin is fine when a net flag or port names it: the flag supplies it).
 * Each finding is a marker the user can click (sheet, position, record keys).
 */
import type { SchContext } from './context.ts';
import { componentSymbol } from './component.ts';
import { buildNetlist, type Net, type SheetInput } from './netlist.ts';
import { attrMap, attrValue } from '../symbol/symbol.ts';
import { SchComponent } from '@copperplate/format/records';

export type ErcRule = 'unconnected-pin' | 'conflicting-outputs' | 'single-pin-net' | 'duplicate-designator';
export interface ErcMarker { rule: ErcRule; severity: 'error' | 'warning'; message: string; sheet: string; x: number; y: number; ids: string[] }

const OUTPUT = new Set(['OUT', 'OUTPUT', 'Output']);

export function runErc(sheets: SheetInput[], ctx: SchContext, nets: Net[] = buildNetlist(sheets, ctx)): ErcMarker[] {
  const out: ErcMarker[] = [];
  for (const n of nets) {
    const hasWire = [...n.wires.values()].some((l) => l.length) || [...n.flags.values()].some((l) => l.length);
    if (n.pins.length === 1 && !hasWire) {
      const p = n.pins[0];
      if (p.noConnect || p.type.toUpperCase() === 'NC' || p.type === 'No Connect') continue;
      out.push({ rule: 'unconnected-pin', severity: 'error', message: `Pin ${p.designator}.${p.number || p.name} is not connected`, sheet: p.sheet, x: p.x, y: p.y, ids: [p.component] });
    } else if (n.pins.length === 1 && ![...n.flags.values()].some((l) => l.length)) {
      // a pin on a power/ground flag or a net port is supplied from (or leaves) the sheet: not a lone pin
      const p = n.pins[0];
      out.push({ rule: 'single-pin-net', severity: 'warning', message: `Net ${n.name} has only one pin (${p.designator}.${p.number || p.name})`, sheet: p.sheet, x: p.x, y: p.y, ids: [p.component, ...(n.wires.get(p.sheet) ?? [])] });
    }
    const outs = n.pins.filter((p) => OUTPUT.has(p.type));
    if (outs.length >= 2) {
      out.push({ rule: 'conflicting-outputs', severity: 'error', message: `Net ${n.name} is driven by ${outs.length} outputs: ${outs.map((p) => `${p.designator}.${p.number}`).join(', ')}`, sheet: outs[0].sheet, x: outs[0].x, y: outs[0].y, ids: outs.map((p) => p.component) });
    }
  }
  // duplicate designators (same designator and same part = a duplicate; parts of one multi-part component are not)
  const seen = new Map<string, Array<{ sheet: string; key: string; x: number; y: number }>>();
  for (const { name: sheet, doc } of sheets) {
    for (const [k, r] of doc.ofType('COMPONENT')) {
      const t = componentSymbol(doc, k, ctx)?.type ?? 2;
      if ([18, 19, 20, 22].includes(t)) continue;
      const d = attrValue(attrMap(doc, k).get('Designator'));
      if (!d || d.endsWith('?')) continue;
      const c = SchComponent.parse(r);
      const id = `${d}\u0000${c.partId}`;
      const l = seen.get(id) ?? [];
      l.push({ sheet, key: k, x: c.x, y: c.y });
      seen.set(id, l);
    }
  }
  for (const [id, l] of seen) if (l.length > 1) {
    const d = id.split('\u0000')[0];
    for (const c of l) out.push({ rule: 'duplicate-designator', severity: 'error', message: `Designator ${d} is used ${l.length} times`, sheet: c.sheet, x: c.x, y: c.y, ids: l.filter((o) => o.sheet === c.sheet).map((o) => o.key) });
  }
  return out;
}
