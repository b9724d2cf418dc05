/**
 * Connectivity: the netlist from wires, net labels (NET ATTRs on wires), net flags (type 18, Global
 * Net Name), net ports (type 19, Name), short symbols (type 22) and pins, across the sheets of a
 * schematic: nets with the same name on different sheets are one net. Coordinates 0.01 inch.
 * Points connect when equal; a wire end or pin end on the inside of a wire segment connects too.
 */
import type { EditorDocument } from './document.ts';
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
  if (!doc.hasChildren(component + pin) && !doc.hasChildren(`${component}-${pin}`)) return false;
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

/** Union-find over integer nodes (union by size, path halving); `node()` makes a new one. */
class UnionFind {
  private parent: number[] = [];
  private size: number[] = [];
  node(): number { const i = this.parent.length; this.parent.push(i); this.size.push(1); return i; }
  find(i: number): number {
    const p = this.parent;
    while (p[i] !== i) { p[i] = p[p[i]]; i = p[i]; }
    return i;
  }
  union(a: number, b: number): void {
    let x = this.find(a), y = this.find(b);
    if (x === y) return;
    if (this.size[x] < this.size[y]) [x, y] = [y, x];
    this.parent[y] = x; this.size[x] += this.size[y];
  }
}

/** Nodes named by a string (labels, ports) and by a point (0.001 of the unit: coordinates are rounded). */
class NodeNames {
  private named = new Map<string, number>();
  private points = new Map<number, Map<number, number>>();
  constructor(private readonly uf: UnionFind) {}
  of(name: string): number {
    let n = this.named.get(name);
    if (n === undefined) this.named.set(name, (n = this.uf.node()));
    return n;
  }
  at(x: number, y: number): number {
    const qx = Math.round(x * 1000), qy = Math.round(y * 1000);
    let col = this.points.get(qx);
    if (!col) this.points.set(qx, (col = new Map()));
    let n = col.get(qy);
    if (n === undefined) col.set(qy, (n = this.uf.node()));
    return n;
  }
}

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
  const global = new NodeNames(uf); // net names and instance-local ports, across sheets
  const names = new Map<number, Set<string>>(); // root -> names (resolved after unions)
  const nameNodes: Array<[number, string]> = [];
  const pinNodes: Array<[number, NetPin]> = [];
  const wireNodes: Array<[number, string, string]> = []; // node, sheet, wire
  const flagNodes: Array<[number, string, string]> = [];
  for (const { name: sheet, doc } of sheets) {
    const local = new NodeNames(uf); // this sheet's points
    const wireNode = new Map<string, number>();
    const wn = (wire: string) => { let n = wireNode.get(wire); if (n === undefined) wireNode.set(wire, (n = uf.node())); return n; };
    const segs = wireSegments(doc);
    // wires: all points of one WIRE record are one node set
    for (const s of segs) {
      const w = wn(s.wire);
      uf.union(local.at(s.x1, s.y1), w);
      uf.union(local.at(s.x2, s.y2), w);
    }
    for (const [wk] of doc.ofType('WIRE')) wireNodes.push([wn(wk), sheet, wk]);
    // T-connections: any wire end inside another segment
    const grid = new SegmentGrid(segs);
    const attach = (x: number, y: number, node: number) => {
      for (const s of grid.through(x, y)) uf.union(node, wn(s.wire));
    };
    for (const s of segs) { attach(s.x1, s.y1, local.at(s.x1, s.y1)); attach(s.x2, s.y2, local.at(s.x2, s.y2)); }
    // labels
    for (const [wk] of doc.ofType('WIRE')) {
      const net = attrValue(attrMap(doc, wk).get('NET'));
      if (net) nameNodes.push([wn(wk), net]);
    }
    // components
    for (const [ck] of doc.ofType('COMPONENT')) {
      const attrs = attrMap(doc, ck);
      const sym = componentSymbol(doc, ck, ctx, attrs);
      const type = sym?.type ?? 2;
      const pins = componentPins(doc, ck, ctx, undefined, sym);
      const designator = attrValue(attrs.get('Designator'));
      let first = -1;
      const isBlock = blockComps.has(`${sheet}|${ck}`);
      pins.forEach((p) => {
        const node = uf.node();
        if (first < 0) first = node;
        uf.union(node, local.at(p.x, p.y));
        attach(p.x, p.y, node);
        if (isBlock) {
          // a block's pin joins the instance-local port of the same name
          if (p.name) uf.union(node, global.of(`port:${sheet}|${ck}:${p.name}`));
        } else if (type === 19 && blockOf.has(sheet)) {
          const nm = attrValue(attrs.get('Name'));
          if (nm) uf.union(node, global.of(`port:${blockOf.get(sheet)}:${nm}`));
          flagNodes.push([node, sheet, ck]);
        } else if (type === 18 || type === 19) {
          const nm = attrValue(attrs.get(type === 18 ? 'Global Net Name' : 'Name')) || attrValue(attrs.get('Name'));
          if (nm) nameNodes.push([node, nm]);
          flagNodes.push([node, sheet, ck]);
        } else if (type === 22 && pins.length > 1) {
          uf.union(node, first);
        } else {
          pinNodes.push([node, { ...p, sheet, designator, symbolType: type, noConnect: pinNoConnect(doc, ck, p.pin) }]);
        }
      });
    }
  }
  // names join nets across sheets
  for (const [node, nm] of nameNodes) uf.union(node, global.of(`name:${nm}`));
  for (const [node, nm] of nameNodes) {
    const r = uf.find(node);
    let s = names.get(r); if (!s) names.set(r, (s = new Set())); s.add(nm);
  }
  const nets = new Map<number, Net>();
  const get = (root: number): Net => {
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
  const collator = new Intl.Collator();
  const firstPin = new Map(out.map((n) => [n, n.pins[0] ? `${n.pins[0].designator}.${n.pins[0].number}` : '~']));
  out.sort((a, b) => collator.compare(firstPin.get(a)!, firstPin.get(b)!));
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
