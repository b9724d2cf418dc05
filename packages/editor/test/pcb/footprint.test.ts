import { describe, expect, it } from 'vitest';
import { parseDocuments, serializeDocuments } from '@copperplate/format';
import { EditorDocument } from '../../src/core/document.ts';
import { PcbEditor } from '../../src/pcb/editor.ts';
import { type PackageSpec, MM, emptyFootprint, generateFootprint, padRecord } from '../../src/footprint/generator.ts';
import { renderPcbSvg } from '../../src/pcb/svg.ts';
import { installPcbTools, type DrawTool } from '../../src/pcb/tools.ts';

const SPECS: Array<[PackageSpec, number]> = [
  [{ kind: 'chip', size: '0603' }, 2], [{ kind: 'chip', size: '0402', prefix: 'C' }, 2],
  [{ kind: 'soic', pins: 8 }, 8], [{ kind: 'sop', pins: 16, pitch: 0.65, span: 6.4 }, 16],
  [{ kind: 'qfn', pins: 32, body: 5, ep: 3.4 }, 33], [{ kind: 'qfp', pins: 48, body: 7, span: 9 }, 48],
  [{ kind: 'dip', pins: 14 }, 14], [{ kind: 'sot', variant: 'SOT-23' }, 3], [{ kind: 'sot', variant: 'SOT-23-5' }, 5],
  [{ kind: 'sot', variant: 'SOT-23-6' }, 6], [{ kind: 'sot', variant: 'SOT-223' }, 4],
  [{ kind: 'header', pins: 10, rows: 2 }, 10], [{ kind: 'header', pins: 4 }, 4],
];

const reparse = (text: string) => parseDocuments(text);

describe('footprint generator and footprint editor', () => {
  for (const [spec, pads] of SPECS) {
    it(`[PCB-FP] generator ${spec.kind} ${JSON.stringify(spec)} gives ${pads} pads in valid FOOTPRINT records`, () => {
      const { name, block } = generateFootprint(spec);
      expect(name.length).toBeGreaterThan(2);
      const text = serializeDocuments([block]);
      const back = reparse(text);
      expect(back).toHaveLength(1);
      expect(back[0].docType).toBe('FOOTPRINT');
      expect(back[0].records).toEqual(block.records);
      const padRecs = back[0].records.filter((r) => r[0] === 'PAD');
      expect(padRecs).toHaveLength(pads);
      expect(new Set(padRecs.map((r) => r[5])).size).toBe(pads); // unique numbers
      expect(new Set(padRecs.map((r) => r[1])).size).toBe(pads); // unique ids
      const svg = renderPcbSvg(text);
      expect((svg.match(/data-kind="PAD"/g) ?? []).length).toBeGreaterThanOrEqual(pads);
      // silk and assembly graphics present
      expect(back[0].records.some((r) => r[0] === 'POLY' && r[4] === 3)).toBe(true);
      expect(back[0].records.some((r) => r[0] === 'POLY' && r[4] === 9)).toBe(true);
    });
  }

  it('[PCB-FP] pitch and span come out in mil (SOIC-8: 1.27 mm pitch, 5.4 mm span)', () => {
    const pads = generateFootprint({ kind: 'soic', pins: 8 }).block.records.filter((r) => r[0] === 'PAD');
    const p1 = pads.find((r) => r[5] === '1')!, p2 = pads.find((r) => r[5] === '2')!, p8 = pads.find((r) => r[5] === '8')!;
    expect((p1[7] as number) - (p2[7] as number)).toBeCloseTo(1.27 * MM, 3);
    expect((p8[6] as number) - (p1[6] as number)).toBeCloseTo(5.4 * MM, 3);
    expect(p8[7]).toBeCloseTo(p1[7] as number, 6); // pin 8 opposite pin 1
    const dip = generateFootprint({ kind: 'dip', pins: 8 }).block.records.filter((r) => r[0] === 'PAD');
    expect(dip.every((r) => r[4] === 12 && Array.isArray(r[9]) && r[15] === 1)).toBe(true);
  });

  it('[PCB-FP] footprint editor: SMD and through-hole pads of every shape, silk and assembly graphics, undo', () => {
    const ed = new PcbEditor(new EditorDocument([emptyFootprint()]));
    installPcbTools(ed);
    expect(ed.isFootprint).toBe(true);
    const shapes = [['RECT', 60, 40, 20], ['ELLIPSE', 50, 50], ['OVAL', 80, 40], ['NGON', 60, 8], ['POLY', [300, 0, 'L', 340, 0, 340, 40, 300, 40]]] as const;
    ed.commit('Pads', (tx) => {
      shapes.forEach((s, i) => {
        tx.add(padRecord(tx.newId(), { number: String(i + 1), x: i * 100, y: 0, shape: s as never }));
        tx.add(padRecord(tx.newId(), { number: String(i + 11), x: i * 100, y: 200, shape: s as never, hole: i === 2 ? ['SLOT', 50, 20] : ['ROUND', 30, 30] }));
      });
    });
    const pads = [...ed.scene.all()].filter((p) => p.kind === 'pad');
    expect(pads).toHaveLength(10);
    expect(pads.filter((p) => p.layer === 1)).toHaveLength(5);
    expect(pads.filter((p) => p.layer === 12)).toHaveLength(5);
    expect([...ed.scene.all()].filter((p) => p.kind === 'hole')).toHaveLength(5);
    ed.panel.setActive(9);
    ed.tools.activate('graphic');
    for (const [x, y] of [[-100, -100], [500, -100], [500, 300]]) { ed.tools.pointer({ kind: 'down', x, y }); ed.tools.pointer({ kind: 'up', x, y }); }
    (ed.tools.active as DrawTool).finish();
    expect(ed.doc.records().at(-1)![4]).toBe(9);
    ed.panel.setActive(3);
    ed.tools.activate('graphic');
    for (const [x, y] of [[-120, -120], [520, -120]]) { ed.tools.pointer({ kind: 'down', x, y }); ed.tools.pointer({ kind: 'up', x, y }); }
    (ed.tools.active as DrawTool).finish();
    expect(ed.doc.records().at(-1)![4]).toBe(3);
    const text = serializeDocuments(ed.doc.toBlocks());
    expect(reparse(text)[0].records.slice(1)).toEqual(ed.doc.records().map((r) => [...r]));
    const svg = renderPcbSvg(text, { layers: [1, 3, 9, 12, 47] });
    expect((svg.match(/data-kind="PAD"/g) ?? []).length).toBe(15);
    ed.undo(); ed.undo(); ed.undo();
    expect(ed.doc.records().some((r) => r[0] === 'PAD')).toBe(false);
  });
});
