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
import { PNP_HEADER, fabBoard, fabInputFromEpro, pnpRows } from '@copperplate/convert';

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
