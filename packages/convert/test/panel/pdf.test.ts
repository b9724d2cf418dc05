/**
 * The panel's dimensioned drawing as PDF (packages/convert/src/panel/pdf.ts, issue 19 part 5), read
 * back by an independent reader: poppler's pdftotext finds the plate's dimensions and every cut-out's
 * row, pdfinfo reads one A4 landscape page, and pdftoppm draws it with the plate's outline and holes
 * where the SVG drawing has them. Needs Debian's poppler-utils (scripts/ensure.mjs --poppler); without
 * it (no apt) the test says so and checks only the file's structure.
 */
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocuments } from '@copperplate/format';
import { panelDrawingPdf, pathPoints, bulgeOfArc, contoursD, circle } from '@copperplate/convert/panel/index';
import { PANEL_EPAN } from '../../../format/test/panel-fixtures.ts';

const root = join(import.meta.dirname, '../../../..');
spawnSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--poppler'], { stdio: 'inherit', cwd: root });
const POPPLER = existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm');
if (!POPPLER) console.warn('[panel pdf] poppler-utils is not installed and could not be installed: the PDF is not read back');

describe('panel drawing PDF', () => {
  it('[issue-19] SVG arcs become the same circle: every point of a flattened hole is on its radius', () => {
    const d = contoursD([circle(500, 300, 240)]);
    const pts = pathPoints(d)[0].pts;
    expect(pts.length).toBeGreaterThan(100);
    for (const p of pts) expect(Math.hypot(p.x - 500, p.y - 300)).toBeCloseTo(120, 3);
    expect(bulgeOfArc(0, 0, 2, 0, 1, false, true)).toBeCloseTo(1, 9); // a half circle: tan(pi/4)
    expect(bulgeOfArc(0, 0, 2, 0, 1, false, false)).toBeCloseTo(-1, 9);
  });

  it('[issue-19] the drawing PDF reads back with its dimensions and cut-out table, on one A4 landscape page, drawn', () => {
    const records = parseDocuments(PANEL_EPAN)[0].records;
    const pdf = panelDrawingPdf('Front', records);
    expect(pdf.name).toBe('Front_drawing.pdf');
    const text = new TextDecoder('latin1').decode(pdf.data);
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // the xref offsets point at the objects
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    for (const m of text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)) expect(text.slice(Number(m[1])).match(/^\d+ 0 obj/)).not.toBeNull();
    if (!POPPLER) return;
    const dir = mkdtempSync(join(tmpdir(), 'cp-pdf-'));
    try {
      const file = join(dir, 'd.pdf');
      writeFileSync(file, pdf.data);
      const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info.status).toBe(0);
      expect(info.stdout).toMatch(/Pages:\s+1/);
      expect(info.stdout).toMatch(/Page size:\s+841\.89 x 595\.28 pts/);
      const t = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(t.status).toBe(0);
      expect(t.stdout).toContain('100.00 mm');
      expect(t.stdout).toContain('50.00 mm');
      expect(t.stdout.match(/\d: X [\d.]+ Y [\d.]+/g)).toHaveLength(4);
      // drawn: the page has the plate's colour and dark outline pixels, not a blank page
      const r = spawnSync('pdftoppm', ['-r', '30', '-gray', file, join(dir, 'p')], { encoding: 'utf8' });
      expect(r.status).toBe(0);
      const pgm = readFileSync(join(dir, 'p-1.pgm'));
      const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
      const px = pgm.subarray(header[0].length);
      const dark = px.filter((v) => v < 120).length, mid = px.filter((v) => v >= 120 && v < 245).length;
      expect(Number(header[1])).toBeGreaterThan(Number(header[2])); // landscape
      expect(dark).toBeGreaterThan(50);
      expect(mid).toBeGreaterThan(px.length / 50);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
