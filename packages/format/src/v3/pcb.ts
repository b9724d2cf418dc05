/**
 * V3 PCB-family documents (PCB boards and FOOTPRINT documents) to our V2 line records (FORMAT.md
 * "PCB and footprint records"). Frames: both in mil with the same Y direction (the PCB family is
 * never flipped, TYAxisDirection); POURED fill paths stay in 10-mil units in both. Enumerations
 * become the V2 codes; unknown trailing V3 fields (zIndex, partitionId, ...) are dropped.
 */
import type { z } from 'zod';
import type { EpruDocument, EpruRecord } from './epru.ts';
import type { Tally } from './report.ts';
import type { V2Record } from './sch.ts';
import * as S from './schemas.ts';
import * as R from '../records/index.ts';
import { convertRule, convertRuleSelector, pourIndex, safeMatrices } from './rules.ts';

type Body = Record<string, unknown>;

const b01 = (v: unknown): number | null => (v === null || v === undefined ? null : v === true || v === 1 ? 1 : 0);
const lock = (v: unknown): number => (v === true || v === 1 ? 1 : 0);
const nul = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
const group = (b: Body): string | number => {
  const g = b.groupId ?? b.groupID;
  return typeof g === 'number' || typeof g === 'string' ? g : 0;
};

/** EAlign to the V2 text origin 1..9: horizontal * 3 + vertical + 1 (left/top = 0). */
export function originCode(origin: unknown): number {
  if (typeof origin === 'number') return origin;
  if (typeof origin !== 'string') return 3;
  const [h, v] = origin.split('_');
  const H: Record<string, number> = { LEFT: 0, CENTER: 1, RIGHT: 2 };
  const V: Record<string, number> = { TOP: 0, MIDDLE: 1, BOTTOM: 2 };
  return (H[h] ?? 0) * 3 + (V[v] ?? 2) + 1;
}
const VIA_TYPE: Record<string, number> = { NORMAL: 0, BLIND: 1, SUTURE: 2 };
const PAD_FUNC: Record<string, number> = { NORMAL: 0, TEST: 1, MARKER: 2 };
const FILL_STYLE: Record<string, number> = { SOLID: 0, NONE: 1, MESH: 2 };
const GRID_TYPE: Record<string, number> = { NONE: 0, GRID: 1, OUTLETS: 2 };

const NOT_CARRIED: Record<string, string> = {
  ELE_PLACEHOLDER: 'editor id reservation, no content',
  META_PLACEHOLDER: 'editor id reservation, no content',
  PREFERENCE: 'editor preferences, no drawing content',
  LAYER_FILL: 'inner plane fills are recomputed by the editor',
  PARTITION: 'partitions have no V2 record',
  EQLEN_GRP: 'equal-length groups have no converter yet',
  X_NETS: 'xNets have no converter yet',
  BASE_X_NETS_GROUP: 'xNet groups have no converter yet',
  FOOTPRINT_NET: 'footprint net map has no V2 record',
  SHELL: '3D shells have no V2 record',
  SHELL_ENTITY: '3D shells have no V2 record',
  SHELL_CUT: '3D shells have no V2 record',
  BOSS: '3D shell bosses have no V2 record',
  CREASE: 'flex creases have no V2 record',
  FPC_FILL: 'flex stiffeners have no V2 record',
  D3ATTRIBUTE: '3D panel settings, no drawing content',
  BOARD: 'board (3D) settings have no converter yet',
  OBJ: 'embedded PCB objects have no converter yet',
};

/** The key inside a keyed id `["LAYER",1]` (index 1), or the id itself. */
function keyed(id: string, i = 1): unknown {
  if (!id.startsWith('[')) return id;
  try {
    const v = JSON.parse(id) as unknown;
    return Array.isArray(v) ? v[i] : id;
  } catch {
    return id;
  }
}

function padShape(d: Body): unknown[] {
  const t = String(d.padType);
  if (t === 'RECT') return ['RECT', d.width ?? 0, d.height ?? 0, d.radius ?? 0];
  if (t === 'ELLIPSE' || t === 'OVAL') return [t, d.width ?? 0, d.height ?? 0];
  // V2 writes polygon pads as ["POLY", path] (and sometimes "POLYGON"); POLY is what most real files and our painter use.
  if (t === 'POLYGON' || t === 'POLY') return ['POLY', d.path ?? []];
  if (t === 'NGON' || t === 'REGULAR_POLYGON') return ['NGON', d.diameter ?? d.width ?? 0, d.edges ?? d.sides ?? 6];
  return [t, d.width ?? 0, d.height ?? 0];
}

/** Convert a PCB or FOOTPRINT document. Returns the V2 records (DOCTYPE and HEAD first). */
export function convertPcbDoc(doc: EpruDocument, kind: 'PCB' | 'FOOTPRINT', tally: Tally, head: Record<string, unknown>): V2Record[] {
  const dt = doc.docType;
  const recs: EpruRecord[] = [];
  for (const r of doc.records.values()) {
    if (r.body === null) tally.skip('deleted record', 'empty body: the deletion was applied');
    else recs.push(r);
  }
  const parse = <T extends z.ZodType>(schema: T, r: EpruRecord): z.infer<T> | null => {
    const p = schema.safeParse(r.body);
    if (p.success) return p.data;
    tally.skip(`${dt} ${r.type}`, 'invalid: does not match the record definition');
    return null;
  };
  const out: V2Record[] = [R.DocType.create({ docType: kind, version: '1.8' }), R.Head.create({ props: head })];
  const safe = safeMatrices(recs);
  const poursOf = pourIndex(recs);
  let canvas: V2Record | null = null;
  const pours: V2Record[] = [];
  for (const r of recs) {
    const b = r.body!;
    const push = (rec: V2Record) => {
      out.push(rec);
      tally.carry();
    };
    switch (r.type) {
      case 'META':
      case 'DELETE_DOC':
        tally.carry(); // read into project.json / applied by the caller
        break;
      case 'CANVAS': {
        const c = parse(S.PcbCanvasSchema, r);
        if (!c) break;
        canvas = R.Canvas.create({ originX: c.originX ?? 0, originY: c.originY ?? 0, unit: c.unit ?? 'mil', gridX: c.gridXSize ?? 5, gridY: c.gridYSize ?? 5,
          snapX: c.snapXSize ?? 5, snapY: c.snapYSize ?? 5, altSnapX: c.altSnapXSize ?? 1, altSnapY: c.altSnapYSize ?? 1,
          gridType: GRID_TYPE[c.gridType ?? ''] ?? 0, multiGridType: GRID_TYPE[c.multiGridType ?? ''] ?? 0, multiGridRatio: c.multiGridRatio ?? 5 });
        tally.carry();
        break;
      }
      case 'LAYER': {
        const l = parse(S.LayerSchema, r);
        if (!l) break;
        const idn = l.layerId ?? Number(keyed(r.id));
        const bits = (l.use === false || l.use === 0 ? 0 : 1) | (l.show === false || l.show === 0 ? 0 : 2) | (l.locked === true || l.locked === 1 ? 4 : 0);
        push(R.Layer.create({ id: idn, type: l.layerType ?? '', name: l.layerName ?? '', state: bits, color: l.activeColor ?? '', alpha: l.activateTransparency ?? 1,
          inactiveColor: l.inactiveColor ?? '', inactiveAlpha: l.inactiveTransparency ?? 1 }));
        break;
      }
      case 'LAYER_PHYS': {
        const l = parse(S.LayerPhysSchema, r);
        if (l) push(R.LayerPhys.with(R.LayerPhys.create({ id: Number(keyed(r.id)), thickness: l.thickness ?? 0, keepIsland: lock(l.isKeepIsland) === 1 }),
          { material: nul(l.material), permittivity: nul(l.permittivity), lossTangent: nul(l.lossTangent) }));
        break;
      }
      case 'ACTIVE_LAYER': {
        const l = parse(S.ActiveLayerSchema, r);
        if (l) push(R.ActiveLayer.create({ layer: l.layerId }));
        break;
      }
      case 'NET': {
        const n = parse(S.NetSchema, r);
        if (n) push(R.Net.create({ name: String(keyed(r.id)), netType: nul(n.netType), color: nul(n.specialColor), ratline: !(n.retLine === false || n.retLine === 0),
          differentialName: nul(n.differentialName), positive: lock(n.isPositiveNet) === 1, equalLengthGroup: nul(n.equalLengthGroupName) }));
        break;
      }
      case 'RULE_TEMPLATE': {
        const t = parse(S.RuleTemplateSchema, r);
        if (t) push(R.RuleTemplate.create({ name: t.name ?? '' }));
        break;
      }
      case 'PRIMITIVE': {
        const p = parse(S.PrimitiveSchema, r);
        if (p) push(R.Primitive.create({ name: String(keyed(r.id)), display: !(p.display === false || p.display === 0), pick: lock(p.pick) === 1 }));
        break;
      }
      case 'SILK_OPTS': {
        const s = parse(S.SilkOptsSchema, r);
        if (s) push(R.SilkOpts.create({ layer: Number(keyed(r.id)), color: s.defaultColor ?? '', baseColor: s.baseColor ?? '' }));
        break;
      }
      case 'GROUP': {
        const g = parse(S.PcbGroupSchema, r);
        if (g) push(R.PcbGroup.create({ id: r.id, name: g.groupName ?? '' }));
        break;
      }
      case 'PANELIZE': {
        const p = parse(S.PanelizeSchema, r);
        if (p) push(R.Panelize.create({ on: lock(p.on) === 1, rows: p.row ?? 1, columns: p.column ?? 1, rowSpacing: p.rowSpacing ?? 0, columnSpacing: p.columnSpacing ?? 0,
          onlyOutline: !(p.onlyOutline === false || p.onlyOutline === 0) }));
        break;
      }
      case 'LINE': {
        const l = parse(S.PcbLineSchema, r);
        if (l) push(R.Line.create({ id: r.id, group: group(l), net: l.netName ?? '', layer: l.layerId, x1: l.startX, y1: l.startY, x2: l.endX, y2: l.endY, width: l.width ?? 0, locked: lock(l.locked) === 1 }));
        break;
      }
      case 'ARC': {
        const a = parse(S.PcbArcSchema, r);
        if (a) push(R.PcbArc.create({ id: r.id, group: group(a), net: a.netName ?? '', layer: a.layerId, x1: a.startX, y1: a.startY, x2: a.endX, y2: a.endY,
          sweep: a.angle ?? a.arcAngle ?? 0, width: a.width ?? 0, locked: lock(a.locked) === 1 }));
        break;
      }
      case 'VIA': {
        const v = parse(S.ViaSchema, r);
        if (v) push(R.Via.create({ id: r.id, group: group(v), net: v.netName ?? '', rule: v.ruleName ?? '', x: v.centerX, y: v.centerY, drill: v.holeDiameter,
          diameter: v.viaDiameter, viaType: VIA_TYPE[v.viaType ?? ''] ?? 0, topMaskExpansion: nul(v.topSolderExpansion), bottomMaskExpansion: nul(v.bottomSolderExpansion),
          locked: lock(v.locked) === 1, unusedInnerLayers: v.unusedInnerLayers ?? [] }));
        break;
      }
      case 'PAD': {
        const p = parse(S.PadSchema, r);
        if (!p) break;
        const hole = p.hole ? [p.hole.holeType, p.hole.width ?? 0, p.hole.height ?? 0] : null;
        const special = (p.specialPad ?? []).map((s) => [s.startLayer ?? 0, s.endLayer ?? 0, padShape(s.pad)]);
        push(R.Pad.create({ id: r.id, group: group(p), net: p.netName ?? '', layer: p.layerId, number: p.num, x: p.centerX, y: p.centerY, angle: p.padAngle ?? 0,
          hole, shape: padShape(p.defaultPad), layerShapes: special, holeOffsetX: p.padOffsetX ?? 0, holeOffsetY: p.padOffsetY ?? 0, holeAngle: p.relativeAngle ?? 0,
          plated: !(p.plated === false || p.plated === 0), padType: PAD_FUNC[p.padType ?? ''] ?? 0,
          topMaskExpansion: nul(p.topSolderExpansion), bottomMaskExpansion: nul(p.bottomSolderExpansion), topPasteExpansion: nul(p.topPasteExpansion),
          bottomPasteExpansion: nul(p.bottomPasteExpansion), locked: lock(p.locked) === 1, connectMode: nul(p.connectMode), spokeSpace: nul(p.spokeSpace),
          spokeWidth: nul(p.spokeWidth), spokeAngle: nul(p.spokeAngle), unusedInnerLayers: p.unusedInnerLayers ?? [] }));
        break;
      }
      case 'POLY': {
        const p = parse(S.PcbPolySchema, r);
        if (p) push(R.PcbPoly.create({ id: r.id, group: group(p), net: p.netName ?? '', layer: p.layerId, width: p.width ?? 0, path: p.path, locked: lock(p.locked) === 1 }));
        break;
      }
      case 'FILL': {
        const f = parse(S.PcbFillSchema, r);
        if (f) push(R.Fill.create({ id: r.id, group: group(f), net: f.netName ?? '', layer: f.layerId, width: f.width ?? 0, fillStyle: FILL_STYLE[f.fillStyle ?? ''] ?? 0,
          paths: f.path, locked: lock(f.locked) === 1 }));
        break;
      }
      case 'POUR': {
        const p = parse(S.PourSchema, r);
        if (p) push(R.Pour.create({ id: r.id, group: group(p), net: p.netName ?? '', layer: p.layerId, width: p.width ?? 0, name: p.name ?? '', order: p.order ?? 0,
          paths: p.path, pourType: [p.pourType?.pourType ?? 'SOLID', p.pourType?.fineness ?? 8], keepIsland: lock(p.keepIsland) === 1, locked: lock(p.locked) === 1 }));
        break;
      }
      case 'POURED': {
        const p = parse(S.PouredSchema, r);
        if (!p) break;
        const pourId = String(keyed(r.id));
        p.pourFill.forEach((f, i) =>
          pours.push(R.Poured.create({ id: f.id ?? `${pourId}_${i}`, pourId, f3: f.strokeWidth ?? 0, isPolygon: !(f.fill === false || f.fill === 0), paths: f.path })));
        tally.carry();
        break;
      }
      case 'REGION': {
        const g = parse(S.RegionSchema, r);
        // Prohibit types stay as V3 names (COMPONENT, VIA, TRACK, FILL, COPPER, PLANE): V2's numeric codes are not confirmed.
        if (g) push(R.Region.create({ id: r.id, group: group(g), layer: g.layerId, width: g.width ?? 0, prohibit: g.prohibitType ?? [], paths: g.path, locked: lock(g.locked) === 1, name: nul(g.name) }));
        break;
      }
      case 'STRING': {
        const t = parse(S.PcbStringSchema, r);
        if (t) push(R.PcbString.create({ id: r.id, group: group(t), layer: t.layerId, x: t.x, y: t.y, text: t.text, font: t.fontFamily ?? 'default', height: t.fontSize ?? 40,
          strokeWidth: t.strokeWidth ?? 6, bold: lock(t.bold) === 1, italic: lock(t.italic) === 1, origin: originCode(t.origin), angle: t.angle ?? 0,
          reverse: lock(t.reverse) === 1, expansion: t.expansion ?? 0, mirror: lock(t.mirror) === 1, locked: lock(t.locked) === 1 }));
        break;
      }
      case 'ATTR': {
        const a = parse(S.PcbAttrSchema, r);
        if (a) push(R.PcbAttr.create({ id: r.id, group: group(a), parentId: a.parentId ?? '', layer: a.layerId ?? 3, x: nul(a.x), y: nul(a.y), key: a.key, value: a.value == null ? '' : String(a.value),
          keyVisible: b01(a.keyVisible) === 1, valueVisible: b01(a.valueVisible) === 1, font: a.fontFamily ?? 'default', height: a.fontSize ?? 45,
          strokeWidth: a.strokeWidth ?? 6, bold: lock(a.bold) === 1, italic: lock(a.italic) === 1, origin: originCode(a.origin), angle: a.angle ?? 0,
          reverse: lock(a.reverse) === 1, expansion: a.expansion ?? 0, mirror: lock(a.mirror) === 1, locked: lock(a.locked) === 1 }));
        break;
      }
      case 'COMPONENT': {
        const c = parse(S.PcbComponentSchema, r);
        if (c) push(R.PcbComponent.create({ id: r.id, group: group(c), layer: c.layerId, x: c.x, y: c.y, angle: c.angle ?? 0, attrs: c.attrs ?? {}, locked: lock(c.locked) === 1 }));
        break;
      }
      case 'PAD_NET': {
        const n = parse(S.PadNetSchema, r);
        if (n) push(R.PadNet.create({ componentId: String(keyed(r.id, 1)), padNumber: String(keyed(r.id, 2)), net: n.padNet ?? '', padId: String(keyed(r.id, 3)) }));
        break;
      }
      case 'DIMENSION': {
        const d = parse(S.DimensionSchema, r);
        if (d) push(R.Dimension.create({ id: r.id, dimType: d.type ?? 'LENGTH', layer: d.layerId, unit: d.unit ?? 'mm', strokeWidth: d.strokeWidth ?? 6, precision: d.precision ?? 2,
          textFollow: d.textFollow === 1, coords: d.coords, locked: lock(d.locked) === 1 }));
        // The label: V2 keeps it as an ATTR whose id and parent are the dimension's, key '', value the
        // measured length in 10 mil (STM32G431-mini.epro); V3 nests it as `text` (ESP32-MPU6050.epro2).
        // Part of the same V3 line: not counted again in the report.
        const t = d ? (d as { text?: Record<string, unknown> }).text : undefined;
        if (d && t && typeof t.x === 'number' && typeof t.y === 'number') {
          const c = d.coords, n = (i: number) => (typeof c[i] === 'number' ? c[i] : 0);
          const len = c.length >= 8 ? Math.hypot(n(4) - n(2), n(5) - n(3)) : Math.hypot(n(2) - n(0), n(3) - n(1));
          const tn = (k: string, dflt: number) => (typeof t[k] === 'number' ? (t[k] as number) : dflt);
          out.push(R.PcbAttr.create({ id: r.id, parentId: r.id, layer: tn('layerId', d.layerId), x: t.x, y: t.y, key: '', value: String(Math.round(len * 1e4) / 1e5),
            keyVisible: false, valueVisible: true, font: typeof t.fontFamily === 'string' ? t.fontFamily : 'default', height: tn('fontSize', 100),
            strokeWidth: tn('strokeWidth', d.strokeWidth ?? 6), bold: lock(t.bold) === 1, italic: lock(t.italic) === 1, origin: originCode(t.origin), angle: tn('angle', 0),
            reverse: lock(t.reverse) === 1, expansion: tn('expansion', 0), mirror: lock(t.mirror) === 1, locked: lock(d.locked) === 1 }));
        }
        break;
      }
      case 'IMAGE': {
        const m = parse(S.PcbImageSchema, r);
        if (m) push(R.PcbImage.create({ id: r.id, group: group(m), layer: m.layerId, x: m.startX, y: m.startY, width: m.width ?? 0, height: m.height ?? 0, angle: m.angle ?? 0,
          mirror: lock(m.mirror) === 1, paths: m.path, locked: lock(m.locked) === 1 }));
        break;
      }
      case 'RULE':
      case 'RULE_SELECTOR': {
        const v = r.type === 'RULE' ? convertRule(r.id, b as Record<string, unknown>, safe) : convertRuleSelector(r.id, b as Record<string, unknown>, poursOf);
        if (typeof v === 'string') tally.skip(`${dt} ${r.type}`, v);
        else if (r.type === 'RULE') push(v as V2Record);
        else {
          // one V3 selector may become several V2 ones (see convertRuleSelector): one record carried
          out.push(...(v as V2Record[]));
          tally.carry();
        }
        break;
      }
      case 'TEARDROP': {
        const t = parse(S.TeardropSchema, r);
        if (t) push(R.Teardrop.create({ id: r.id, net: t.netName ?? '', layer: t.layerId, path: t.path, locked: lock(t.locked) === 1 }));
        break;
      }
      default:
        tally.skip(`${dt} ${r.type}`, NOT_CARRIED[r.type] ?? 'no converter for this record type');
    }
  }
  out.push(...pours);
  if (canvas) {
    // V2 boards write CANVAS right after HEAD; footprints write it last.
    if (kind === 'PCB') out.splice(2, 0, canvas);
    else out.push(canvas);
  }
  return out;
}
