/**
 * Circuits with known answers drawn as real schematics (symbols with pins, components placed with
 * the schematic editor, wires with net labels), saved as .epro: the inputs of the SPICE tests and
 * bench. Pin names follow real parts: the diode's pin 1 is K, the BJT is SOT-23 (1 B, 2 E, 3 C), the
 * op-amp is one unit of an LM358 (3 +, 2 -, 8 V+, 4 V-, 1 OUT).
 */
import { writeEpro } from '@copperplate/format';
import { EditorDocument, SchematicEditor, componentPins, createSheetSymbol, openDocument, serializeDocument, type SchContext } from '@copperplate/editor';

interface PinSpec { number: string; name: string; x: number; y: number }

function symbolText(pins: PinSpec[], type = 2): string {
  const lines = ['["DOCTYPE","SYMBOL","1.1"]', `["HEAD",{"originX":0,"originY":0,"symbolType":${type}}]`, '["PART","P.1",{"BBOX":[-20,20,20,-20]}]', '["RECT","e1",-10,10,10,-10,0,0,0,null,0]'];
  let id = 2;
  for (const p of pins) {
    const pid = `e${id++}`;
    lines.push(`["PIN","${pid}",1,null,${p.x},${p.y},10,${p.x < 0 ? 0 : 180},null,0,0]`);
    lines.push(`["ATTR","e${id++}","${pid}","NAME",${JSON.stringify(p.name)},false,true,null,null,0,null,0]`);
    lines.push(`["ATTR","e${id++}","${pid}","NUMBER",${JSON.stringify(p.number)},false,true,null,null,0,null,0]`);
  }
  if (type === 18) lines.push(`["ATTR","e${id++}","","Global Net Name","GND",false,true,null,null,0,null,0]`);
  return lines.join('\n');
}

const PIN_TABLE: Record<string, { title: string; type: number; pins: PinSpec[] }> = {
  two: { title: 'TwoPin', type: 2, pins: [{ number: '1', name: '', x: -20, y: 0 }, { number: '2', name: '', x: 20, y: 0 }] },
  source: { title: 'Source', type: 2, pins: [{ number: '1', name: '+', x: -20, y: 0 }, { number: '2', name: '-', x: 20, y: 0 }] },
  diode: { title: 'Diode', type: 2, pins: [{ number: '1', name: 'K', x: 20, y: 0 }, { number: '2', name: 'A', x: -20, y: 0 }] },
  npn: { title: 'NPN-SOT23', type: 2, pins: [{ number: '1', name: 'B', x: -20, y: 0 }, { number: '2', name: 'E', x: 20, y: -10 }, { number: '3', name: 'C', x: 20, y: 10 }] },
  opamp: { title: 'LM358-unit', type: 2, pins: [{ number: '3', name: '+', x: -20, y: 10 }, { number: '2', name: '-', x: -20, y: -10 }, { number: '8', name: 'V+', x: -20, y: 0 }, { number: '4', name: 'V-', x: 20, y: -10 }, { number: '1', name: 'OUT', x: 20, y: 10 }] },
  gnd: { title: 'GND', type: 18, pins: [{ number: '1', name: 'GND', x: 0, y: 10 }] },
  port: { title: 'NetPort', type: 19, pins: [{ number: '1', name: '', x: 0, y: 10 }] },
};

export const SYMBOLS: Record<string, { title: string; type: number; text: string }> = Object.fromEntries(
  Object.entries(PIN_TABLE).map(([k, v]) => [k, { title: v.title, type: v.type, text: symbolText(v.pins, v.type) }]),
);

export interface PartSpec { sym: keyof typeof SYMBOLS; designator: string; value?: string; attrs?: Record<string, string>; nets: Record<string, string> }
export interface CircuitSpec { name: string; parts: PartSpec[]; directives?: string[] }

export function schContext(): SchContext {
  const symbols = new Map();
  for (const [uuid, s] of Object.entries(SYMBOLS)) symbols.set(uuid, { uuid, title: s.title, type: s.type, doc: openDocument(s.text) });
  return { symbols, devices: {} };
}

/** Draws the circuit on one sheet: parts in a row, a labelled wire stub on each pin (nets join by label). */
export function drawSheet(spec: CircuitSpec, ctx = schContext()): EditorDocument {
  const doc = EditorDocument.empty('SCH', '1.1');
  const ed = new SchematicEditor(doc, { ctx });
  spec.parts.forEach((p, i) => {
    const x = (i % 50) * 100, y = Math.floor(i / 50) * 100;
    const c = ed.placeComponent(p.sym, '', x, y);
    ed.setAttribute(c, 'Designator', p.designator);
    if (p.value !== undefined) ed.setAttribute(c, 'Value', p.value);
    for (const [k, v] of Object.entries(p.attrs ?? {})) ed.setAttribute(c, k, v);
    for (const pin of componentPins(doc, c, ctx)) {
      const net = p.nets[pin.number];
      if (!net) continue;
      const w = ed.addWire([{ x: pin.x, y: pin.y }, { x: pin.x, y: pin.y + 5 }]);
      ed.setNetLabel(w, net, { x: pin.x, y: pin.y + 5 });
    }
  });
  (spec.directives ?? []).forEach((d, i) => ed.addText(0, -100 - 20 * i, d));
  return doc;
}

/**
 * The same sheet written in one commit (records added directly, pins placed from the symbols' pin
 * table): for big schematics (the bench's 5,000 parts), where a commit per edit is slow.
 */
export function drawSheetFast(spec: CircuitSpec): EditorDocument {
  const doc = EditorDocument.empty('SCH', '1.1');
  doc.commit('Draw', (tx) => {
    spec.parts.forEach((p, i) => {
      const x = (i % 50) * 100, y = Math.floor(i / 50) * 100;
      const c = tx.add(['COMPONENT', tx.newId(), 'P.1', x, y, 0, 0, {}, 0]);
      const attr = (parent: string, k: string, v: string) => tx.add(['ATTR', tx.newId(), parent, k, v, 0, 0, null, null, 0, null, 0]);
      attr(c, 'Symbol', p.sym);
      attr(c, 'Designator', p.designator);
      if (p.value !== undefined) attr(c, 'Value', p.value);
      for (const [k, v] of Object.entries(p.attrs ?? {})) attr(c, k, v);
      for (const pin of PIN_TABLE[p.sym].pins) {
        const net = p.nets[pin.number];
        if (!net) continue;
        const w = tx.add(['WIRE', tx.newId(), [[x + pin.x, y + pin.y, x + pin.x, y + pin.y + 5]], null, 0]);
        tx.add(['ATTR', tx.newId(), w, 'NET', net, 0, 1, x + pin.x, y + pin.y + 5, 0, null, 0]);
      }
    });
    (spec.directives ?? []).forEach((d, i) => tx.add(['TEXT', tx.newId(), 0, -100 - 20 * i, 0, d, null, 0]));
  });
  return doc;
}

/** Sheets of a schematic in a test project. */
export interface SchematicSpec { uuid: string; name: string; sheets: Array<{ id: number; name: string; doc: EditorDocument }> }

/**
 * A project of schematics: the test symbols plus `symbols` (uuid -> SYMBOL document, e.g. block
 * symbols) and `files` (more archive entries: BLOB/<hash>.eblob model files...).
 */
export function projectEpro(schematics: SchematicSpec[], opts: { symbols?: Map<string, EditorDocument>; files?: Record<string, string> } = {}): Uint8Array {
  const entries = new Map<string, string>();
  for (const [uuid, s] of Object.entries(SYMBOLS)) entries.set(`SYMBOL/${uuid}.esym`, s.text);
  for (const [uuid, doc] of opts.symbols ?? []) entries.set(`SYMBOL/${uuid}.esym`, serializeDocument(doc));
  for (const s of schematics) for (const sh of s.sheets) entries.set(`SHEET/${s.uuid}/${sh.id}.esch`, serializeDocument(sh.doc));
  for (const [k, v] of Object.entries(opts.files ?? {})) entries.set(k, v);
  let n = 0;
  const projectJson = {
    boards: {},
    schematics: Object.fromEntries(schematics.map((s) => [s.uuid, { name: s.name, sheets: s.sheets.map((sh) => ({ name: sh.name, id: sh.id, uuid: `5b1ce7c0ffee4c0ffee${String(++n).padStart(13, '0')}` })) }])),
    symbols: {
      ...Object.fromEntries(Object.entries(SYMBOLS).map(([uuid, s]) => [uuid, { title: s.title, type: s.type }])),
      ...Object.fromEntries([...(opts.symbols ?? [])].map(([uuid]) => [uuid, { title: uuid, type: 17 }])),
    },
  };
  return writeEpro({ projectJson, entries });
}

/** The circuit as an .epro project: schematic `spec.name`, sheet P1. */
export function circuitEpro(spec: CircuitSpec, files?: Record<string, string>): Uint8Array {
  return projectEpro([{ uuid: 'sch1', name: spec.name, sheets: [{ id: 1, name: 'P1', doc: drawSheet(spec) }] }], { files });
}

const R = (d: string, v: string, a: string, b: string): PartSpec => ({ sym: 'two', designator: d, value: v, nets: { 1: a, 2: b } });
const C = R;

/** RC low-pass, R = 1k, C = 1u: tau = 1 ms, f(-3 dB) = 159.155 Hz. A 1 V step at t = 0 (and AC 1). */
export const RC: CircuitSpec = {
  name: 'RC',
  parts: [
    { sym: 'source', designator: 'V1', value: 'PULSE(0 1 0 1n 1n 1 2) AC 1', nets: { 1: 'IN', 2: 'GND' } },
    R('R1', '1k', 'IN', 'OUT'),
    C('C1', '1uF', 'OUT', 'GND'),
  ],
  directives: ['.tran 1u 5m 0 1u'],
};

/** Full-wave diode bridge: 10 V 50 Hz into four 1N4007, 1k load. */
export const BRIDGE: CircuitSpec = {
  name: 'Bridge',
  parts: [
    { sym: 'source', designator: 'V1', value: 'SIN(0 10 50)', nets: { 1: 'ACA', 2: 'ACB' } },
    { sym: 'diode', designator: 'D1', attrs: { 'SPICE Model': '1N4007' }, nets: { 2: 'ACA', 1: 'POS' } },
    { sym: 'diode', designator: 'D2', attrs: { 'SPICE Model': '1N4007' }, nets: { 2: 'ACB', 1: 'POS' } },
    { sym: 'diode', designator: 'D3', attrs: { 'SPICE Model': '1N4007' }, nets: { 2: 'GND', 1: 'ACA' } },
    { sym: 'diode', designator: 'D4', attrs: { 'SPICE Model': '1N4007' }, nets: { 2: 'GND', 1: 'ACB' } },
    R('RL', '1k', 'POS', 'GND'),
  ],
  directives: ['.tran 10u 40m 0 10u'],
};

/**
 * Unity-gain Sallen-Key low-pass, R1 = R2 = 10k, C1 (feedback) = 20n, C2 = 10n: Butterworth (Q = 0.7071),
 * f0 = 1 / (2 pi R sqrt(C1 C2)) = 1125.395 Hz, which is also the -3 dB corner; op-amp LM358 unit on +-12 V.
 */
export const SALLEN_KEY: CircuitSpec = {
  name: 'SallenKey',
  parts: [
    { sym: 'source', designator: 'V1', value: 'DC 0 AC 1', nets: { 1: 'IN', 2: 'GND' } },
    { sym: 'source', designator: 'V2', value: '12', nets: { 1: 'VCC', 2: 'GND' } },
    { sym: 'source', designator: 'V3', value: '12', nets: { 1: 'GND', 2: 'VEE' } },
    R('R1', '10k', 'IN', 'A'),
    R('R2', '10k', 'A', 'B'),
    C('C1', '20n', 'A', 'OUT'),
    C('C2', '10n', 'B', 'GND'),
    { sym: 'opamp', designator: 'U1', attrs: { 'SPICE Model': 'OPAMP' }, nets: { 3: 'B', 2: 'OUT', 8: 'VCC', 4: 'VEE', 1: 'OUT' } },
  ],
  directives: ['.ac dec 200 10 100k'],
};

/**
 * Common-emitter amplifier, 2N3904: VCC 12 V, divider 47k/10k, RC 4.7k, RE 1k bypassed by 100u,
 * 10u coupling in and out, 100k load. Hand analysis: VB ~ 2.0 V, IC ~ 1.4 mA, VC ~ 5.4 V,
 * mid-band gain -gm (RC || RL) ~ -240.
 */
export const COMMON_EMITTER: CircuitSpec = {
  name: 'CommonEmitter',
  parts: [
    { sym: 'source', designator: 'V1', value: '12', nets: { 1: 'VCC', 2: 'GND' } },
    { sym: 'source', designator: 'V2', value: 'DC 0 AC 1m SIN(0 1m 1k)', nets: { 1: 'SIG', 2: 'GND' } },
    C('C1', '10u', 'SIG', 'BASE'),
    R('R1', '47k', 'VCC', 'BASE'),
    R('R2', '10k', 'BASE', 'GND'),
    R('RC', '4.7k', 'VCC', 'COL'),
    R('RE', '1k', 'EMIT', 'GND'),
    C('CE', '100u', 'EMIT', 'GND'),
    C('C2', '10u', 'COL', 'OUT'),
    R('RL', '100k', 'OUT', 'GND'),
    { sym: 'npn', designator: 'Q1', value: '2N3904', nets: { 1: 'BASE', 2: 'EMIT', 3: 'COL' } },
  ],
  directives: ['.ac dec 20 10 1Meg', '.op'],
};

/** N resistor-capacitor stages (for the netlist bench): about `n` components. */
export function ladder(n: number): CircuitSpec {
  const parts: PartSpec[] = [{ sym: 'source', designator: 'V1', value: 'PULSE(0 1 0 1n 1n 1 2)', nets: { 1: 'N0', 2: 'GND' } }];
  for (let i = 1; parts.length < n; i++) {
    parts.push(R(`R${i}`, '1k', `N${i - 1}`, `N${i}`));
    parts.push(C(`C${i}`, '1n', `N${i}`, 'GND'));
  }
  return { name: 'Ladder', parts, directives: ['.tran 1u 1m'] };
}

/**
 * RC split over two schematics: Top/P1 holds V1 and R1 (IN -> OUT) and a sheet symbol whose `Sheet`
 * is `link`; schematic Filter/P1 holds C1 between a net port OUT (label CAP) and ground. The only
 * way from R1 to C1 is through the block's pin OUT and the child's port OUT.
 */
export function splitRc(link = 'Filter', opts: { twice?: boolean } = {}): Uint8Array {
  const ctx = schContext();
  const [v1, r1, c1] = RC.parts;
  const child = drawSheet({ name: 'Filter', parts: [{ ...c1, nets: { 1: 'CAP', 2: 'GND' } }, { sym: 'port', designator: '', attrs: { Name: 'OUT' }, nets: { 1: 'CAP' } }] }, ctx);
  const top = drawSheet({ name: 'Top', parts: [v1, r1], directives: RC.directives }, ctx);
  const ed = new SchematicEditor(top, { ctx });
  const { component, symbol } = createSheetSymbol(top, { name: 'Filter', doc: child }, ctx, { x: 500, y: 300 });
  const pin = componentPins(top, component, ctx).find((p) => p.name === 'OUT')!;
  const w = ed.addWire([{ x: pin.x, y: pin.y }, { x: pin.x, y: pin.y - 20 }]);
  ed.setNetLabel(w, 'OUT', { x: pin.x, y: pin.y - 20 });
  if (link !== 'Filter') ed.setAttribute(component, 'Sheet', link);
  const symbols = new Map<string, EditorDocument>([[symbol, ctx.symbols.get(symbol)!.doc]]);
  if (opts.twice) {
    // a second sheet symbol of the same child sheets
    const again = createSheetSymbol(top, { name: 'Filter', doc: child }, ctx, { x: 800, y: 300 });
    ed.setAttribute(again.component, 'Designator', 'Filter2');
    symbols.set(again.symbol, ctx.symbols.get(again.symbol)!.doc);
  }
  return projectEpro([
    { uuid: 'top', name: 'Top', sheets: [{ id: 1, name: 'P1', doc: top }] },
    { uuid: 'filter', name: 'Filter', sheets: [{ id: 1, name: 'P1', doc: child }] },
  ], { symbols });
}

