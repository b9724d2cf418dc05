/**
 * KiCad library symbols -> Copperplate SYMBOL documents (0.01 inch, Y up), through the typed record
 * modules. Units become PARTs `title.N`; the alternate body style (De Morgan) becomes PARTs
 * `title.N.alt`. Pins carry NAME, NUMBER and `Pin Type` ATTRs; fields become ATTRs with their
 * visibility. Power symbols become net flags (symbolType 18).
 */
import { DocType } from '@copperplate/model';
import type { SymbolData } from '@copperplate/format';
import {
  DocType as DocTypeRec, FontStyle, Head, LineStyle, Part, Pin, SchArc, SchAttr, SchBezier, SchCircle, SchPoly, SchRect, SchText,
} from '@copperplate/format/records';
import type { SGraphic, SLibSymbol, SPin } from './sch-read.ts';
import { IdSeq, uuidOf } from './ids.ts';
import type { Report } from './report.ts';
import { r4 } from './units.ts';

export type Rec = unknown[];
const lines = (recs: Rec[]): string => recs.map((r) => JSON.stringify(r)).join('\n') + '\n';

export const SYMBOL_TYPE = { NORMAL: 2, NET_FLAG: 18, NET_PORT: 19, BLOCK: 17 } as const;

const PIN_TYPES: Record<string, string> = {
  input: 'IN', output: 'OUT', bidirectional: 'BI', tri_state: 'BI', passive: 'PASSIVE', power_in: 'POWER', power_out: 'POWER',
  open_collector: 'OPEN COLLECTOR', open_emitter: 'OPEN EMITTER', unspecified: 'Undefined', free: 'Undefined', no_connect: 'Undefined',
};
/** Pin shape bits: 1 inverted (dot), 2 clock. */
const PIN_SHAPES: Record<string, number> = { line: 0, inverted: 1, clock: 2, inverted_clock: 3 };

/** Shared styles of every schematic/symbol document we write: st1 text, st2 line, st3 filled. */
export function styleRecords(): Rec[] {
  return [
    FontStyle.create({ id: 'st1', color: null, fillColor: null, font: null, size: null, italic: null, bold: null, underline: null, strike: null, vAlign: null, hAlign: null }),
    LineStyle.create({ id: 'st2', color: null, dash: null, fill: null, width: null }),
    LineStyle.create({ id: 'st3', color: null, dash: null, fill: '#ffffc2', width: null }),
  ];
}

export function graphicRecord(g: SGraphic, ids: IdSeq, dx = 0, dy = 0): Rec {
  const style = 'fill' in g && g.fill ? 'st3' : 'st2';
  switch (g.kind) {
    case 'poly':
      return SchPoly.create({ id: ids.next(), points: g.pts.map((v, i) => r4(v + (i % 2 ? dy : dx))), closed: g.closed, lineStyleId: style, locked: false });
    case 'rect':
      return SchRect.create({ id: ids.next(), x1: g.x1 + dx, y1: g.y1 + dy, x2: g.x2 + dx, y2: g.y2 + dy, rx: 0, ry: 0, rotation: 0, lineStyleId: style, locked: false });
    case 'circle':
      return SchCircle.create({ id: ids.next(), cx: g.cx + dx, cy: g.cy + dy, r: g.r, lineStyleId: style, locked: false });
    case 'arc':
      return SchArc.create({ id: ids.next(), x1: g.x1 + dx, y1: g.y1 + dy, xMid: r4(g.xm + dx), yMid: r4(g.ym + dy), x2: g.x2 + dx, y2: g.y2 + dy, lineStyleId: style, locked: false });
    case 'bezier':
      return SchBezier.create({ id: ids.next(), controls: g.pts.map((v, i) => r4(v + (i % 2 ? dy : dx))), lineStyleId: style, locked: false });
    case 'text':
      return SchText.create({ id: ids.next(), x: g.x + dx, y: g.y + dy, rotation: g.rot, text: g.text, fontStyleId: 'st1', locked: false });
  }
}

export function pinRecords(p: SPin, ids: IdSeq, numbersHidden: boolean, namesHidden: boolean, report: Report, where: string): Rec[] {
  const id = ids.next();
  if (!(p.type in PIN_TYPES)) report.add('Symbol', `pin type ${p.type}`, where);
  if (!(p.shape in PIN_SHAPES)) report.add('Symbol', `pin shape ${p.shape} (drawn as a line)`, where);
  if (p.alternates.length) report.add('Symbol', 'alternate pin functions', where);
  const attr = (key: string, value: string, visible: boolean) =>
    SchAttr.create({ id: ids.next(), parentId: id, key, value, keyVisible: false, valueVisible: visible, x: null, y: null, rotation: 0, fontStyleId: 'st1', locked: false });
  return [
    Pin.create({ id, display: !p.hidden, pinType: null, x: p.x, y: p.y, length: p.length, rotation: p.rot, color: null, shape: PIN_SHAPES[p.shape] ?? 0, locked: false }),
    attr('NAME', p.name === '~' ? '' : p.name, !namesHidden && p.name !== '~'),
    attr('NUMBER', p.number, !numbersHidden),
    attr('Pin Type', PIN_TYPES[p.type] ?? 'Undefined', false),
  ];
}

function bbox(recs: { x: number; y: number }[]): number[] {
  if (!recs.length) return [-10, 10, 10, -10];
  let x1 = Infinity, y1 = -Infinity, x2 = -Infinity, y2 = Infinity;
  for (const p of recs) { x1 = Math.min(x1, p.x); x2 = Math.max(x2, p.x); y1 = Math.max(y1, p.y); y2 = Math.min(y2, p.y); }
  return [r4(x1), r4(y1), r4(x2), r4(y2)];
}

export interface SymbolDoc { data: SymbolData; title: string; type: number; partNames: Map<string, string>; pins: Map<string, { pin: SPin; id: string }[]> }

/** Part name of unit `unit`, body style `style` (1 normal, 2 alternate). */
export function partKey(unit: number, style: number): string {
  return `${unit}/${style}`;
}

/** A SYMBOL document of a KiCad library symbol. `key` makes its uuid. */
export function symbolDocument(s: SLibSymbol, key: string, report: Report): SymbolDoc {
  const title = s.name.includes(':') ? s.name.slice(s.name.indexOf(':') + 1) : s.name;
  const type = s.power ? SYMBOL_TYPE.NET_FLAG : SYMBOL_TYPE.NORMAL;
  const ids = new IdSeq();
  const f = (k: string) => s.fields.find((x) => x.key === k);
  const units = Math.max(1, ...s.parts.map((p) => p.unit));
  const styles = s.parts.some((p) => p.style === 2) ? [1, 2] : [1];
  const recs: Rec[] = [DocTypeRec.create({ docType: 'SYMBOL', version: '1.1' }), Head.create({ props: { symbolType: type, originX: 0, originY: 0, version: '1.1', importedFrom: 'kicad' } }), ...styleRecords()];
  const partNames = new Map<string, string>();
  const pins = new Map<string, { pin: SPin; id: string }[]>();
  for (let u = 1; u <= units; u++) {
    for (const st of styles) {
      const name = st === 1 ? `${title}.${u}` : `${title}.${u}.alt`;
      partNames.set(partKey(u, st), name);
      const parts = s.parts.filter((p) => (p.unit === u || p.unit === 0) && (p.style === st || p.style === 0));
      const ps = parts.flatMap((p) => p.pins);
      const placed: { pin: SPin; id: string }[] = [];
      pins.set(partKey(u, st), placed);
      const body: Rec[] = [];
      const pts: { x: number; y: number }[] = ps.map((p) => ({ x: p.x, y: p.y }));
      for (const p of parts) for (const g of p.graphics) {
        body.push(graphicRecord(g, ids));
        if (g.kind === 'rect') pts.push({ x: g.x1, y: g.y1 }, { x: g.x2, y: g.y2 });
        else if (g.kind === 'poly') for (let i = 0; i < g.pts.length; i += 2) pts.push({ x: g.pts[i], y: g.pts[i + 1] });
        else if (g.kind === 'circle') pts.push({ x: g.cx - g.r, y: g.cy - g.r }, { x: g.cx + g.r, y: g.cy + g.r });
      }
      recs.push(Part.create({ name, props: { BBOX: bbox(pts) } }));
      if (u === 1 && st === 1) {
        const a = (key: string, value: string, visible: boolean) =>
          recs.push(SchAttr.create({ id: ids.next(), parentId: '', key, value, keyVisible: false, valueVisible: visible, x: null, y: null, rotation: 0, fontStyleId: 'st1', locked: false }));
        a('Symbol', title, false);
        a('Designator', (f('Reference')?.value ?? 'U').replace(/\?$/, '') + '?', !(f('Reference')?.hidden ?? false));
        for (const fl of s.fields) if (fl.key !== 'Reference') a(fl.key === 'Value' ? 'Name' : fl.key, fl.value, !fl.hidden);
        if (s.power) a('Global Net Name', f('Value')?.value ?? title, true);
      }
      recs.push(...body);
      for (const p of ps) {
        const pr = pinRecords(p, ids, s.pinNumbersHidden, s.pinNamesHidden, report, title);
        placed.push({ pin: p, id: Pin.get(pr[0], 'id') });
        recs.push(...pr);
      }
    }
  }
  const uuid = uuidOf(`${key}/symbol/${s.name}`);
  return {
    title, type, partNames, pins,
    data: {
      uuid, title, display_title: title, docType: s.power ? DocType.NETFLAG : DocType.PART, source: '', version: '1', description: f('Description')?.value ?? f('ki_description')?.value ?? '',
      tags: { parent_tag: [], child_tag: [] }, custom_tags: '[]', dataStr: lines(recs),
    } as SymbolData,
  };
}

/**
 * The symbol of a net port (hierarchical or global label) or of a block (sheet symbol): generated,
 * since KiCad draws these itself. A net port has one pin at its origin.
 */
export function portSymbol(key: string, title: string): SymbolData {
  const ids = new IdSeq();
  const pin: SPin = { type: 'bidirectional', shape: 'line', x: 0, y: 0, rot: 0, length: 0, name: title, number: '1', hidden: true, alternates: [] };
  const recs: Rec[] = [
    DocTypeRec.create({ docType: 'SYMBOL', version: '1.1' }), Head.create({ props: { symbolType: SYMBOL_TYPE.NET_PORT, originX: 0, originY: 0, version: '1.1' } }), ...styleRecords(),
    Part.create({ name: `${title}.1`, props: { BBOX: [0, 5, 40, -5] } }),
    SchAttr.create({ id: ids.next(), parentId: '', key: 'Symbol', value: title, keyVisible: false, valueVisible: false, x: null, y: null, rotation: 0, fontStyleId: 'st1', locked: false }),
    SchPoly.create({ id: ids.next(), points: [0, 0, 5, 5, 40, 5, 40, -5, 5, -5, 0, 0], closed: true, lineStyleId: 'st2', locked: false }),
    ...pinRecords(pin, ids, true, true, { add() {} } as unknown as Report, title),
  ];
  return {
    uuid: uuidOf(`${key}/symbol/${title}`), title, display_title: title, docType: DocType.NETPORT, source: '', version: '1', description: '',
    tags: { parent_tag: [], child_tag: [] }, custom_tags: '[]', dataStr: lines(recs),
  } as SymbolData;
}

/**
 * A generated symbol for a footprint that no schematic symbol stands for (a board imported alone):
 * a box with one pin per pad number, half on the left, half on the right (pitch 10, pins 10 long).
 */
export function generatedSymbol(key: string, title: string, padNumbers: string[], reference: string): SymbolData {
  const ids = new IdSeq();
  const left = padNumbers.slice(0, Math.ceil(padNumbers.length / 2)), right = padNumbers.slice(left.length);
  const rows = Math.max(left.length, right.length, 1);
  const top = Math.ceil((rows + 1) / 2) * 10, bottom = top - (rows + 1) * 10;
  const half = 30;
  const recs: Rec[] = [
    DocTypeRec.create({ docType: 'SYMBOL', version: '1.1' }), Head.create({ props: { symbolType: SYMBOL_TYPE.NORMAL, originX: 0, originY: 0, version: '1.1', importedFrom: 'kicad' } }), ...styleRecords(),
    Part.create({ name: `${title}.1`, props: { BBOX: [-half - 10, top, half + 10, bottom] } }),
    SchAttr.create({ id: ids.next(), parentId: '', key: 'Symbol', value: title, keyVisible: false, valueVisible: false, x: null, y: null, rotation: 0, fontStyleId: 'st1', locked: false }),
    SchAttr.create({ id: ids.next(), parentId: '', key: 'Designator', value: (reference.match(/^[A-Za-z_#]+/)?.[0] ?? 'U') + '?', keyVisible: false, valueVisible: true, x: null, y: null, rotation: 0, fontStyleId: 'st1', locked: false }),
    SchRect.create({ id: ids.next(), x1: -half, y1: top, x2: half, y2: bottom, rx: 0, ry: 0, rotation: 0, lineStyleId: 'st2', locked: false }),
  ];
  const nop = { add() {} } as unknown as Report;
  left.forEach((n, i) => recs.push(...pinRecords({ type: 'passive', shape: 'line', x: -half - 10, y: top - 10 * (i + 1), rot: 0, length: 10, name: n, number: n, hidden: false, alternates: [] }, ids, false, true, nop, title)));
  right.forEach((n, i) => recs.push(...pinRecords({ type: 'passive', shape: 'line', x: half + 10, y: top - 10 * (i + 1), rot: 180, length: 10, name: n, number: n, hidden: false, alternates: [] }, ids, false, true, nop, title)));
  return {
    uuid: uuidOf(`${key}/generated-symbol`), title, display_title: title, docType: DocType.PART, source: '', version: '1', description: 'generated for a KiCad footprint without a schematic symbol',
    tags: { parent_tag: [], child_tag: [] }, custom_tags: '[]', dataStr: lines(recs),
  } as SymbolData;
}
