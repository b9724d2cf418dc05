/**
 * Front-panel outputs (packages/convert/src/panel): panel records drawn (picture and cutter SVG) and
 * written as DXF, the DXF read back by an independent reader (npm dxf-parser) with the same entities.
 * Panels: ../../../format/test/panel-fixtures.ts (written after EasyEDA's published PANEL examples).
 */
import { describe, it, expect } from 'vitest';
import DxfParser from 'dxf-parser';
import { convertV3, parseDocuments } from '@copperplate/format';
import { resolvePanel, panelSvg, panelDxf, circle, dShape, roundedRect, contourArea, parsePanelPath, contourToPath, type DxfEntity } from '@copperplate/convert/panel/index';
import { PANEL_EPAN, panelEpru } from '../../../format/test/panel-fixtures.ts';

const recs = (text: string) => parseDocuments(text)[0].records;
const v3Panel = () => recs(convertV3(new Map([['x.epru', panelEpru('p')]])).entries.get('PANEL/p.epan') as string);

describe('panel geometry', () => {
  it('[issue-19] holes: round (SVG arcs), D-shaped and rounded rectangles have their true areas', () => {
    const [round] = parsePanelPath(['M', 400, 984, 'A', 118, 118, 0, 0, 1, 636, 984, 'A', 118, 118, 0, 0, 1, 400, 984, 'Z']);
    expect(round.closed).toBe(true);
    expect(Math.abs(contourArea(round))).toBeCloseTo(Math.PI * 118 * 118, -2);
    expect(Math.abs(contourArea(circle(0, 0, 200)))).toBeCloseTo(Math.PI * 100 * 100, -2);
    // D: a disc of radius r cut by a flat at distance f: r^2 acos(f/r) ... as the circle minus the segment
    const r = 100, f = 60;
    const seg = r * r * Math.acos(f / r) - f * Math.sqrt(r * r - f * f);
    expect(Math.abs(contourArea(dShape(0, 0, 2 * r, f)))).toBeCloseTo(Math.PI * r * r - seg, -2);
    expect(Math.abs(contourArea(roundedRect(0, 0, 400, 200, 50)))).toBeCloseTo(400 * 200 - (4 - Math.PI) * 50 * 50, -2);
    // written back as path commands and read again: the same contour
    for (const c of [circle(10, 20, 90), dShape(5, 5, 120, 40, 30), roundedRect(1, 2, 300, 150, 20)]) {
      const [back] = parsePanelPath(contourToPath(c));
      expect(back.pts.map((p) => [Math.round(p.x), Math.round(p.y), Math.round(p.b * 1e3)])).toEqual(c.pts.map((p) => [Math.round(p.x), Math.round(p.y), Math.round(p.b * 1e3)]));
      expect(contourArea(back)).toBeCloseTo(contourArea(c), 0);
    }
  });
});

describe('panel drawing', () => {
  it('[issue-19] a V2 panel draws with all its records: plate, cut-outs, print, text, dimension', () => {
    const m = resolvePanel(recs(PANEL_EPAN));
    expect(m.settings.material).toBe('aluminium');
    expect(m.outline).toHaveLength(1);
    expect(m.cutouts).toHaveLength(4);
    expect(m.items.map((i) => i.kind)).toEqual(['poly', 'poly', 'poly', 'poly', 'poly', 'poly', 'text', 'text', 'dimension', 'aux']);
    const pic = panelSvg(m, { mode: 'picture' });
    expect(pic).toContain('fill="#303840"'); // the canvas background colour
    expect(pic).toContain('data-text="POWER"');
    expect(pic).toContain('100.00mm'); // the dimension's label
    const cut = panelSvg(m, { mode: 'cut' });
    expect(cut.match(/stroke="#ff0000"/g)).toHaveLength(5);
    expect(cut).not.toContain('100.00mm');
  });

  it('[issue-19] a V3 panel (EasyEDA example shapes) draws: arc, hole, stored glyph outlines in the text colour', () => {
    const m = resolvePanel(v3Panel());
    expect(m.settings.width).toBeCloseTo(120 * 1000 / 25.4, 3);
    expect(m.cutouts).toHaveLength(1);
    const pic = panelSvg(m, { mode: 'picture' });
    expect(pic).toMatch(/M400 1800A250 250 0 [01] 1 900 1800/);
    expect(pic).toContain('data-text="T" d="M600 1060L630 1060');
    expect(pic).toContain('fill="#202020"');
  });
});

describe('panel DXF', () => {
  const compare = (ours: DxfEntity[], text: string) => {
    const parsed = new DxfParser().parseSync(text)!;
    const theirs = parsed.entities as unknown as Record<string, any>[];
    expect(theirs.map((e) => [e.type, e.layer])).toEqual(ours.map((e) => [e.type, e.layer]));
    ours.forEach((e, i) => {
      const t = theirs[i];
      if (e.type === 'LWPOLYLINE') {
        expect(t.shape ?? false).toBe(e.closed);
        expect(t.vertices).toHaveLength(e.vertices.length);
        e.vertices.forEach((v, j) => {
          expect(t.vertices[j].x).toBeCloseTo(v.x, 6);
          expect(t.vertices[j].y).toBeCloseTo(v.y, 6);
          expect(t.vertices[j].bulge ?? 0).toBeCloseTo(v.bulge, 6);
        });
      } else if (e.type === 'CIRCLE') {
        expect([t.center.x, t.center.y, t.radius]).toEqual([e.x, e.y, e.r]);
      } else if (e.type === 'LINE') {
        expect([t.vertices[0].x, t.vertices[0].y, t.vertices[1].x, t.vertices[1].y]).toEqual([e.x1, e.y1, e.x2, e.y2]);
      } else {
        expect([t.text, t.startPoint.x, t.startPoint.y, t.textHeight, t.rotation ?? 0]).toEqual([e.text, e.x, e.y, e.height, e.rotation]);
      }
    });
    return parsed;
  };

  it('[issue-19] the cutter DXF of a panel reads back in dxf-parser with the same entities (layers, vertices, bulges, circles, text)', () => {
    const m = resolvePanel(recs(PANEL_EPAN));
    const { text, entities } = panelDxf(m);
    const counts = (t: string) => entities.filter((e) => e.type === t).length;
    // outline, 3 cut-outs as polylines + 1 round hole as a circle, the printed frame; 2 texts + 1 label; 3 dimension lines
    expect([counts('LWPOLYLINE'), counts('CIRCLE'), counts('TEXT'), counts('LINE')]).toEqual([5, 1, 3, 3]);
    const parsed = compare(entities, text);
    expect(Object.keys(parsed.tables.layer.layers).sort()).toEqual(['CUT', 'DOCUMENT', 'OUTLINE', 'PRINT']);
    // the plate in millimetres, Y up, its corner at 0,0
    const outline = entities.find((e) => e.layer === 'OUTLINE')! as Extract<DxfEntity, { type: 'LWPOLYLINE' }>;
    const xs = outline.vertices.map((v) => v.x), ys = outline.vertices.map((v) => v.y);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)].map((v) => Math.round(v * 100) / 100)).toEqual([0, 100, 0, 50]);
    const hole = entities.find((e) => e.type === 'CIRCLE')! as Extract<DxfEntity, { type: 'CIRCLE' }>;
    expect(hole.r).toBeCloseTo(118 * 0.0254, 6);
  });

  it('[issue-19] the DXF of a V3 panel reads back the same (non-ASCII text in UTF-8)', () => {
    const r = v3Panel().map((x) => (x[0] === 'STRING' ? [...x.slice(0, 11), 'Lautstärke', ...x.slice(12)] : x));
    const { text, entities } = panelDxf(resolvePanel(r));
    expect(entities.some((e) => e.type === 'TEXT' && e.text === 'Lautstärke')).toBe(true);
    compare(entities, text);
  });
});
