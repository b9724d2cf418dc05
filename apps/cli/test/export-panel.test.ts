/** `copperplate export panel FILE --doc PANEL OUTDIR` (issue 19): the real bin on an .epro holding a panel. */
import { describe, it, expect } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import DxfParser from 'dxf-parser';
import { copperplate } from './run-bin.ts';
import { PANEL_EPAN } from '../../../packages/format/test/panel-fixtures.ts';

describe('copperplate export panel', () => {
  it('[issue-19] writes the cutter SVG, the DXF (read back by dxf-parser), the picture (PNG) and the dimensioned drawing (PDF); an unknown panel is a catalogue error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cp-panel-'));
    try {
      const pj = { schematics: {}, pcbs: {}, panels: { pan1: 'Front' }, symbols: {}, footprints: {}, devices: {}, boards: {}, config: {} };
      const file = join(dir, 'p.epro');
      writeFileSync(file, zipSync({ 'project.json': strToU8(JSON.stringify(pj)), 'PANEL/pan1.epan': strToU8(PANEL_EPAN) }));
      const out = join(dir, 'out');
      const chromium = existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
      if (!chromium) console.warn('export panel: no Chromium, the PNG and PDF are not checked');
      const r = copperplate('export', 'panel', file, '--doc', 'Front', out, ...(chromium ? ['--png', '--pdf'] : []));
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(readdirSync(out).sort()).toEqual(['Front.dxf', 'Front_cut.svg', 'Front_drawing.svg', 'Front_picture.svg', ...(chromium ? ['Front_drawing.pdf', 'Front_picture.png'] : [])].sort());
      if (chromium) {
        expect([...readFileSync(join(out, 'Front_picture.png')).subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
        expect(readFileSync(join(out, 'Front_drawing.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
      }
      // the drawing dimensions the plate (100 x 50 mm) and lists the 4 cut-outs
      const drawing = readFileSync(join(out, 'Front_drawing.svg'), 'utf8');
      expect(drawing).toContain('100.00 mm');
      expect(drawing).toContain('50.00 mm');
      expect(drawing.match(/>\d: X [\d.]+ Y [\d.]+</g)).toHaveLength(4);
      const dxf = new DxfParser().parseSync(readFileSync(join(out, 'Front.dxf'), 'utf8'))!;
      const layers = dxf.entities.map((e) => e.layer);
      expect(layers.filter((l) => l === 'OUTLINE')).toHaveLength(1);
      expect(layers.filter((l) => l === 'CUT')).toHaveLength(4);
      expect(readFileSync(join(out, 'Front_picture.svg'), 'utf8')).toContain('data-text="POWER"');
      const bad = copperplate('export', 'panel', file, '--doc', 'Nope', out);
      expect(bad.status).not.toBe(0);
      expect(bad.stderr).toContain('document Nope not exists');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
