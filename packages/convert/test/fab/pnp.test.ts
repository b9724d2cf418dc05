/**
 * Pick-and-place against EasyEDA's own component placements: its Gerber zips (../shared/fixtures/ref)
 * hold FlyingProbeTesting.json, whose component rows are designator, side (T/B), X/Y (mil, the
 * component origin) and angle. Every row of our pick-and-place CSV whose component EasyEDA lists has
 * Ref X/Y within 0.01 mm, the same rotation and the same side. EasyEDA's PADn rows are free pads, not
 * components; falcon-flight's TPJLC2 is not in the project (EasyEDA adds it); ESP32-MPU6050's U2 is
 * U3 at another place in EasyEDA's older revision of the board (docs/fab/esp32-u2-*.png).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { readEpro } from '@copperplate/format';
import { PNP_HEADER, bomLines, bomRows, fabBoard, fabInputFromEpro, pnpRows } from '@copperplate/convert';

const FIX = new URL('../../../../../shared/fixtures/', import.meta.url);

describe('[issue-12] pick-and-place positions, rotations and sides equal EasyEDA\'s component placements', () => {
  for (const [file, dir, matched, notInRef] of [
    ['TriWave-2.1.epro', 'TriWave-2.1', 44, []],
    ['falcon-flight-FFB6.1.epro', 'falcon-flight-FFB6.1', 86, []],
    ['Hexapod.epro2', 'Hexapod', 89, []], // of 90 components: one is not in the BOM, so not in the pick-and-place file
    ['ESP32-MPU6050.epro2', 'ESP32-MPU6050', 10, ['U2']],
  ] as const) {
    it(`${dir}: ${matched} components within 0.01 mm, same rotation and side`, () => {
      const b = fabBoard(fabInputFromEpro(readEpro(new Uint8Array(readFileSync(new URL(`epro/${file}`, FIX))), { name: file })));
      const zip = readdirSync(new URL(`ref/${dir}/`, FIX)).find((f) => f.endsWith('.zip'))!;
      const fp = JSON.parse(strFromU8(unzipSync(new Uint8Array(readFileSync(new URL(`ref/${dir}/${zip}`, FIX))))['FlyingProbeTesting.json']));
      expect(fp.lengthUnit).toBe('mil');
      expect(fp.components.fields).toEqual(['COMPONENT_NO', 'COMPONENT_NAME', 'LAYER', 'X_COORDINATE', 'Y_COORDINATE', 'ANGLE']);
      const ref = new Map<string, [number, string, number, number, number]>(fp.components.rows.map((r: [number, string, string, number, number, number]) => [r[1], [r[0], r[2], r[3], r[4], r[5]]]));
      const col = (k: string) => PNP_HEADER.indexOf(k);
      const num = (s: string) => Number(s.replace(/mm$/, ''));
      const differ: string[] = [], absent: string[] = [];
      let same = 0;
      for (const row of pnpRows(b)) {
        const des = row[col('Designator')];
        const r = ref.get(des);
        if (!r) { absent.push(des); continue; }
        const [, side, x, y, angle] = r;
        const ok = Math.abs(num(row[col('Ref X')]) - x * 0.0254) <= 0.01 && Math.abs(num(row[col('Ref Y')]) - y * 0.0254) <= 0.01
          && Number(row[col('Rotation')]) === angle && row[col('Layer')] === side;
        if (ok) same++; else differ.push(`${des}: ${row[col('Ref X')]},${row[col('Ref Y')]} ${row[col('Rotation')]} ${row[col('Layer')]} vs ${x * 0.0254},${y * 0.0254} ${angle} ${side}`);
      }
      expect(differ).toEqual([]);
      expect(absent).toEqual(notInRef);
      expect(same).toBe(matched);
    });
  }
});

describe('[issue-12] pick-and-place Mid X/Y and Comment as EasyEDA writes them', () => {
  it('Mid X/Y is the centre of the box of the pads\' centres, not of the drawn footprint; Comment is the BOM\'s, templates resolved (FaBoPlatform/GameFive: J1 was 2.9 mm off, comments read "={Value}")', () => {
    const base = fabBoard({ name: 'pnp', records: [] });
    const pad = (componentId: string, number: string, x: number, y: number) => ({ designator: 'J1', componentId, number, net: '', layer: 1, x, y, m: { a: 1, b: 0, c: 0, d: 1, e: x, f: y }, shape: ['RECT', 20, 20, 0], copper: [], maskTop: 0, maskBottom: 0, pasteTop: 0, pasteBottom: 0 });
    const b = {
      ...base,
      devices: { dev1: { title: 'KH-PH-2P', attributes: { Name: '={Manufacturer Part}' } } },
      components: [{
        id: 'c1', designator: 'J1', x: 1000, y: -2000, angle: 90, bottom: false, footprintUuid: '', footprintName: 'CONN-SMD_2P', deviceUuid: 'dev1',
        // the drawn footprint (a connector body on the silk) reaches far past its pads
        box: { minX: 900, minY: -2100, maxX: 1400, maxY: -1500 },
        attrs: new Map([['Manufacturer Part', 'KH-PH-2P-W']]),
      }],
      pads: [pad('c1', '1', 950, -2000), pad('c1', '2', 1050, -2000), pad('c1', '3', 1000, -1900)],
    };
    const [row] = pnpRows(b as never);
    const col = (k: string) => row[PNP_HEADER.indexOf(k)];
    expect([col('Mid X'), col('Mid Y')]).toEqual([`${1000 * 0.0254}mm`, `${-1950 * 0.0254}mm`]);
    expect([col('Ref X'), col('Ref Y'), col('Pad X'), col('Pad Y')]).toEqual([`${1000 * 0.0254}mm`, `${-2000 * 0.0254}mm`, `${950 * 0.0254}mm`, `${-2000 * 0.0254}mm`]);
    expect(col('Comment')).toBe('KH-PH-2P-W');
    expect(col('Comment')).toBe(bomRows(bomLines(b as never))[0][2]);
    expect([col('Pins'), col('Layer'), col('Rotation'), col('SMD')]).toEqual(['3', 'T', '90', 'Yes']);
  });
});

describe('[issue-12] pick-and-place Pad X/Y without a pad "1"', () => {
  it('is the first pad number in natural order, as EasyEDA writes it (nos86/TFM-100\'s USB-C P4: A1B12, where we took the first pad, B5, 4.95 mm away)', () => {
    const base = fabBoard({ name: 'pnp', records: [] });
    const pad = (number: string, x: number) => ({ designator: 'P4', componentId: 'c1', number, net: '', layer: 1, x, y: 0, m: { a: 1, b: 0, c: 0, d: 1, e: x, f: 0 }, shape: ['RECT', 10, 50, 0], copper: [], maskTop: 0, maskBottom: 0, pasteTop: 0, pasteBottom: 0 });
    const b = {
      ...base,
      components: [{ id: 'c1', designator: 'P4', x: 0, y: 0, angle: 180, bottom: false, footprintUuid: '', footprintName: 'USB-C', deviceUuid: '', box: { minX: 0, minY: 0, maxX: 0, maxY: 0 }, attrs: new Map<string, string>() }],
      pads: [pad('B5', -100), pad('A8', -80), pad('B4A9', -120), pad('A4B9', 90), pad('A1B12', 120), pad('B1A12', -150), pad('SHELL', 200)],
    };
    const [row] = pnpRows(b as never);
    expect(row[PNP_HEADER.indexOf('Pad X')]).toBe(`${120 * 0.0254}mm`);
  });
});
