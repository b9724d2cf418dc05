/**
 * .kicad_sch (KiCad 6 to 9) and .kicad_sym -> the KiCad schematic model, already in Copperplate's
 * schematic units: 0.01 inch, Y up, angles in degrees counter-clockwise.
 * Schematic coordinates are Y down in KiCad (negated here); symbol library coordinates are already
 * Y up in KiCad (kept).
 */
import { child, children, flag, isList, lists, num, numOf, points, readSexpr, str, val, type SList } from './sexpr.ts';
import { arcSweep, normAngle, sch, schY } from './units.ts';

export interface SField { key: string; value: string; x: number | null; y: number | null; rot: number; hidden: boolean; size: number }

export type SGraphic =
  | { kind: 'poly'; pts: number[]; closed: boolean; fill: boolean; width: number }
  | { kind: 'rect'; x1: number; y1: number; x2: number; y2: number; fill: boolean; width: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: boolean; width: number }
  | { kind: 'arc'; x1: number; y1: number; xm: number; ym: number; x2: number; y2: number; width: number }
  | { kind: 'bezier'; pts: number[]; width: number }
  | { kind: 'text'; x: number; y: number; rot: number; text: string; size: number };

export interface SPin {
  /** KiCad electrical type (input, output, passive, power_in, ...) and graphic shape (line, inverted, clock, ...). */
  type: string;
  shape: string;
  /** Connection point (symbol frame), direction, length. */
  x: number;
  y: number;
  rot: number;
  length: number;
  name: string;
  number: string;
  hidden: boolean;
  alternates: string[];
}

export interface SUnitStyle { unit: number; style: number; graphics: SGraphic[]; pins: SPin[] }

export interface SLibSymbol {
  /** lib_id as used by placed symbols ("lib:name"), or the name in a .kicad_sym. */
  name: string;
  extends: string;
  power: boolean;
  pinNumbersHidden: boolean;
  pinNamesHidden: boolean;
  fields: SField[];
  /** unit 0 = common to every unit; style 0 = common to both body styles. */
  parts: SUnitStyle[];
}

export interface SPlaced {
  libId: string;
  x: number;
  y: number;
  rot: number;
  mirror: '' | 'x' | 'y';
  unit: number;
  style: number;
  uuid: string;
  fields: SField[];
  reference: string;
  value: string;
  inBom: boolean;
  onBoard: boolean;
  dnp: boolean;
}

export interface SLabel { kind: 'label' | 'global_label' | 'hierarchical_label'; text: string; x: number; y: number; rot: number; shape: string }

export interface SSheetPin { name: string; type: string; x: number; y: number; rot: number }
export interface SSheet { x: number; y: number; w: number; h: number; name: string; file: string; uuid: string; pins: SSheetPin[] }

export interface SSchematic {
  version: number;
  uuid: string;
  paper: string;
  title: string;
  libSymbols: SLibSymbol[];
  symbols: SPlaced[];
  wires: number[][];
  buses: number[][];
  busEntries: number[][];
  junctions: [number, number][];
  noConnects: [number, number][];
  labels: SLabel[];
  texts: { x: number; y: number; rot: number; text: string; size: number }[];
  graphics: SGraphic[];
  sheets: SSheet[];
  /** KiCad 6 root `symbol_instances` (path -> reference/unit) */
  instances: Map<string, { reference: string; unit: number }>;
  dropped: string[];
}

type Pt = (x: number, y: number) => [number, number];
const SCH_PT: Pt = (x, y) => [sch(x), schY(y)];
const LIB_PT: Pt = (x, y) => [sch(x), sch(y)];

function readFields(l: SList, pt: Pt): SField[] {
  return children(l, 'property').map((p) => {
    const at = child(p, 'at');
    const eff = child(p, 'effects');
    const [x, y] = at ? pt(num(at, 1), num(at, 2)) : [null, null];
    return {
      key: str(p, 1), value: str(p, 2), x, y, rot: normAngle(num(at, 3)),
      hidden: flag(p, 'hide') || flag(eff, 'hide'), size: sch(num(child(child(eff, 'font'), 'size'), 1, 1.27)),
    };
  });
}

function strokeW(l: SList): number {
  return sch(num(child(child(l, 'stroke'), 'width'), 1));
}
function filled(l: SList): boolean {
  const t = val(child(l, 'fill'), 'type');
  return t === 'outline' || t === 'background' || t === 'color';
}

function readGraphic(l: SList, pt: Pt): SGraphic | undefined {
  const P = (k: string) => { const c = child(l, k); return pt(num(c, 1), num(c, 2)); };
  switch (l[0]) {
    case 'polyline': {
      const raw = points(child(l, 'pts'));
      const pts: number[] = [];
      for (let i = 0; i < raw.length; i += 2) pts.push(...pt(raw[i], raw[i + 1]));
      const closed = pts.length > 4 && pts[0] === pts[pts.length - 2] && pts[1] === pts[pts.length - 1];
      return { kind: 'poly', pts, closed, fill: filled(l), width: strokeW(l) };
    }
    case 'bezier': {
      const raw = points(child(l, 'pts'));
      const pts: number[] = [];
      for (let i = 0; i < raw.length; i += 2) pts.push(...pt(raw[i], raw[i + 1]));
      return { kind: 'bezier', pts, width: strokeW(l) };
    }
    case 'rectangle': {
      const [x1, y1] = P('start'), [x2, y2] = P('end');
      return { kind: 'rect', x1, y1, x2, y2, fill: filled(l), width: strokeW(l) };
    }
    case 'circle': {
      const [cx, cy] = P('center');
      return { kind: 'circle', cx, cy, r: sch(numOf(l, 'radius')), fill: filled(l), width: strokeW(l) };
    }
    case 'arc': {
      const [x1, y1] = P('start'), [x2, y2] = P('end');
      let [xm, ym] = child(l, 'mid') ? P('mid') : [x1, y1];
      if (!child(l, 'mid')) {
        // KiCad 5 style (radius (at) (length) (angles)): take the arc through start/end around the centre.
        const c = child(child(l, 'radius'), 'at');
        const [cx, cy] = pt(num(c, 1), num(c, 2));
        const a = Math.atan2((y1 + y2) / 2 - cy, (x1 + x2) / 2 - cx), r = Math.hypot(x1 - cx, y1 - cy);
        [xm, ym] = [cx + r * Math.cos(a), cy + r * Math.sin(a)];
      }
      return { kind: 'arc', x1, y1, xm, ym, x2, y2, width: strokeW(l) };
    }
    case 'text': {
      const at = child(l, 'at');
      const [x, y] = pt(num(at, 1), num(at, 2));
      return { kind: 'text', x, y, rot: normAngle(num(at, 3) / (pt === LIB_PT && num(at, 3) > 360 ? 10 : 1)), text: str(l, 1), size: sch(num(child(child(child(l, 'effects'), 'font'), 'size'), 1, 1.27)) };
    }
    default:
      return undefined;
  }
}

function readPin(p: SList): SPin {
  const at = child(p, 'at');
  const [x, y] = LIB_PT(num(at, 1), num(at, 2));
  return {
    type: str(p, 1), shape: str(p, 2), x, y, rot: normAngle(num(at, 3)), length: sch(numOf(p, 'length')),
    name: str(child(p, 'name'), 1), number: str(child(p, 'number'), 1), hidden: flag(p, 'hide'),
    alternates: children(p, 'alternate').map((a) => str(a, 1)),
  };
}

export function readLibSymbol(l: SList): SLibSymbol {
  const name = str(l, 1);
  const parts: SUnitStyle[] = [];
  const base = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
  for (const u of children(l, 'symbol')) {
    const m = /_(\d+)_(\d+)$/.exec(str(u, 1));
    const unit = m ? Number(m[1]) : 0, style = m ? Number(m[2]) : 0;
    const part: SUnitStyle = { unit, style, graphics: [], pins: [] };
    for (const g of lists(u)) {
      if (g[0] === 'pin') part.pins.push(readPin(g));
      else { const gr = readGraphic(g, LIB_PT); if (gr) part.graphics.push(gr); }
    }
    parts.push(part);
  }
  void base;
  return {
    name, extends: val(l, 'extends'), power: flag(l, 'power'),
    pinNumbersHidden: flag(child(l, 'pin_numbers'), 'hide'), pinNamesHidden: flag(child(l, 'pin_names'), 'hide'),
    fields: readFields(l, LIB_PT), parts,
  };
}

function readPlaced(l: SList): SPlaced {
  const at = child(l, 'at');
  const [x, y] = SCH_PT(num(at, 1), num(at, 2));
  const fields = readFields(l, SCH_PT);
  const f = (k: string) => fields.find((x) => x.key === k)?.value ?? '';
  const mirror = val(l, 'mirror') as '' | 'x' | 'y';
  // KiCad 7+: (instances (project "p" (path "/.." (reference "R1") (unit 1))))
  let reference = f('Reference');
  const inst = child(child(child(l, 'instances'), 'project'), 'path');
  if (inst && val(inst, 'reference')) reference = val(inst, 'reference');
  return {
    libId: val(l, 'lib_name') || val(l, 'lib_id'), x, y, rot: normAngle(num(at, 3)), mirror,
    unit: numOf(l, 'unit', 1), style: numOf(l, 'convert', numOf(l, 'body_style', 1)), uuid: val(l, 'uuid'),
    fields, reference, value: f('Value'),
    inBom: val(l, 'in_bom', 'yes') === 'yes', onBoard: val(l, 'on_board', 'yes') === 'yes', dnp: val(l, 'dnp', 'no') === 'yes',
  };
}

function pathPts(l: SList): number[] {
  const raw = points(child(l, 'pts'));
  const out: number[] = [];
  for (let i = 0; i < raw.length; i += 2) out.push(...SCH_PT(raw[i], raw[i + 1]));
  return out;
}

export function readSchematicTree(root: SList): SSchematic {
  const s: SSchematic = {
    version: numOf(root, 'version'), uuid: val(root, 'uuid'), paper: val(root, 'paper', 'A4'), title: val(child(root, 'title_block'), 'title'),
    libSymbols: children(child(root, 'lib_symbols'), 'symbol').map(readLibSymbol),
    symbols: [], wires: [], buses: [], busEntries: [], junctions: [], noConnects: [], labels: [], texts: [], graphics: [], sheets: [],
    instances: new Map(), dropped: [],
  };
  for (const p of children(child(root, 'symbol_instances'), 'path')) s.instances.set(str(p, 1), { reference: val(p, 'reference'), unit: numOf(p, 'unit', 1) });
  for (let i = 1; i < root.length; i++) {
    const c = root[i];
    if (!isList(c)) continue;
    const at = child(c, 'at');
    const P = (): [number, number] => SCH_PT(num(at, 1), num(at, 2));
    switch (c[0]) {
      case 'symbol': s.symbols.push(readPlaced(c)); break;
      case 'wire': s.wires.push(pathPts(c)); break;
      case 'bus': s.buses.push(pathPts(c)); break;
      case 'bus_entry': {
        const [x, y] = P();
        const size = child(c, 'size');
        s.busEntries.push([x, y, x + sch(num(size, 1)), y - sch(num(size, 2))]);
        break;
      }
      case 'junction': s.junctions.push(P()); break;
      case 'no_connect': s.noConnects.push(P()); break;
      case 'label': case 'global_label': case 'hierarchical_label': {
        const [x, y] = P();
        s.labels.push({ kind: c[0], text: str(c, 1), x, y, rot: normAngle(num(at, 3)), shape: val(c, 'shape') });
        break;
      }
      case 'text': {
        const [x, y] = P();
        s.texts.push({ x, y, rot: normAngle(num(at, 3)), text: str(c, 1), size: sch(num(child(child(child(c, 'effects'), 'font'), 'size'), 1, 1.27)) });
        break;
      }
      case 'polyline': case 'rectangle': case 'circle': case 'arc': case 'bezier': {
        const g = readGraphic(c, SCH_PT);
        if (g) s.graphics.push(g);
        break;
      }
      case 'sheet': {
        const [x, y] = P();
        const size = child(c, 'size');
        const fields = readFields(c, SCH_PT);
        const f = (...ks: string[]) => fields.find((x) => ks.includes(x.key))?.value ?? '';
        s.sheets.push({
          x, y, w: sch(num(size, 1)), h: sch(num(size, 2)), name: f('Sheet name', 'Sheetname'), file: f('Sheet file', 'Sheetfile'), uuid: val(c, 'uuid'),
          pins: children(c, 'pin').map((p) => {
            const a = child(p, 'at');
            const [px, py] = SCH_PT(num(a, 1), num(a, 2));
            return { name: str(p, 1), type: str(p, 2), x: px, y: py, rot: normAngle(num(a, 3)) };
          }),
        });
        break;
      }
      case 'image': case 'text_box': case 'netclass_flag': case 'directive_label': case 'table': case 'rule_area':
        s.dropped.push(String(c[0]));
        break;
      // read above or settings: anything else is reported by its keyword, never lost silently
      case 'version': case 'generator': case 'generator_version': case 'uuid': case 'paper': case 'page': case 'title_block': case 'lib_symbols':
      case 'symbol_instances': case 'sheet_instances': case 'bus_alias': case 'embedded_fonts': case 'embedded_files':
        break;
      default:
        s.dropped.push(`item ${String(c[0])}`);
    }
  }
  return s;
}

export function readKicadSch(text: string, file = 'schematic.kicad_sch'): SSchematic {
  return readSchematicTree(readSexpr(text, ['kicad_sch'], 'schematic', { file }));
}

/** A .kicad_sym library: its symbols, `extends` resolved (the child takes the parent's units). */
export function readKicadSym(text: string, file = 'library.kicad_sym'): SLibSymbol[] {
  const root = readSexpr(text, ['kicad_symbol_lib'], 'symbol library', { file });
  const syms = children(root, 'symbol').map(readLibSymbol);
  const byName = new Map(syms.map((s) => [s.name, s]));
  for (const s of syms) {
    let parent = s.extends ? byName.get(s.extends) : undefined;
    for (let guard = 0; parent && guard < 16; guard++) {
      if (s.parts.length === 0) s.parts = parent.parts;
      for (const f of parent.fields) if (!s.fields.some((x) => x.key === f.key)) s.fields.push(f);
      s.power ||= parent.power;
      parent = parent.extends ? byName.get(parent.extends) : undefined;
    }
  }
  return syms;
}

export { arcSweep };
