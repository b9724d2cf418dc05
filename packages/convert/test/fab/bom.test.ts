/**
 * BOM lines against EasyEDA's own BOMs of the fixture boards (../shared/fixtures/ref): Hexapod's CSV
 * (all ten columns of its 55 lines), ESP32-MPU6050's and falcon-flight's XLSX (read by read-excel-file,
 * an independent reader; every column the two share, line by line), TriWave's LCSC order list (part
 * number, quantity, package). Our XLSX is read back by the same reader and holds what the CSV holds.
 * Attributes: the PCB component's own (an emptied supplier part stays empty: Hexapod TP200), the
 * device title when there is no name (B400 "BatteryPads"), the device's footprint title for an
 * embedded footprint (U700), the schematic part's values where the PCB has none.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readSheet } from 'read-excel-file/node';
import { readEpro } from '@copperplate/format';
import { bomCsv, bomLines, bomRows, bomXlsx, fabBoard, fabInputFromEpro, BOM_HEADER } from '@copperplate/convert';

const FIX = new URL('../../../../../shared/fixtures/', import.meta.url);
const board = (f: string) => fabBoard(fabInputFromEpro(readEpro(new Uint8Array(readFileSync(new URL(`epro/${f}`, FIX))), { name: f })));

/** A CSV as EasyEDA and we write it: BOM, quoted fields. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.replace(/^\ufeff/, '').split(/\r?\n/)) {
    if (!line) continue;
    const r: string[] = [];
    for (const m of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)) r.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]);
    rows.push(r);
  }
  return rows;
}

/** Lines keyed by designators: column -> value, for the columns both sides have ("No." aside). */
function compare(ref: unknown[][], ours: string[][]): { equal: number; diffs: string[] } {
  const hr = ref[0].map(String), ho = ours[0];
  const byDes = new Map(ours.slice(1).map((r) => [r[ho.indexOf('Designator')], r]));
  const diffs: string[] = [];
  let equal = 0;
  for (const r of ref.slice(1)) {
    const des = String(r[hr.indexOf('Designator')]);
    const o = byDes.get(des);
    if (!o) { diffs.push(`${des}: not in ours`); continue; }
    byDes.delete(des);
    const d = hr.flatMap((c, i) => (c !== 'No.' && ho.includes(c) && String(r[i] ?? '') !== o[ho.indexOf(c)] ? [`${des} ${c}: ${String(r[i] ?? '')} != ${o[ho.indexOf(c)]}`] : []));
    if (d.length) diffs.push(...d); else equal++;
  }
  for (const des of byDes.keys()) diffs.push(`${des}: only in ours`);
  return { equal, diffs };
}

describe('[issue-12] BOM lines equal EasyEDA\'s', () => {
  it('Hexapod (CSV, 55 lines, every column)', () => {
    const ref = csvRows(readFileSync(new URL('ref/Hexapod/bom.csv', FIX), 'utf8'));
    const ours = csvRows(bomCsv(bomLines(board('Hexapod.epro2'))));
    expect(ours[0]).toEqual(ref[0]);
    const { equal, diffs } = compare(ref, ours);
    expect(diffs).toEqual([]);
    expect(equal).toBe(55);
  });

  for (const [name, file, refFile, lines] of [
    ['ESP32-MPU6050', 'ESP32-MPU6050.epro2', 'ref/ESP32-MPU6050/BOM_Schematic2_PCB6final_2026-07-28.xlsx', 11],
    ['falcon-flight', 'falcon-flight-FFB6.1.epro', 'ref/falcon-flight-FFB6.1/FFB6.1_BOM.xlsx', 38],
  ] as const) {
    it(`${name} (XLSX read by read-excel-file, ${lines} lines)`, async () => {
      const ref = await readSheet(readFileSync(new URL(refFile, FIX)));
      const ours = csvRows(bomCsv(bomLines(board(file))));
      const { equal, diffs } = compare(ref, ours);
      expect(diffs).toEqual([]);
      expect(equal).toBe(lines);
    });
  }

  it('TriWave-2.1 (LCSC order list: part numbers, quantities, packages)', () => {
    const ref = csvRows(readFileSync(new URL('ref/TriWave-2.1/BOM.csv', FIX), 'utf8'));
    const h = ref[0];
    const ours = bomLines(board('TriWave-2.1.epro'));
    expect(ours.length).toBe(ref.length - 1);
    for (const r of ref.slice(1)) {
      const o = ours.find((l) => l.supplierPart === r[h.indexOf('LCSC#')]);
      expect(o, r[0]).toBeDefined();
      expect([o!.quantity, o!.footprint, o!.manufacturerPart]).toEqual([Number(r[h.indexOf('Quantity')]), r[h.indexOf('Package')], r[h.indexOf('Mrf#')]]);
    }
  });

  it('our XLSX reads back (read-excel-file) as the CSV lines, "No." as text and "Quantity" as a number (as EasyEDA writes them)', async () => {
    const lines = bomLines(board('Hexapod.epro2'));
    const rows = await readSheet(Buffer.from(bomXlsx(lines)));
    expect(rows[0]).toEqual(BOM_HEADER);
    expect(rows.length).toBe(lines.length + 1);
    expect(rows.slice(1).map((r) => r.map((v) => (v === null ? '' : String(v))))).toEqual(bomRows(lines));
    expect(typeof rows[1][0]).toBe('string');
    expect(typeof rows[1][1]).toBe('number');
    // Cells with CJK and markup characters survive.
    expect(rows.some((r) => String(r[7]).includes('三星'))).toBe(true);
  });

  it('parts that differ only in manufacturer or supplier are separate lines (FaBoPlatform/GameFive: EasyEDA keeps R1-R8 "PANASONIC" and R14-R21 "PANASONIC(松下)" of one part number apart; we merged them)', () => {
    const comp = (designator: string, manufacturer: string, supplier = 'LCSC') => ({
      id: designator, designator, x: 0, y: 0, angle: 0, bottom: false, footprintUuid: '', footprintName: 'R0402', deviceUuid: '', box: { minX: 0, minY: 0, maxX: 0, maxY: 0 },
      attrs: new Map([['Manufacturer Part', 'ERJ2RKF1002X'], ['Supplier Part', 'C191123'], ['Manufacturer', manufacturer], ['Supplier', supplier]]),
    });
    const b = { ...fabBoard({ name: 'bom', records: [] }), components: [comp('R14', 'PANASONIC(松下)'), comp('R2', 'PANASONIC'), comp('R1', 'PANASONIC'), comp('R15', 'PANASONIC(松下)'), comp('R30', 'PANASONIC', 'Mouser')] };
    const rows = bomRows(bomLines(b));
    expect(rows.map((r) => [r[1], r[3], r[7], r[9]])).toEqual([
      ['2', 'R1,R2', 'PANASONIC', 'LCSC'],
      ['2', 'R14,R15', 'PANASONIC(松下)', 'LCSC'],
      ['1', 'R30', 'PANASONIC', 'Mouser'],
    ]);
  });
});
