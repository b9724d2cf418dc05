/**
 * Generated basic parts: resistors, capacitors, inductors, LEDs and diodes in the chip sizes 0201 to
 * 2512 and common through-hole sizes, pin headers and a USB-C receptacle. The footprint generator
 * writes KiCad s-expressions (mm, KiCad's own conventions) that go through the same converters as
 * KiCad's libraries, so generated and imported parts are drawn and placed alike.
 */
import { Report, uuidOf } from '@copperplate/convert/kicad/index';
import { convertFootprint, convertSymbolLibrary, deviceDoc, footprintDevice } from './kicad.ts';
import type { SymbolData } from '@copperplate/format';
import { LIB_TYPE, type LibraryItem } from './types.ts';

export const BASIC_LIB = 'Basic';
const f = (n: number): string => String(Math.round(n * 10000) / 10000);

interface Pad { num: string; x: number; y: number; w: number; h: number; shape: 'roundrect' | 'rect' | 'circle' | 'oval'; drill?: number; np?: boolean }

/** A .kicad_mod text: pads, a courtyard and silk/fab outlines of a body `bw` x `bh` (mm). */
export function footprintText(name: string, descr: string, tags: string, pads: Pad[], bw: number, bh: number, ref: string, opts: { polarity?: boolean; circle?: number } = {}): string {
  const xs = pads.flatMap((p) => [p.x - p.w / 2, p.x + p.w / 2]), ys = pads.flatMap((p) => [p.y - p.h / 2, p.y + p.h / 2]);
  const cx = Math.max(bw / 2, ...xs.map(Math.abs)) + 0.25, cy = Math.max(bh / 2, ...ys.map(Math.abs)) + 0.25;
  const line = (x1: number, y1: number, x2: number, y2: number, layer: string, w: number) => `  (fp_line (start ${f(x1)} ${f(y1)}) (end ${f(x2)} ${f(y2)}) (layer "${layer}") (width ${w}))`;
  const rect = (x: number, y: number, layer: string, w: number) => [line(-x, -y, x, -y, layer, w), line(x, -y, x, y, layer, w), line(x, y, -x, y, layer, w), line(-x, y, -x, -y, layer, w)];
  const out = [
    `(footprint "${name}" (version 20211014) (generator copperplate)`, '  (layer "F.Cu")', `  (descr "${descr}")`, `  (tags "${tags}")`,
    `  (attr ${pads.some((p) => p.drill) ? 'through_hole' : 'smd'})`,
    `  (fp_text reference "${ref}**" (at 0 ${f(-cy - 0.8)}) (layer "F.SilkS") (effects (font (size 1 1) (thickness 0.15))))`,
    `  (fp_text value "${name}" (at 0 ${f(cy + 0.8)}) (layer "F.Fab") (effects (font (size 1 1) (thickness 0.15))))`,
    ...rect(cx, cy, 'F.CrtYd', 0.05),
  ];
  if (opts.circle) out.push(`  (fp_circle (center 0 0) (end ${f(opts.circle)} 0) (layer "F.SilkS") (width 0.12))`);
  else if (bw > 0 && bh > 0) out.push(...rect(bw / 2, bh / 2, 'F.Fab', 0.1));
  // silk: the long sides, clear of the pads
  const silkY = Math.max(bh / 2, ...ys.map(Math.abs)) + 0.15;
  const padX = Math.min(...pads.map((p) => Math.abs(p.x) - p.w / 2));
  if (!opts.circle && padX > 0.3) out.push(line(-padX + 0.2, -silkY, padX - 0.2, -silkY, 'F.SilkS', 0.12), line(-padX + 0.2, silkY, padX - 0.2, silkY, 'F.SilkS', 0.12));
  if (opts.polarity) out.push(line(-cx + 0.1, -silkY, -cx + 0.1, silkY, 'F.SilkS', 0.12));
  for (const p of pads) {
    const layers = p.drill ? '"*.Cu" "*.Mask"' : '"F.Cu" "F.Paste" "F.Mask"';
    const kind = p.np ? 'np_thru_hole' : p.drill ? 'thru_hole' : 'smd';
    out.push(`  (pad "${p.num}" ${kind} ${p.shape} (at ${f(p.x)} ${f(p.y)}) (size ${f(p.w)} ${f(p.h)})${p.drill ? ` (drill ${f(p.drill)})` : ''} (layers ${layers})${p.shape === 'roundrect' ? ' (roundrect_rratio 0.25)' : ''})`);
  }
  out.push(')');
  return out.join('\n') + '\n';
}

/** Chip sizes: imperial code, metric code, body L x W, pad centre x, pad w x h (mm; IPC-7351 nominal, as KiCad's generator). */
export const CHIPS: [string, string, number, number, number, number, number][] = [
  ['0201', '0603', 0.6, 0.3, 0.32, 0.46, 0.4],
  ['0402', '1005', 1.0, 0.5, 0.485, 0.59, 0.64],
  ['0603', '1608', 1.6, 0.8, 0.825, 0.8, 0.95],
  ['0805', '2012', 2.0, 1.25, 0.9125, 1.025, 1.4],
  ['1206', '3216', 3.2, 1.6, 1.4625, 1.125, 1.75],
  ['1210', '3225', 3.2, 2.5, 1.4625, 1.125, 2.65],
  ['1812', '4532', 4.5, 3.2, 2.1375, 1.125, 3.4],
  ['2010', '5025', 5.0, 2.5, 2.4625, 1.125, 2.65],
  ['2512', '6332', 6.3, 3.2, 2.9625, 1.125, 3.35],
];

interface Kind { prefix: string; sym: string; ref: string; noun: string; keywords: string; polar?: boolean }
const KINDS: Kind[] = [
  { prefix: 'R', sym: 'R', ref: 'R', noun: 'Resistor', keywords: 'resistor res R' },
  { prefix: 'C', sym: 'C', ref: 'C', noun: 'Capacitor', keywords: 'capacitor cap C ceramic MLCC' },
  { prefix: 'L', sym: 'L', ref: 'L', noun: 'Inductor', keywords: 'inductor choke L' },
  { prefix: 'LED', sym: 'LED', ref: 'D', noun: 'LED', keywords: 'LED light emitting diode', polar: true },
  { prefix: 'D', sym: 'D', ref: 'D', noun: 'Diode', keywords: 'diode rectifier D', polar: true },
];

/** The basic symbols as a .kicad_sym (KiCad's conventions: mm, Y up; LED and diode pin 1 = K). */
export function basicSymbolsText(): string {
  const pin = (num: string, name: string, x: number, y: number, rot: number) => `      (pin passive line (at ${x} ${y} ${rot}) (length 1.27) (name "${name}" (effects (font (size 1.27 1.27)))) (number "${num}" (effects (font (size 1.27 1.27)))))`;
  const props = (ref: string, value: string, descr: string, kw: string) => [
    `    (property "Reference" "${ref}" (id 0) (at 2.54 0 90) (effects (font (size 1.27 1.27))))`,
    `    (property "Value" "${value}" (id 1) (at -2.54 0 90) (effects (font (size 1.27 1.27))))`,
    `    (property "Footprint" "" (id 2) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))`,
    `    (property "Datasheet" "~" (id 3) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))`,
    `    (property "ki_keywords" "${kw}" (id 4) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))`,
    `    (property "ki_description" "${descr}" (id 5) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))`,
  ];
  const sym = (name: string, ref: string, descr: string, kw: string, body: string[], pins: string[], hideNames = true) => [
    `  (symbol "${name}" ${hideNames ? '(pin_names (offset 0) hide) ' : ''}(in_bom yes) (on_board yes)`, ...props(ref, name, descr, kw),
    `    (symbol "${name}_0_1"`, ...body, '    )', `    (symbol "${name}_1_1"`, ...pins, '    )', '  )',
  ];
  const poly = (pts: number[][], fill = 'none') => `      (polyline (pts ${pts.map(([x, y]) => `(xy ${x} ${y})`).join(' ')}) (stroke (width 0.254) (type default) (color 0 0 0 0)) (fill (type ${fill})))`;
  const vertical = [pin('1', '~', 0, 3.81, 270), pin('2', '~', 0, -3.81, 90)];
  const horizontal = [pin('1', 'K', -3.81, 0, 0), pin('2', 'A', 3.81, 0, 180)];
  const arrows = [poly([[-3.048, -0.762], [-4.572, -2.286], [-3.81, -2.286], [-4.572, -2.286], [-4.572, -1.524]]), poly([[-1.778, -0.762], [-3.302, -2.286], [-2.54, -2.286], [-3.302, -2.286], [-3.302, -1.524]])];
  return [
    '(kicad_symbol_lib (version 20211014) (generator copperplate)',
    ...sym('R', 'R', 'Resistor', 'R res resistor', [`      (rectangle (start -1.016 -2.54) (end 1.016 2.54) (stroke (width 0.254) (type default) (color 0 0 0 0)) (fill (type none)))`], vertical),
    ...sym('C', 'C', 'Unpolarized capacitor', 'cap capacitor', [poly([[-2.032, -0.762], [2.032, -0.762]]), poly([[-2.032, 0.762], [2.032, 0.762]])], [pin('1', '~', 0, 3.81, 270).replace('(length 1.27)', '(length 3.048)'), pin('2', '~', 0, -3.81, 90).replace('(length 1.27)', '(length 3.048)')]),
    ...sym('L', 'L', 'Inductor', 'inductor choke coil reactor magnetic', [0, 1, 2, 3].map((i) => `      (arc (start 0 ${f(2.54 - i * 1.27)}) (mid 0.6323 ${f(1.905 - i * 1.27)}) (end 0 ${f(1.27 - i * 1.27)}) (stroke (width 0) (type default) (color 0 0 0 0)) (fill (type none)))`), vertical),
    ...sym('LED', 'D', 'Light emitting diode', 'LED diode', [poly([[-1.27, -1.27], [-1.27, 1.27]]), poly([[-1.27, 0], [1.27, 0]]), poly([[1.27, -1.27], [1.27, 1.27], [-1.27, 0], [1.27, -1.27]]), ...arrows], horizontal),
    ...sym('D', 'D', 'Diode', 'diode', [poly([[-1.27, 1.27], [-1.27, -1.27]]), poly([[1.27, 0], [-1.27, 0]]), poly([[1.27, 1.27], [1.27, -1.27], [-1.27, 0], [1.27, 1.27]])], horizontal),
    ')',
  ].join('\n') + '\n';
}

interface Gen { name: string; text: string; kind: Kind | null; value: string; keywords: string; description: string; symbol: string }

function chipParts(): Gen[] {
  const out: Gen[] = [];
  for (const k of KINDS) for (const [imp, met, bl, bw, px, pw, ph] of CHIPS) {
    const name = `${k.prefix}_${imp}_${met}Metric`;
    const description = `${k.noun} SMD ${imp} (${met} Metric)`;
    const pads: Pad[] = [{ num: '1', x: -px, y: 0, w: pw, h: ph, shape: 'roundrect' }, { num: '2', x: px, y: 0, w: pw, h: ph, shape: 'roundrect' }];
    out.push({ name, kind: k, value: k.sym, keywords: `${k.keywords} ${imp} ${met} SMD chip`, description, symbol: k.sym, text: footprintText(name, description, `${k.keywords} ${imp}`, pads, bl, bw, k.ref, { polarity: k.polar }) });
  }
  return out;
}

function thtParts(): Gen[] {
  const out: Gen[] = [];
  const two = (pitch: number, drill: number, pad: number, first: 'rect' | 'circle' = 'circle'): Pad[] => [
    { num: '1', x: -pitch / 2, y: 0, w: pad, h: pad, shape: first === 'rect' ? 'rect' : 'circle', drill }, { num: '2', x: pitch / 2, y: 0, w: pad, h: pad, shape: 'circle', drill },
  ];
  const add = (k: Kind, name: string, description: string, pads: Pad[], bw: number, bh: number, extra: string, circle?: number) =>
    out.push({ name, kind: k, value: k.sym, keywords: `${k.keywords} THT ${extra}`, description, symbol: k.sym, text: footprintText(name, description, `${k.keywords} THT`, pads, bw, bh, k.ref, { polarity: k.polar && !circle, circle }) });
  const [R, C, L, LED, D] = KINDS;
  for (const [din, len, dia, pitch] of [['DIN0204', 3.6, 1.6, 7.62], ['DIN0207', 6.3, 2.5, 10.16], ['DIN0309', 9, 3.2, 12.7], ['DIN0414', 11.9, 4.5, 15.24]] as const)
    add(R, `R_Axial_${din}_L${len}mm_D${dia}mm_P${pitch}mm_Horizontal`, `Resistor, axial ${din}, body ${len} x ${dia} mm, pitch ${pitch} mm`, two(pitch, 0.8, 1.6), len, dia, `axial ${din}`);
  for (const p of [2.54, 5.08]) add(C, `C_Disc_D5.0mm_W2.5mm_P${p.toFixed(2)}mm`, `Ceramic disc capacitor, diameter 5 mm, pitch ${p} mm`, two(p, 0.8, 1.6), 5, 2.5, 'disc ceramic');
  for (const [d, p] of [[5, 2], [6.3, 2.5], [8, 3.5], [10, 5]] as const)
    add({ ...C, polar: true }, `CP_Radial_D${d}mm_P${p.toFixed(2)}mm`, `Electrolytic capacitor, radial, diameter ${d} mm, pitch ${p} mm`, two(p, 0.8, 1.6, 'rect'), 0, 0, 'radial electrolytic polarized', d / 2);
  for (const [len, dia, p] of [[5.3, 2.2, 10.16], [9, 3.5, 15.24]] as const) add(L, `L_Axial_L${len}mm_D${dia}mm_P${p}mm_Horizontal`, `Inductor, axial, body ${len} x ${dia} mm, pitch ${p} mm`, two(p, 0.8, 1.6), len, dia, 'axial');
  for (const d of [3, 5]) add(LED, `LED_D${d}.0mm`, `LED, diameter ${d} mm, 2 pins, pitch 2.54 mm`, two(2.54, 0.9, 1.8, 'rect'), 0, 0, `${d}mm round`, d / 2);
  for (const [pkg, len, dia, p, drill] of [['DO-35', 4, 2, 7.62, 0.8], ['DO-41', 5.2, 2.7, 10.16, 1.1], ['DO-201AD', 9.5, 5.2, 15.24, 1.5]] as const)
    add(D, `D_${pkg}_SOD27_P${p}mm_Horizontal`.replace('_SOD27', pkg === 'DO-35' ? '_SOD27' : ''), `Diode, ${pkg}, body ${len} x ${dia} mm, pitch ${p} mm`, two(p, drill, drill * 2, 'rect'), len, dia, pkg);
  return out;
}

/** Headers: 1xN and 2xN, N = 1..40, pitch 2.54 mm; their symbols are generated boxes. */
function headers(): Gen[] {
  const out: Gen[] = [];
  for (const rows of [1, 2]) for (let n = 1; n <= 40; n++) {
    const name = `PinHeader_${rows}x${String(n).padStart(2, '0')}_P2.54mm_Vertical`;
    const pads: Pad[] = [];
    for (let i = 0; i < n; i++) for (let r = 0; r < rows; r++) {
      const num = String(i * rows + r + 1);
      pads.push({ num, x: r * 2.54, y: i * 2.54, w: 1.7, h: 1.7, shape: num === '1' ? 'rect' : 'oval', drill: 1 });
    }
    const description = `Pin header, ${rows}x${n} pins, pitch 2.54 mm, vertical, through hole`;
    out.push({ name, kind: null, value: `Conn_${rows === 1 ? '01' : '02'}x${String(n).padStart(2, '0')}`, keywords: `connector pin header ${rows}x${n} THT 2.54mm`, description, symbol: '', text: footprintText(name, description, `pin header ${rows}x${n}`, pads, 0, 0, 'J') });
  }
  return out;
}

/** USB-C receptacle, USB 2.0 (16 pins, A/B rows paired) with 4 shield tabs, HRO TYPE-C-31-M-12 style. */
function usbC(): Gen {
  const name = 'USB_C_Receptacle_USB2.0_16P';
  const row: [string, number, number][] = [['A1B12', -3.2, 0.6], ['A4B9', -2.4, 0.6], ['B8', -1.75, 0.3], ['A5', -1.25, 0.3], ['B7', -0.75, 0.3], ['A6', -0.25, 0.3], ['A7', 0.25, 0.3], ['B6', 0.75, 0.3], ['A8', 1.25, 0.3], ['B5', 1.75, 0.3], ['B4A9', 2.4, 0.6], ['B1A12', 3.2, 0.6]];
  const pads: Pad[] = row.map(([num, x, w]) => ({ num, x, y: -3.2, w, h: 1.15, shape: 'rect' as const }));
  for (const [x, y, h] of [[-4.32, -2.6, 2], [4.32, -2.6, 2], [-4.32, 1.58, 1.6], [4.32, 1.58, 1.6]]) pads.push({ num: 'S1', x, y, w: 1, h, shape: 'oval', drill: 0.6 });
  pads.push({ num: '', x: -2.89, y: -2.05, w: 0.65, h: 0.65, shape: 'circle', drill: 0.65, np: true }, { num: '', x: 2.89, y: -2.05, w: 0.65, h: 0.65, shape: 'circle', drill: 0.65, np: true });
  const description = 'USB 2.0 Type-C receptacle, 16 pins, SMD with through-hole shield tabs (HRO TYPE-C-31-M-12 style)';
  return { name, kind: null, value: 'USB_C_Receptacle_USB2.0', keywords: 'USB C Type-C receptacle connector USB2.0', description, symbol: '', text: footprintText(name, description, 'usb c type-c', pads, 8.94, 7.3, 'J') };
}

/** The generated items: footprints, symbols and devices of the basic parts (library `Basic`). */
export function basicParts(report = new Report()): LibraryItem[] {
  const syms = convertSymbolLibrary(basicSymbolsText(), BASIC_LIB, () => false, report);
  const symbolOf = new Map(syms.filter((s) => s.type === LIB_TYPE.SYMBOL).map((s) => [s.title, s]));
  const out: LibraryItem[] = syms.filter((s) => s.type === LIB_TYPE.SYMBOL);
  const boxes = new Map<string, SymbolData>();
  const USB_NAMES: Record<string, string> = { A1B12: 'GND', B1A12: 'GND', A4B9: 'VBUS', B4A9: 'VBUS', A5: 'CC1', B5: 'CC2', A6: 'D+', B6: 'D+', A7: 'D-', B7: 'D-', A8: 'SBU1', B8: 'SBU2', S1: 'SHIELD' };
  for (const g of [...chipParts(), ...thtParts(), ...headers(), usbC()]) {
    const fp = convertFootprint(g.text, BASIC_LIB, `${g.name}.kicad_mod`, report);
    out.push(fp);
    const sym = g.symbol ? symbolOf.get(g.symbol) : undefined;
    if (sym) {
      const uuid = uuidOf(`basic/device/${g.name}`);
      const attrs = { Symbol: sym.uuid, Footprint: fp.uuid, Designator: `${g.kind!.ref}?`, Name: g.value, 'Supplier Footprint': g.name.replace(/^[A-Z]+_/, '') };
      const pins = g.kind!.polar ? { 1: 'K', 2: 'A' } : { 1: '', 2: '' };
      out.push({
        uuid, type: LIB_TYPE.DEVICE, lib: BASIC_LIB, title: g.name, value: g.value, package: g.name.replace(/^[A-Z]+_/, ''), keywords: g.keywords, description: g.description,
        datasheet: '', manufacturerPart: '', designator: g.kind!.ref, symbol: sym.uuid, footprint: fp.uuid, pins,
        doc: deviceDoc(uuid, g.name, attrs, g.description),
      });
    } else {
      // headers and USB-C: a box symbol with one pin per pad number (USB-C pins named by function)
      const { device, symbol } = footprintDeviceNamed(fp, boxes, g, USB_NAMES);
      if (symbol) out.push(symbol);
      out.push(device);
    }
  }
  return out;
}

function footprintDeviceNamed(fp: ReturnType<typeof convertFootprint>, boxes: Map<string, SymbolData>, g: Gen, names: Record<string, string>): { device: LibraryItem; symbol?: LibraryItem } {
  const r = footprintDevice(fp, boxes);
  r.device.value = g.value;
  r.device.keywords = g.keywords;
  r.device.lib = BASIC_LIB;
  (r.device.doc as { attributes: Record<string, string> }).attributes.Name = g.value;
  if (fp.title.startsWith('USB_C')) r.device.pins = Object.fromEntries(fp.pads.map((p) => [p, names[p] ?? p]));
  if (r.symbol) r.symbol.lib = BASIC_LIB;
  return r;
}
