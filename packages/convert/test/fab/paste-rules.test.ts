/**
 * Mask and paste rules found by their type (falcon-flight names them "Common"): its four bottom test
 * points (padType 1) get paste only where the pad sets its own expansion (two, as in EasyEDA's
 * Gerber_BottomPasteMaskLayer.GBP), and the rule's 2.0079 mil mask expansion (EasyEDA's 1.852 mm
 * openings for the 1.75 mm pads).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readEpro } from '@copperplate/format';
import { fabBoard, fabInputFromEpro, gerberFiles } from '@copperplate/convert';

const FIX = new URL('../../../../../shared/fixtures/', import.meta.url);

describe('[issue-12] mask and paste expansions from the rules by type (falcon-flight)', () => {
  const b = fabBoard(fabInputFromEpro(readEpro(new Uint8Array(readFileSync(new URL('epro/falcon-flight-FFB6.1.epro', FIX))), { name: 'f' })));
  const files = gerberFiles(b, { date: '2026-01-01T00:00:00Z' });
  const text = (n: string) => files.find((f) => f.name === n)!.text;
  const flashesAt = (g: string) => [...g.matchAll(/X(-?\d+)Y(-?\d+)D03/g)].map((m) => [Number(m[1]) / 1e6, Number(m[2]) / 1e6]);

  it('bottom paste: the two test points with their own paste expansion, not the two without', () => {
    const f = flashesAt(text('Gerber_BottomPasteMaskLayer.GBP')).map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`).sort();
    expect(f).toEqual(['35.875,11.875', '36.750,7.000']);
  });

  it('bottom mask: the four test points open by the rule (1.852 mm)', () => {
    const g = text('Gerber_BottomSolderMaskLayer.GBS');
    const code = /%ADD(\d+)C,1\.85\d*\*%/.exec(g)?.[1];
    expect(code).toBeDefined();
    const body = g.split(`D${code}*`)[1].split(/\nD\d+\*/)[0];
    expect(flashesAt(body).length).toBe(4);
  });
});
