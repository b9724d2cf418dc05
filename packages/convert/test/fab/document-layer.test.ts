/**
 * The document layer and images as EasyEDA draws them (ESP32-MPU6050.epro2 against EasyEDA's own
 * Gerbers in ../shared/fixtures/ref): dimensions (extension lines, arrows, the line broken by its
 * label, the label "56.642mm" in the stroke font at the V3 `text` place), keep-out regions left out,
 * and an image fitted to its width and height by its curves' drawn extent (not their control points).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { readEpro } from '@copperplate/format';
import { fabBoard, fabInputFromEpro } from '@copperplate/convert';

const FIX = new URL('../../../../../shared/fixtures/', import.meta.url);
const MM = 0.0254;

/** Stroked polylines (mm) of a block of an EasyEDA Gerber between two G04 markers. */
function refPolylines(gerber: string, start: string, end: string): number[][] {
  const block = gerber.slice(gerber.indexOf(`G04 ${start}*`), gerber.indexOf(`G04 ${end}*`));
  const out: number[][] = [];
  for (const m of block.matchAll(/X(-?\d+)Y(-?\d+)D0([12])\*/g)) {
    const x = Number(m[1]) / 1e5, y = Number(m[2]) / 1e5;
    if (m[3] === '2') out.push([x, y]); else out[out.length - 1].push(x, y);
  }
  return out.filter((p) => p.length >= 4);
}

describe('[issue-12] document layer: dimensions, keep-outs (ESP32-MPU6050)', () => {
  const b = fabBoard(fabInputFromEpro(readEpro(new Uint8Array(readFileSync(new URL('epro/ESP32-MPU6050.epro2', FIX))), { name: 'ESP32-MPU6050.epro2' })));
  const ref = unzipSync(new Uint8Array(readFileSync(new URL('ref/ESP32-MPU6050/Gerber_PCB6finish_2026-07-27.zip', FIX))));
  const ours = b.strokes.filter((s) => s.layer === 13 && s.c.segs.every((g) => g.k === 'L'))
    .map((s) => ({ w: s.width * MM, pts: [s.c.x0, s.c.y0, ...s.c.segs.flatMap((g) => [g.x, g.y])].map((v) => v * MM) }));

  it('every stroke of EasyEDA\'s two dimensions (lines, arrows, label glyphs) is one of ours within 0.01 mm', () => {
    const refs = refPolylines(strFromU8(ref['Gerber_DocumentLayer.GDL']), 'Dimension Start', 'Dimension End');
    expect(refs.length).toBeGreaterThan(40);
    const near = (r: number[], o: number[]) => r.length === o.length && (r.every((v, i) => Math.abs(v - o[i]) <= 0.01)
      || r.every((v, i) => Math.abs(v - o[i % 2 ? o.length - i : o.length - i - 2]) <= 0.01));
    const missing = refs.filter((r) => !ours.some((o) => near(r, o.pts)));
    // The Hershey "2" is drawn with one vertex fewer than EasyEDA's (its glyph table differs there).
    expect(missing.length).toBeLessThanOrEqual(2);
    expect(ours.filter((o) => Math.abs(o.w - 0.1524) < 1e-4).length).toBeGreaterThanOrEqual(refs.length - 2);
  });

  it('the keep-out region (antenna, on the bottom layer) is not drawn anywhere', () => {
    // REGION ba2c2909734306ee: -955..-190 x 165..485 mil.
    const hit = b.strokes.some((s) => Math.abs(s.c.x0 - -955) < 0.01 && Math.abs(s.c.y0 - 485) < 0.01);
    expect(hit).toBe(false);
  });

  it('the Espressif logo (IMAGE e145 of U1) fills its 348.1 x 336.8 mil box exactly', () => {
    const img = b.areas.filter((a) => a.kind === 'image' && a.designator === 'U1');
    expect(img.length).toBeGreaterThanOrEqual(3);
    // Its drawn extent, sampled on the curves.
    const boxes = img.map((a) => {
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      for (const c of a.cs) {
        let px = c.x0, py = c.y0;
        const add = (x: number, y: number) => { minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y); };
        add(px, py);
        for (const g of c.segs) {
          if (g.k === 'C') for (let t = 0; t <= 1; t += 1 / 64) {
            const u = 1 - t;
            add(u * u * u * px + 3 * u * u * t * g.x1 + 3 * u * t * t * g.x2 + t * t * t * g.x, u * u * u * py + 3 * u * u * t * g.y1 + 3 * u * t * t * g.y2 + t * t * t * g.y);
          }
          add(g.x, g.y); px = g.x; py = g.y;
        }
      }
      return [maxX - minX, maxY - minY];
    });
    expect(boxes.some(([w, h]) => Math.abs(w - 348.113) < 0.5 && Math.abs(h - 336.791) < 0.5)).toBe(true);
  });
});

describe('[issue-12] bottom-layer images are mirrored after their rotation (falcon-flight)', () => {
  it('the axis marker IMAGE e533 (bottom silk, -270 degrees, anchor 36.625, 13.0 mm) lies up and left of its anchor, where EasyEDA draws it', () => {
    const b = fabBoard(fabInputFromEpro(readEpro(new Uint8Array(readFileSync(new URL('epro/falcon-flight-FFB6.1.epro', FIX))), { name: 'f' })));
    const boxes = b.areas.filter((a) => a.kind === 'image' && a.layer === 4).map((a) => {
      const xs = a.cs.flatMap((c) => [c.x0, ...c.segs.map((g) => g.x)]).map((v) => v * MM), ys = a.cs.flatMap((c) => [c.y0, ...c.segs.map((g) => g.y)]).map((v) => v * MM);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    });
    // EasyEDA's Gerber_BottomSilkscreenLayer.GBO draws it in x 32.6..36.6, y 13.0..17.0 mm (mirrored
    // before its rotation it would lie right of and below the anchor: x 36.6..40.8, y 9.0..13.0).
    const marker = boxes.find(([x0, y0, x1, y1]) => x1 - x0 < 5 && y1 - y0 < 5 && Math.abs(x1 - 36.625) < 0.05);
    expect(marker).toBeDefined();
    expect(marker![0]).toBeGreaterThan(32.3);
    expect(marker![1]).toBeCloseTo(13.0, 2);
    expect(marker![3]).toBeCloseTo(17.0, 2);
  });
});
