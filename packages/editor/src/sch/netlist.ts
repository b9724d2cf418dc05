/**
 * Connectivity: the netlist from wires, net labels (NET ATTRs on wires), net flags (type 18, Global
 * Net Name), net ports (type 19, Name), short symbols (type 22) and pins, across the sheets of a
 * schematic: nets with the same name on different sheets are one net. Coordinates 0.01 inch.
 * Points connect when equal; a wire end or pin end on the inside of a wire segment connects too.
 */
import type { EditorDocument } from '../core/document.ts';
import { str } from '../core/records.ts';
import type { SchContext } from './context.ts';
import { componentPins, componentSymbol, type SheetPin } from './component.ts';
import { attrMap, attrValue } from './symbol.ts';
import { SegmentGrid, wireSegments } from './wires.ts';
import { derivedBlocks } from './hierarchy.ts';

export interface NetPin extends SheetPin {
  sheet: string; designator: string; symbolType: number;
  /** The designer marked the pin not connected: a pin ATTR `NO_CONNECT` ("yes") on the joined id `component + pin`. */
  noConnect: boolean;
}

/** True when the pin ATTR NO_CONNECT (parent = joined id `component + pin`) says yes/true/1. */
export function pinNoConnect(doc: EditorDocument, component: string, pin: string): boolean {
  // joined id `component + pin`; the V3 converter writes `component-pin`
  const v = (attrMap(doc, component + pin).get('NO_CONNECT') ?? attrMap(doc, `${component}-${pin}`).get('NO_CONNECT'))?.[4];
  return v === true || v === 1 || (typeof v === 'string' && ['yes', 'true', '1'].includes(v.toLowerCase()));
}
export interface Net {
  name: string;
  /** Named by a label, flag or port (not generated). */
  named: boolean;
  pins: NetPin[];
  /** Per sheet: the WIRE keys of the net. */
  wires: Map<string, string[]>;
  /** Per sheet: the flag/port component keys of the net. */
  flags: Map<string, string[]>;
}

class UnionFind {
  private p = new Map<string, string>();
  find(a: string): string {
    let r = this.p.get(a) ?? a;
    if (r === a) { if (!this.p.has(a)) this.p.set(a, a); return a; }
    r = this.find(r);
    this.p.set(a, r);
    return r;
  }
  union(a: string, b: string): void { const x = this.find(a), y = this.find(b); if (x !== y) this.p.set(x, y); }
}

const pt = (x: number, y: number) => `p:${Math.round(x * 1000) / 1000},${Math.round(y * 1000) / 1000}`;

export interface SheetInput { name: string; doc: EditorDocument }

/**
 * Hierarchy: a block component on a parent sheet stands for child sheets (one instance; pass each
 * instance's sheets under their own names). Each pin of the block joins the net of the net port
 * (type 19) with the same name as the pin inside those child sheets; such ports are local to the
 * instance rather than global. The block's own pins are not parts' pins and do not appear in nets.
 * (How EasyEDA Pro links a block symbol to its child schematic is not in FORMAT.md.) Links come
 * from `opts.blocks` and from sheet symbols: a block-symbol component whose ATTR `Sheet` names child
 * sheets of the list (hierarchy.ts); an explicit link wins, and each child sheet has one instance.
 */
export interface BlockLink { sheet: string; component: string; childSheets: string[] }
export interface NetlistOptions { blocks?: BlockLink[] }

export function buildNetlist(sheets: SheetInput[], ctx: SchContext, opts: NetlistOptions = {}): Net[] {
  const blockOf = new Map<string, string>(); // child sheet -> instance scope
  const blockComps = new Set<string>();
  // explicit links first; sheet symbols (block components with a `Sheet` ATTR) add theirs
  const explicit = opts.blocks ?? [];
  const stated = new Set(explicit.map((b) => `${b.sheet}|${b.component}`));
  const claimed = new Set(explicit.flatMap((b) => b.childSheets));
  const derived = derivedBlocks(sheets, ctx).filter((b) => !stated.has(`${b.sheet}|${b.component}`))
    .map((b) => ({ ...b, childSheets: b.childSheets.filter((c) => !claimed.has(c) && (claimed.add(c), true)) }));
  for (const b of [...explicit, ...derived]) {
    const scope = `${b.sheet}|${b.component}`;
    blockComps.add(scope);
    for (const c of b.childSheets) blockOf.set(c, scope);
  }
  const uf = new UnionFind();
  const names = new Map<string, Set<string>>(); // root-node -> names (resolved after unions)
  const nameNodes: Array<[string, string]> = [];
  const pinNodes: Array<[string, NetPin]> = [];
  const wireNodes: Array<[string, string, string]> = []; // node, sheet, wire
  const flagNodes: Array<[string, string, string]> = [];
  for (const { name: sheet, doc } of sheets) {
    const ns = (k: string) => `${sheet}|${k}`;
    const segs = wireSegments(doc);
    // wires: all points of one WIRE record are one node set
    for (const s of segs) {
      uf.union(ns(pt(s.x1, s.y1)), ns(`w:${s.wire}`));
      uf.union(ns(pt(s.x2, s.y2)), ns(`w:${s.wire}`));
    }
    for (const [wk] of doc.ofType('WIRE')) wireNodes.push([ns(`w:${wk}`), sheet, wk]);
    // T-connections: any wire end inside another segment
    const grid = new SegmentGrid(segs);
    const attach = (x: number, y: number, node: string) => {
      for (const s of grid.through(x, y)) uf.union(node, ns(`w:${s.wire}`));
    };
    for (const s of segs) { attach(s.x1, s.y1, ns(pt(s.x1, s.y1))); attach(s.x2, s.y2, ns(pt(s.x2, s.y2))); }
    // labels
    for (const [wk] of doc.ofType('WIRE')) {
      const net = attrValue(attrMap(doc, wk).get('NET'));
      if (net) nameNodes.push([ns(`w:${wk}`), net]);
    }
    // components
    for (const [ck] of doc.ofType('COMPONENT')) {
      const sym = componentSymbol(doc, ck, ctx);
      const type = sym?.type ?? 2;
      const attrs = attrMap(doc, ck);
      const pins = componentPins(doc, ck, ctx);
      const designator = attrValue(attrs.get('Designator'));
      pins.forEach((p) => {
        const node = ns(`c:${ck}:${p.pin}`);
        uf.union(node, ns(pt(p.x, p.y)));
        attach(p.x, p.y, node);
        if (blockComps.has(`${sheet}|${ck}`)) {
          // a block's pin joins the instance-local port of the same name
          if (p.name) uf.union(node, `port:${sheet}|${ck}:${p.name}`);
        } else if (type === 19 && blockOf.has(sheet)) {
          const nm = attrValue(attrs.get('Name'));
          if (nm) uf.union(node, `port:${blockOf.get(sheet)}:${nm}`);
          flagNodes.push([node, sheet, ck]);
        } else if (type === 18 || type === 19) {
          const nm = attrValue(attrs.get(type === 18 ? 'Global Net Name' : 'Name')) || attrValue(attrs.get('Name'));
          if (nm) nameNodes.push([node, nm]);
          flagNodes.push([node, sheet, ck]);
        } else if (type === 22 && pins.length > 1) {
          uf.union(node, ns(`c:${ck}:${pins[0].pin}`));
        } else {
          pinNodes.push([node, { ...p, sheet, designator, symbolType: type, noConnect: pinNoConnect(doc, ck, p.pin) }]);
        }
      });
    }
  }
  // names join nets across sheets
  for (const [node, nm] of nameNodes) uf.union(node, `name:${nm}`);
  for (const [node, nm] of nameNodes) {
    const r = uf.find(node);
    let s = names.get(r); if (!s) names.set(r, (s = new Set())); s.add(nm);
  }
  const nets = new Map<string, Net>();
  const get = (root: string): Net => {
    let n = nets.get(root);
    if (!n) {
      const nm = [...(names.get(root) ?? [])].sort()[0];
      n = { name: nm ?? '', named: !!nm, pins: [], wires: new Map(), flags: new Map() };
      nets.set(root, n);
    }
    return n;
  };
  for (const [node, p] of pinNodes) get(uf.find(node)).pins.push(p);
  for (const [node, sheet, w] of wireNodes) { const n = get(uf.find(node)); const l = n.wires.get(sheet) ?? []; l.push(w); n.wires.set(sheet, l); }
  for (const [node, sheet, c] of flagNodes) { const n = get(uf.find(node)); const l = n.flags.get(sheet) ?? []; if (!l.includes(c)) l.push(c); n.flags.set(sheet, l); }
  // generated names for unnamed nets, stable by their first pin
  let i = 0;
  const out = [...nets.values()];
  out.sort((a, b) => (a.pins[0] ? `${a.pins[0].designator}.${a.pins[0].number}` : '~').localeCompare(b.pins[0] ? `${b.pins[0].designator}.${b.pins[0].number}` : '~'));
  for (const n of out) if (!n.named) n.name = `$N${++i}`;
  return out;
}

/** The net a record belongs to (a WIRE, a component's pin by joined id, or a flag). */
export function netOf(nets: Net[], sheet: string, key: string): Net | undefined {
  return nets.find((n) => n.wires.get(sheet)?.includes(key) || n.flags.get(sheet)?.includes(key) || n.pins.some((p) => p.sheet === sheet && p.component + p.pin === key));
}

/** Record keys of a sheet to highlight for a net: its wires, flags and the components with a pin on it. */
export function netHighlight(net: Net, sheet: string): string[] {
  return [...new Set([...(net.wires.get(sheet) ?? []), ...(net.flags.get(sheet) ?? []), ...net.pins.filter((p) => p.sheet === sheet).map((p) => p.component)])];
}
