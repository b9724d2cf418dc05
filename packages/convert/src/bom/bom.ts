/**
 * Bill of materials from the placed components of a board: one line per distinct row (comment, value,
 * footprint, manufacturer part, manufacturer, supplier part, supplier), designators in natural order, quantity, manufacturer and supplier columns as EasyEDA Pro
 * writes them ("No.","Quantity","Comment","Designator","Footprint","Value","Manufacturer Part",
 * "Manufacturer","Supplier Part","Supplier"). Attributes come from the PCB component (its ATTRs and
 * attribute object), else its schematic part, else its device in project.json (see attrOf). Components
 * whose "Add into BOM" is "no" (or marked do not populate) are left out.
 */
import type { FabBoard, FabComponent } from '../fab/board.ts';
import { xlsxOf } from './xlsx.ts';

export interface BomLine {
  quantity: number;
  comment: string;
  designators: string[];
  footprint: string;
  value: string;
  manufacturerPart: string;
  manufacturer: string;
  supplierPart: string;
  supplier: string;
}

export const BOM_HEADER = ['No.', 'Quantity', 'Comment', 'Designator', 'Footprint', 'Value', 'Manufacturer Part', 'Manufacturer', 'Supplier Part', 'Supplier'];

/** Natural order: C2 before C10. */
export function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}

/**
 * An attribute of a component as EasyEDA's BOM takes it: the PCB component's own (its ATTRs and
 * attribute object, synced from the schematic; an emptied value stays empty: Hexapod's TP200 has no
 * supplier part), else the schematic part's non-empty value, else the device's; "={Other}" refers to
 * another attribute.
 */
function attrOf(c: FabComponent, dev: Record<string, unknown> | undefined, key: string, depth = 0): string {
  let v = c.attrs.get(key) ?? c.schAttrs?.get(key);
  if (v === undefined && dev && typeof dev[key] === 'string') v = dev[key] as string;
  v = v ?? '';
  const m = /^=\{(.+)\}$/.exec(v);
  if (m && depth < 4) return attrOf(c, dev, m[1], depth + 1);
  return v;
}

const no = (v: string): boolean => /^(no|false|0)$/i.test(v.trim());

type Devices = Record<string, { title?: string; attributes?: Record<string, unknown> } | undefined>;

/** The BOM's "Comment" of a component: its name; without one, its value, part number, then the device's title (Hexapod's B400 "BatteryPads"); templates resolved. The pick-and-place file's "Comment" is the same (GameFive: 51 of 51). */
export function bomComment(c: FabComponent, devices?: Devices): string {
  const dev = devices?.[c.deviceUuid]?.attributes;
  return attrOf(c, dev, 'Name') || attrOf(c, dev, 'Value') || attrOf(c, dev, 'Manufacturer Part') || devices?.[c.deviceUuid]?.title || '';
}

export function bomLines(b: FabBoard & { devices?: Record<string, { title?: string; attributes?: Record<string, unknown> } | undefined> }): BomLine[] {
  const groups = new Map<string, BomLine>();
  for (const c of b.components) {
    const dev = b.devices?.[c.deviceUuid]?.attributes;
    if (no(attrOf(c, dev, 'Add into BOM') || 'yes') || /^(yes|true|1)$/i.test(attrOf(c, dev, 'Do Not Populate') || attrOf(c, dev, 'DNP'))) continue;
    const value = attrOf(c, dev, 'Value');
    const line: BomLine = {
      quantity: 0,
      comment: bomComment(c, b.devices),
      designators: [],
      footprint: c.footprintName || attrOf(c, dev, 'Supplier Footprint'),
      value,
      manufacturerPart: attrOf(c, dev, 'Manufacturer Part'),
      manufacturer: attrOf(c, dev, 'Manufacturer'),
      supplierPart: attrOf(c, dev, 'Supplier Part'),
      supplier: attrOf(c, dev, 'Supplier'),
    };
    // One line per distinct row: every column but the designators and the quantity (GameFive: EasyEDA
    // keeps R1-R8 "PANASONIC" and R14-R21 "PANASONIC(松下)" of one part number on two lines).
    const key = [line.comment, line.value, line.footprint, line.manufacturerPart, line.manufacturer, line.supplierPart, line.supplier].join('\u0000');
    const g = groups.get(key) ?? line;
    groups.set(key, g);
    g.designators.push(c.designator || c.id);
    g.quantity++;
  }
  const out = [...groups.values()];
  for (const g of out) g.designators.sort(naturalCompare);
  out.sort((a, b) => naturalCompare(a.designators[0] ?? '', b.designators[0] ?? ''));
  return out;
}

const q = (s: string | number): string => `"${String(s).replace(/"/g, '""')}"`;

export function bomRows(lines: BomLine[]): string[][] {
  return lines.map((l, i) => [String(i + 1), String(l.quantity), l.comment, l.designators.join(','), l.footprint, l.value, l.manufacturerPart, l.manufacturer, l.supplierPart, l.supplier]);
}

/** CSV with a UTF-8 byte order mark (as EasyEDA writes it, so spreadsheet programs read the CJK names right). */
export function bomCsv(lines: BomLine[]): string {
  return '\ufeff' + [BOM_HEADER, ...bomRows(lines)].map((r) => r.map(q).join(',')).join('\n') + '\n';
}

/** XLSX with EasyEDA's cell types: "No." as text, "Quantity" as a number. */
export function bomXlsx(lines: BomLine[]): Uint8Array {
  return xlsxOf('BOM', [BOM_HEADER, ...bomRows(lines).map((r) => r.map((v, i) => (i === 1 ? Number(v) : v)))]);
}
