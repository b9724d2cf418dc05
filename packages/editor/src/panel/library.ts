/**
 * Panel parts (issue 19 §4): PANEL_LIB documents (EasyEDA's panel library: the same records as a
 * panel, with a title, description and tags) saved from a selection and placed on a panel, plus the
 * built-in parts (connector cut-outs, LED holes, knobs and switches, display windows).
 *
 * A part's records are stored about its centre (0, 0); placing one copies them with fresh ids,
 * moved to the click, as one undo step. Where parts live (a personal list in the browser, a team
 * library) is the caller's choice: here they are texts.
 */
import { parseDocuments, serializeDocuments } from '@copperplate/format';
import { Head, PanelPoly, PanelString, PanelDimension, AuxLine, PANEL_LAYER } from '@copperplate/format/records';
import { circle, dShape, roundedRect, type Contour } from '@copperplate/convert/panel/index';
import { type Rec, recType } from '../core/records.ts';
import { type PanelEditor, mm } from './editor.ts';

export interface PanelPartMeta { title: string; description: string; tags: string[] }
const PART_TYPES = new Set(['POLY', 'STRING', 'DIMENSION', 'AUXLINE']);

/** A PANEL_LIB document of the given records (panel frame), centred on (cx, cy). */
export function panelPartText(ed: PanelEditor, records: readonly Rec[], cx: number, cy: number, meta: PanelPartMeta): string {
  const recs = records.filter((r) => PART_TYPES.has(recType(r))).map((r) => ed.moved(r, -cx, -cy) as unknown[]);
  return serializeDocuments([{ docType: 'PANEL_LIB', version: '1.0', records: [['DOCTYPE', 'PANEL_LIB', '1.0'], ['HEAD', { title: meta.title, description: meta.description, tags: meta.tags }], ...recs] }]);
}

/** The selected records as a part (centred on their common box). Null when nothing placeable is selected. */
export function partFromSelection(ed: PanelEditor, keys: readonly string[], meta: PanelPartMeta): string | null {
  const ks = keys.filter((k) => ed.doc.has(k) && PART_TYPES.has(recType(ed.doc.get(k)!)));
  if (!ks.length) return null;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const k of ks) { const b = ed.boxOf(k); if (b) { minX = Math.min(minX, b.minX); minY = Math.min(minY, b.minY); maxX = Math.max(maxX, b.maxX); maxY = Math.max(maxY, b.maxY); } }
  if (!Number.isFinite(minX)) return null;
  return panelPartText(ed, ks.map((k) => ed.doc.get(k)!), (minX + maxX) / 2, (minY + maxY) / 2, meta);
}

/** The title, description and tags of a part's text (its HEAD). */
export function partMeta(text: string): PanelPartMeta {
  const b = parseDocuments(text).find((x) => x.docType === 'PANEL_LIB');
  const rec = b?.records.find((r) => Head.is(r));
  const head = rec ? (Head.get(rec, 'props') as Record<string, unknown> | undefined) : undefined;
  return { title: String(head?.title ?? 'Part'), description: String(head?.description ?? ''), tags: Array.isArray(head?.tags) ? (head!.tags as unknown[]).map(String) : [] };
}

/** Place a part centred on (x, y): its records copied with fresh ids. Returns their keys. */
export function placePanelPart(ed: PanelEditor, text: string, x: number, y: number): string[] {
  const b = parseDocuments(text).find((d) => d.docType === 'PANEL_LIB' || d.docType === 'PANEL');
  if (!b) return [];
  const recs = b.records.filter((r) => PART_TYPES.has(recType(r)));
  const keys: string[] = [];
  ed.doc.commit(`Place ${partMeta(text).title}`, (tx) => {
    for (const r of recs) {
      const id = tx.newId();
      const moved = ed.moved(r, x, y);
      const t = recType(r);
      const withId = t === 'POLY' ? PanelPoly.with(moved, { id }) : t === 'STRING' ? PanelString.with(moved, { id }) : t === 'DIMENSION' ? PanelDimension.with(moved, { id }) : AuxLine.with(moved, { id });
      keys.push(tx.add(withId));
    }
  });
  ed.selection.select(keys);
  return keys;
}

function builtin(ed: PanelEditor, title: string, tags: string[], cut: Contour[], label?: { text: string; dy: number }): string {
  const recs: Rec[] = cut.map((c, i) => ed.polyRecord(`c${i}`, PANEL_LAYER.CUT, [c], title));
  if (label) {
    recs.push(PanelString.create({
      id: 'l0', group: '0', layer: PANEL_LAYER.PRINT, locked: false, zIndex: null, valid: true, visible: true, cover: null, name: label.text, rotation: 0, text: label.text,
      font: 'default', fontSize: mm(2.5), fontWeight: 0, italic: false, underline: false, strikeout: false, align: 'CENTER_MIDDLE', color: '#000000', opacity: 1,
      matrix: [1, 0, 0, 0, 1, label.dy], strokes: false, path: null, transScope: null, transPrint: null, transWhite: null,
    }));
  }
  return panelPartText(ed, recs, 0, 0, { title, description: 'built-in', tags });
}

/** The built-in panel parts (system library), made for the given editor's records. */
export function builtinPanelParts(ed: PanelEditor): Array<{ title: string; text: string }> {
  const list: Array<[string, string[], Contour[], { text: string; dy: number }?]> = [
    ['LED 3 mm', ['led'], [circle(0, 0, mm(3.2))]],
    ['LED 5 mm', ['led'], [circle(0, 0, mm(5.2))]],
    ['Potentiometer knob (D shaft 6 mm, 7 mm bushing)', ['knob'], [dShape(0, 0, mm(7.2), mm(2.4))], { text: 'LEVEL', dy: mm(9) }],
    ['Toggle switch 6 mm', ['switch'], [circle(0, 0, mm(6.2))], { text: 'ON', dy: -mm(7) }],
    ['Tactile button 12 mm', ['switch'], [roundedRect(0, 0, mm(12.5), mm(12.5), mm(1))]],
    ['USB-C cut-out', ['connector'], [roundedRect(0, 0, mm(9.4), mm(3.6), mm(1.6))], { text: 'USB', dy: mm(5) }],
    ['DC jack 8 mm', ['connector'], [circle(0, 0, mm(8.2))], { text: 'DC IN', dy: mm(7) }],
    ['3.5 mm audio jack', ['connector'], [circle(0, 0, mm(6.2))]],
    ['OLED 0.96" window', ['display'], [roundedRect(0, 0, mm(26), mm(15), mm(0.5))]],
    ['LCD 16x2 window', ['display'], [roundedRect(0, 0, mm(72), mm(25), mm(0.5))]],
  ];
  return list.map(([title, tags, cut, label]) => ({ title, text: builtin(ed, title, tags, cut, label) }));
}

