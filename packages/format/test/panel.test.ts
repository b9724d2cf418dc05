/**
 * Front-panel documents in the codec (issue 19): the panel record modules (records/panel/), V3 PANEL
 * documents converted to them, and .epan files imported and exported like the other documents.
 * Fixtures: ./panel-fixtures.ts, written after EasyEDA's published PANEL examples.
 */
import { describe, it, expect } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { convertV3, eproToProjectData, failureCount, parseDocuments, projectDataToEpro, readEpro, writeEpro, panelRecordToV3 } from '@copperplate/format';
import { familyOf, kindOf, PANEL_KINDS, PCB_KINDS, PanelCanvas, PanelPoly, PanelString, ID_TYPES_BY_FAMILY, panelSize } from '@copperplate/format/records';
import { PANEL_EPAN, panelEpru } from './panel-fixtures.ts';
import { recordMultiset } from './multiset.ts';

const rows = (text: string) => parseDocuments(text)[0].records;

describe('panel records', () => {
  it('[issue-19] PANEL documents have their own record family: CANVAS, POLY, STRING, DIMENSION, AUXLINE, GROUP', () => {
    expect(familyOf('PANEL')).toBe('panel');
    expect(familyOf('PANEL_LIB')).toBe('panel');
    for (const t of ['CANVAS', 'POLY', 'STRING', 'DIMENSION', 'AUXLINE', 'GROUP']) {
      expect(PANEL_KINDS.has(t), t).toBe(true);
      // same names as PCB records, other layouts
      if (PCB_KINDS.has(t)) expect(PANEL_KINDS.get(t)).not.toBe(PCB_KINDS.get(t));
    }
    expect(ID_TYPES_BY_FAMILY.panel.has('AUXLINE')).toBe(true);
    expect(ID_TYPES_BY_FAMILY.panel.has('CANVAS')).toBe(false);
    // every field names its V3 field
    for (const k of PANEL_KINDS.values()) if (k.doc === 'panel') for (const [n, s] of Object.entries(k.fields)) if (n !== 'id') expect(s.v3, `${k.type}.${n}`).toBeTruthy();
  });

  it('[issue-19] build(parse(r)) reproduces every record of a V2 panel, and named edits touch only their field', () => {
    const recs = rows(PANEL_EPAN);
    expect(recs.map((r) => r[0])).toEqual(['DOCTYPE', 'HEAD', 'CANVAS', 'POLY', 'POLY', 'POLY', 'POLY', 'POLY', 'POLY', 'STRING', 'STRING', 'DIMENSION', 'AUXLINE', 'GROUP']);
    for (const r of recs) {
      const k = kindOf(r, 'panel')!;
      expect(k, String(r[0])).toBeDefined();
      expect(k.build(k.parse(r))).toEqual(r);
      expect(k.build({ ...k.parse(r) })).toEqual(r);
    }
    const c = PanelCanvas.parse(recs[2]);
    expect([c.material, c.thickness, c.print, c.craft, c.coverColor, c.backgroundColor]).toEqual(['aluminium', '1.5mm', 'Top Side', 'Matte', 'white', '#303840']);
    expect(panelSize(c.width)).toBeCloseTo(3937.0, 0);
    const edited = PanelCanvas.with(recs[2], { material: 'acrylic' });
    expect(edited.filter((v, i) => v !== recs[2][i])).toEqual(['acrylic']);
    const p = PanelPoly.parse(recs[4]);
    expect([p.layer, p.name, p.autoClose]).toEqual([3, 'round', true]);
    const moved = PanelString.with(recs[9], { text: 'MAINS' });
    expect(PanelString.get(moved, 'text')).toBe('MAINS');
    expect(PanelString.get(moved, 'align')).toBe('CENTER_MIDDLE');
  });

  it('[issue-19] a V3 PANEL document converts with all its records, field for field', () => {
    const c = convertV3(new Map([['x.epru', panelEpru('pan1')]]));
    expect(c.report.carried + c.report.notCarried.reduce((n, x) => n + x.count, 0)).toBe(c.report.total);
    // only the id reservation is not carried
    expect(c.report.notCarried).toEqual([{ kind: 'PANEL ELE_PLACEHOLDER', count: 1, reason: 'editor id reservation, no content' }]);
    expect((c.projectJson.panels as Record<string, string>).pan1).toBe('Front Panel');
    const recs = rows(c.entries.get('PANEL/pan1.epan') as string);
    expect(recs.map((r) => r[0])).toEqual(['DOCTYPE', 'HEAD', 'CANVAS', 'POLY', 'POLY', 'STRING', 'DIMENSION', 'AUXLINE', 'GROUP']);
    // back to V3 bodies: every field of the source body, same values
    const src = panelEpru('pan1').split('\n').slice(1).map((l) => { const i = l.indexOf('}||'); return { head: JSON.parse(l.slice(0, i + 1)), body: JSON.parse(l.slice(i + 3, -1) || 'null') }; });
    for (const r of recs.slice(2)) {
      const v3 = panelRecordToV3(r)!;
      const s = src.find((x) => x.head.id === v3.id)!;
      for (const [k, v] of Object.entries(s.body)) expect(v3.body[k], `${v3.type}.${k}`).toEqual(v);
    }
  });

  it('[issue-19][ARC-1] an .epro with a panel imports, and exports the panel with every record', () => {
    const pj = { schematics: {}, pcbs: {}, panels: { pan2: 'Front' }, symbols: {}, footprints: {}, devices: {}, boards: {}, config: {} };
    const a = readEpro(zipSync({ 'project.json': strToU8(JSON.stringify(pj)), 'PANEL/pan2.epan': strToU8(PANEL_EPAN) }));
    const r = eproToProjectData(a);
    expect(failureCount(r.failures)).toBe(0);
    expect(r.data.panels.map((p) => [p.uuid, p.title])).toEqual([['pan2', 'Front']]);
    const b = readEpro(writeEpro(projectDataToEpro(r.data)));
    const back = b.entries.get('PANEL/pan2.epan')!;
    const text = typeof back === 'string' ? back : new TextDecoder().decode(back);
    expect(recordMultiset(text)).toEqual(recordMultiset(PANEL_EPAN));
  });

  it('[issue-19] an .epro2 panel goes through the import pipeline', () => {
    const c = convertV3(new Map<string, Uint8Array | string>([['x.epru', panelEpru('pan3')], ['project2.json', strToU8('{}')]]));
    const files = new Map<string, Uint8Array>();
    files.set('project.json', strToU8(JSON.stringify(c.projectJson)));
    for (const [k, v] of c.entries) files.set(k, typeof v === 'string' ? strToU8(v) : v);
    const r = eproToProjectData(readEpro(zipSync(Object.fromEntries(files))));
    expect(failureCount(r.failures)).toBe(0);
    expect(rows(r.data.panels[0].dataStr).filter((x) => x[0] === 'POLY')).toHaveLength(2);
  });
});
