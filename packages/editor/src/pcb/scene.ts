/**
 * The scene of a PCB or footprint document: the primitives of every drawn record, by record key,
 * with components expanded from their footprints (the project's .efoo, or a FOOTPRINT block embedded
 * in the .epcb whose uuid is `<pcbUuid>_<componentId>`) and pour fills from POURED records (in the
 * .epcb or the project's .ecop). Frame: board mil, Y up.
 */
import { type Rec, recType, str } from '../core/records.ts';
import { Canvas, Head, PadNet, PcbAttr, PcbComponent, Pour, Poured } from '@copperplate/format/records';
import { mul, pcbComponentLookup, translate } from '@copperplate/board';
import { type BuildCtx, type Placement, attrPrims, componentTransform, pathList, primsOf } from './build.ts';
import { LayerTable } from './layers.ts';
import { type Prim, makePrim } from './prims.ts';
import { indexFonts } from './text.ts';

/** What a board needs from its project besides its own records. */
export interface PcbProject {
  /** Footprint document records (DOCTYPE excluded or included) by footprint uuid. */
  footprint?: (uuid: string) => readonly Rec[] | undefined;
  /** project.json devices: uuid -> { title, attributes: { Footprint, ... } }. */
  devices?: Record<string, { title?: string; attributes?: Record<string, unknown> } | undefined>;
  /** A footprint's title (project.json footprints), for a shown `Footprint` attribute. */
  footprintTitle?: (uuid: string) => string | undefined;
  /** POURED records of the project's .ecop for this board. */
  poured?: readonly Rec[];
  /** FONT records of the board's .efon (glyph outlines of TrueType text), beside those of the document. */
  fonts?: readonly Rec[];
}

export interface ComponentInfo {
  id: string;
  key: string;
  x: number;
  y: number;
  angle: number;
  bottom: boolean;
  footprintUuid?: string;
  deviceUuid?: string;
  designator?: string;
  padNets: Map<string, string>;
  /** The component's ATTR values by key, and its COMPONENT record's attribute object (templates of shown ATTRs read them). */
  attrs: Map<string, string>;
  custom?: Record<string, unknown>;
}

/** Component data gathered from COMPONENT, its ATTRs (parent at index 3) and PAD_NETs. */
export function componentInfos(records: Iterable<[string, Rec]>): Map<string, ComponentInfo> {
  const keys: string[] = [], recs: Rec[] = [];
  for (const [k, r] of records) { keys.push(k); recs.push(r); }
  return componentInfosOf(keys, recs);
}

/** componentInfos from keys and records in two arrays (what a scene is built from). */
function componentInfosOf(keys: readonly string[], records: readonly Rec[]): Map<string, ComponentInfo> {
  const out = new Map<string, ComponentInfo>();
  const attrs: Rec[] = [];
  const padNets: Rec[] = [];
  for (let i = 0; i < records.length; i++) {
    const key = keys[i], r = records[i];
    const t = recType(r);
    if (t === 'COMPONENT') {
      const c = PcbComponent.parse(r);
      const custom = c.attrs && typeof c.attrs === 'object' && !Array.isArray(c.attrs) ? (c.attrs as Record<string, unknown>) : undefined;
      out.set(c.id, { id: c.id, key, x: c.x, y: c.y, angle: c.angle, bottom: c.layer === 2, padNets: new Map(), attrs: new Map(), custom });
    } else if (t === 'ATTR') attrs.push(r);
    else if (t === 'PAD_NET') padNets.push(r);
  }
  for (const a of attrs) {
    const c = out.get(PcbAttr.get(a, 'parentId'));
    if (!c) continue;
    const k = PcbAttr.get(a, 'key'), v = PcbAttr.get(a, 'value');
    if (!c.attrs.has(k) || !c.attrs.get(k)) c.attrs.set(k, v);
    if (k === 'Footprint') c.footprintUuid = v;
    else if (k === 'Device') c.deviceUuid = v;
    else if (k === 'Designator') c.designator = v;
  }
  for (const r of padNets) {
    const p = PadNet.parse(r);
    const c = out.get(p.componentId);
    if (c && p.net) c.padNets.set(p.padNumber, p.net);
  }
  return out;
}

export interface SceneInput {
  docType: string;
  /** [key, record] pairs in file order (DOCTYPE excluded); or `keys` and `records`, the same in two arrays (no pair per record). */
  entries?: Iterable<[string, Rec]>;
  keys?: readonly string[];
  records?: readonly Rec[];
  /** Further blocks of the same file (embedded FOOTPRINT blocks). */
  extraBlocks?: ReadonlyArray<{ docType: string; records: unknown[][] }>;
  pcbUuid?: string;
  project?: PcbProject;
}

export class PcbScene {
  /** Primitives by record key, in file order. */
  readonly prims = new Map<string, Prim[]>();
  readonly layers: LayerTable;
  readonly components: Map<string, ComponentInfo>;
  readonly ctx: BuildCtx;
  private readonly embedded = new Map<string, readonly Rec[]>();
  private readonly input: SceneInput;
  /** Footprint uuids that could not be found (components drawn as a marker only). */
  readonly missingFootprints = new Set<string>();

  constructor(input: SceneInput) {
    this.input = input;
    let keys = input.keys, records = input.records;
    if (!keys || !records) {
      const k: string[] = [], rs: Rec[] = [];
      for (const [a, b] of input.entries ?? []) { k.push(a); rs.push(b); }
      keys = k; records = rs;
    }
    this.layers = new LayerTable(records);
    this.ctx = { isPcb: input.docType === 'PCB', fonts: indexFonts(input.project?.fonts?.length ? [...input.project.fonts, ...records] : records) };
    for (const b of input.extraBlocks ?? []) {
      if (b.docType !== 'FOOTPRINT') continue;
      const head = b.records.find((r) => Head.is(r));
      const props = head && Head.get(head, 'props');
      const uuid = props && typeof props === 'object' ? str(props.uuid) : '';
      if (uuid) this.embedded.set(uuid, b.records);
    }
    this.components = componentInfosOf(keys, records);
    const pours = new Map<string, Rec>();
    for (const r of records) if (Pour.is(r)) pours.set(Pour.get(r, 'id'), r);
    for (let i = 0; i < records.length; i++) this.prims.set(keys[i], this.primsFor(keys[i], records[i], pours));
    for (const r of input.project?.poured ?? []) {
      if (!Poured.is(r)) continue;
      const ps = this.pouredPrims(r, pours);
      if (ps.length) this.prims.set(`poured:${Poured.get(r, 'id')}`, ps);
    }
  }

  /** The footprint records a component is drawn from. */
  footprintOf(c: ComponentInfo): readonly Rec[] | undefined {
    const emb = this.embedded.get(`${this.input.pcbUuid ?? ''}_${c.id}`);
    if (emb) return emb;
    let fp = c.footprintUuid;
    if (!fp && c.deviceUuid) fp = str(this.input.project?.devices?.[c.deviceUuid]?.attributes?.Footprint);
    if (!fp) return undefined;
    const recs = this.input.project?.footprint?.(fp);
    if (!recs) this.missingFootprints.add(fp);
    return recs;
  }

  primsFor(key: string, r: Rec, pours?: Map<string, Rec>): Prim[] {
    switch (recType(r)) {
      case 'COMPONENT': return this.componentPrims(PcbComponent.get(r, 'id'));
      case 'ATTR': return attrPrims(r, this.ctx, undefined, this.attrShown(r));
      case 'POURED': return this.pouredPrims(r, pours);
      default: return primsOf(r, this.ctx);
    }
  }

  /** How a component's ATTR reads its part: templates through the component's attributes, reference uuids by title. */
  private attrShown(r: Rec): Parameters<typeof attrPrims>[3] {
    const c = this.components.get(PcbAttr.get(r, 'parentId'));
    if (!c) return undefined;
    // an edited ATTR (drawn again without a rebuild) brings its new value
    c.attrs.set(PcbAttr.get(r, 'key'), PcbAttr.get(r, 'value'));
    const project = this.input.project;
    return {
      lookup: pcbComponentLookup(c.attrs, c.custom, c.deviceUuid ? project?.devices?.[c.deviceUuid]?.attributes : undefined),
      titleOf: (key, uuid) => (key === 'Device' ? project?.devices?.[uuid]?.title : key === 'Footprint' ? project?.footprintTitle?.(uuid) : undefined),
    };
  }

  componentPrims(id: string): Prim[] {
    const c = this.components.get(id);
    if (!c) return [];
    const fp = this.footprintOf(c);
    // the footprint's CANVAS origin is its anchor (non-zero in V3 footprints), as in packages/board's model
    const cv = fp?.find((r) => Canvas.is(r));
    const o = cv ? Canvas.parse(cv) : undefined;
    const m0 = componentTransform(c.x, c.y, c.angle, c.bottom);
    const pl: Placement = { m: o && (o.originX || o.originY) ? mul(m0, translate(-o.originX, -o.originY)) : m0, bottom: c.bottom, owner: id, padNets: c.padNets };
    const out: Prim[] = [];
    if (fp) for (const r of fp) if (recType(r) !== 'ATTR') out.push(...primsOf(r, { ...this.ctx, isPcb: false }, pl));
    if (!out.length) {
      // No footprint: a small cross so the component stays visible and pickable.
      out.push(makePrim({ id, rec: 'COMPONENT', kind: 'poly', layer: c.bottom ? 10 : 9, width: 4, filled: false, owner: id,
        contours: [{ x0: c.x - 20, y0: c.y, segs: [{ k: 'L', x: c.x + 20, y: c.y }], closed: false }, { x0: c.x, y0: c.y - 20, segs: [{ k: 'L', x: c.x, y: c.y + 20 }], closed: false }] }));
    }
    return out;
  }

  /** POURED (paths in 10-mil units): the stored fill of a POUR, on the pour's layer and net. */
  pouredPrims(r: Rec, pours?: Map<string, Rec>): Prim[] {
    const pd = Poured.parse(r);
    const pourId = pd.pourId;
    let pour: { layer: number; net: string } | undefined;
    const pr = pours?.get(pourId);
    if (pr) pour = { layer: Pour.get(pr, 'layer'), net: Pour.get(pr, 'net') };
    else for (const ps of this.prims.values()) { const p = ps.find((q) => q.rec === 'POUR' && q.id === pourId); if (p) { pour = { layer: p.layer, net: p.net ?? '' }; break; } }
    const layer = pour ? pour.layer : 1;
    const net = pour ? pour.net || undefined : undefined;
    const cs = pathList(pd.paths, { scale: 10 });
    if (!cs.length) return [];
    if (pd.isPolygon) return [makePrim({ id: pd.id, rec: 'POURED', kind: 'poured', layer, contours: cs, width: 8, filled: true, net, owner: pourId })];
    return [makePrim({ id: pd.id, rec: 'POURED', kind: 'poured', layer, contours: cs.map((c) => ({ ...c, closed: false })), width: 8, filled: false, net, owner: pourId })];
  }

  /** Every primitive, in file order (an array made by plain loops: no generator step per primitive). */
  all(): Prim[] {
    const out: Prim[] = [];
    for (const ps of this.prims.values()) for (let i = 0; i < ps.length; i++) out.push(ps[i]);
    return out;
  }
}
