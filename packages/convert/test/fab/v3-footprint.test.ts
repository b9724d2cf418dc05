/**
 * EasyEDA Pro V3 footprints (Hexapod.epro2): a footprint's CANVAS origin is its anchor (B400's is at
 * 190,215 mil: its pads land where EasyEDA's own Gerbers put them, (20, 0) and (35, 0) mm), and the
 * RECT corner ratio is a percentage of half the shorter side (EasyEDA's bottom paste: RoundRect
 * apertures with corner diameters 0.9 and 0.3 mm for the 10% pads of 9 x 10 and 3 x 4 mm).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readEpro } from '@copperplate/format';
import { fabBoard, fabInputFromEpro, gerberFiles } from '@copperplate/convert';

const FIX = new URL('../../../../../shared/fixtures/', import.meta.url);
const MM = 0.0254;

describe('[issue-12] V3 footprints: anchor at the CANVAS origin, RECT corner ratio (Hexapod)', () => {
  const b = fabBoard(fabInputFromEpro(readEpro(new Uint8Array(readFileSync(new URL('epro/Hexapod.epro2', FIX))), { name: 'Hexapod.epro2' })));

  it('B400 (bottom side, footprint origin 190,215 mil) has its pads where EasyEDA puts them', () => {
    const pads = b.pads.filter((p) => p.designator === 'B400').map((p) => [p.x * MM, p.y * MM]).sort((a, c) => a[0] - c[0]);
    expect(pads.length).toBe(2);
    expect(pads[0][0]).toBeCloseTo(20, 2);
    expect(pads[0][1]).toBeCloseTo(0, 2);
    expect(pads[1][0]).toBeCloseTo(35, 2);
    expect(pads[1][1]).toBeCloseTo(0, 2);
  });

  it('bottom paste: round-rect apertures with EasyEDA corner diameters, flashed at its positions', () => {
    const gbp = gerberFiles(b, { date: '2026-01-01T00:00:00Z' }).find((f) => f.name === 'Gerber_BottomPasteMaskLayer.GBP')!.text;
    expect(gbp).toMatch(/%ADD\d+RoundRect,0\.9X/);
    expect(gbp).toMatch(/%ADD\d+RoundRect,0\.3X/);
    const at = (x: number, y: number) => [...gbp.matchAll(/X(-?\d+)Y(-?\d+)D03/g)].some((m) => Math.abs(Number(m[1]) / 1e6 - x) < 0.001 && Math.abs(Number(m[2]) / 1e6 - y) < 0.001);
    expect(at(20, 0)).toBe(true);
    expect(at(35, 0)).toBe(true);
  });
});
