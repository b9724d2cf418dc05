/**
 * Issue 14 part 5: one move/rotate/mirror/delete/copy/paste implementation (core/edit-engine.ts) for
 * every domain. The same cases run against schematic records (a sheet of a fixture, sch/edit-hooks.ts
 * through SchematicEditor.engine) and PCB records (its board, pcb/edit-hooks.ts through PcbEditor.engine): a part with its attributes, and
 * what is attached to it (a wire on a pin, a track on a pad) following.
 */
import { describe, expect, it } from 'vitest';
import { parseDocuments } from '@copperplate/format';
import { Line, PcbAttr, PcbComponent, SchAttr, SchComponent } from '@copperplate/format/records';
import { EditorDocument } from '../src/core/document.ts';
import { EditEngine } from '../src/core/edit-engine.ts';
import { type Rec, recId, recType } from '../src/core/records.ts';
import { contextFromArchive, listSheets, textOf } from '../src/sch/context.ts';
import { componentPins } from '../src/sch/component.ts';
import { wirePolys } from '../src/sch/wires.ts';
import { SchematicEditor } from '../src/sch/editor.ts';
import { PcbEditor } from '../src/pcb/editor.ts';
import { findPcbDoc, pcbDocNames } from '../src/pcb/load.ts';
import { primDistance } from '../src/pcb/prims.ts';
import { fixture } from './pcb/fixtures.ts';
import { pcbActions } from '../src/pcb/actions.ts';
import { clipRecords, recordsBBox } from '../src/sch/clipboard.ts';

interface Domain {
  name: string;
  engine: EditEngine;
  doc: EditorDocument;
  /** A part with attributes and something attached to it. */
  part: string;
  /** Position of a part or attribute record. */
  pos(r: Rec): [number, number];
  /** What a part or attribute shows: type, position, angle (mod 360, unset = 0), side/mirror. */
  state(r: Rec): string;
  /** Keys of the records attached to the part (wires, tracks) and their end points. */
  attachedEnds(): number[];
  /** The editor's own copy then paste of the part moved by (dx, dy) (the schematic through its clipboard text). */
  copyPaste(dx: number, dy: number): string[];
  /** The editor's action registry with the part selected (edit.mirrorX / edit.mirrorY). */
  runOnPart(action: string): boolean;
}

function schDomain(): Domain {
  const a = fixture('ExtModule-002');
  const ctx = contextFromArchive(a);
  for (const s of listSheets(a)) {
    const doc = new EditorDocument(parseDocuments(textOf(a.entries.get(s.path))!));
    const ed = new SchematicEditor(doc, { ctx });
    const engine = ed.engine; // the engine the schematic editor edits through
    const wireEnds = () => doc.ofType('WIRE').flatMap(([, w]) => wirePolys(w).flatMap((p) => [p[0], p[1], p[p.length - 2], p[p.length - 1]]));
    const ends = new Set<string>();
    const all = wireEnds();
    for (let i = 0; i < all.length; i += 2) ends.add(`${all[i]},${all[i + 1]}`);
    for (const [k] of doc.ofType('COMPONENT')) {
      const pins = componentPins(doc, k, ctx);
      const wired = pins.filter((p) => ends.has(`${p.x},${p.y}`));
      const attrs = doc.childrenOf(k).filter((c) => { const r = doc.get(c)!; return SchAttr.is(r) && SchAttr.get(r, 'x') !== null; });
      if (!wired.length || !attrs.length) continue;
      return {
        name: 'schematic', engine, doc, part: k,
        pos: (r) => (SchComponent.is(r) ? [SchComponent.get(r, 'x'), SchComponent.get(r, 'y')] : [SchAttr.get(r, 'x') ?? NaN, SchAttr.get(r, 'y') ?? NaN]),
        state: (r) => JSON.stringify(SchComponent.is(r)
          ? ['COMPONENT', SchComponent.get(r, 'x'), SchComponent.get(r, 'y'), mod360(SchComponent.get(r, 'rotation')), !!SchComponent.get(r, 'mirror')]
          : [recType(r), SchAttr.get(r, 'x'), SchAttr.get(r, 'y'), SchAttr.get(r, 'x') === null ? 0 : mod360(SchAttr.get(r, 'rotation') ?? 0)]),
        attachedEnds: () => { const ps = componentPins(doc, k, ctx).map((p) => `${p.x},${p.y}`); const e = wireEnds(); const out: number[] = []; for (let i = 0; i < e.length; i += 2) if (ps.includes(`${e[i]},${e[i + 1]}`)) out.push(e[i], e[i + 1]); return out; },
        copyPaste(dx, dy) {
          ed.selection.select([k]);
          const text = ed.copy()!;
          const b = recordsBBox(clipRecords(text));
          return ed.paste(text, { x: b.minX + dx, y: b.minY + dy });
        },
        runOnPart: (id) => { ed.selection.select([k]); return ed.actions.run(id); },
      };
    }
  }
  throw new Error('no wired component with attributes');
}

function pcbDomain(): Domain {
  const a = fixture('ExtModule-002');
  const ref = findPcbDoc(a, pcbDocNames(a).pcbs[0].uuid);
  const ed = new PcbEditor(new EditorDocument(parseDocuments(ref.text)), { project: ref.project, pcbUuid: ref.uuid });
  const actions = pcbActions(ed, { cursor: () => ({ x: 0, y: 0 }), fit: () => {}, zoomBy: () => {} });
  const doc = ed.doc;
  const trackEnds = () => doc.ofType('LINE').flatMap(([, r]) => [Line.get(r, 'x1'), Line.get(r, 'y1'), Line.get(r, 'x2'), Line.get(r, 'y2')]);
  for (const [k, r] of doc.ofType('COMPONENT')) {
    const pads = (ed.scene.prims.get(k) ?? []).filter((p) => p.kind === 'pad');
    const onPad = (x: number, y: number) => pads.some((p) => primDistance(p, x, y) <= 0.5);
    const e = trackEnds();
    let wired = false;
    for (let i = 0; i < e.length && !wired; i += 2) wired = onPad(e[i], e[i + 1]);
    const attrs = doc.childrenOf(PcbComponent.get(r, 'id')).filter((c) => { const q = doc.get(c)!; return PcbAttr.is(q) && typeof PcbAttr.raw(q, 'x') === 'number'; });
    if (!wired || !attrs.length) continue;
    const ends0 = new Set<number>();
    for (let i = 0; i < e.length; i += 2) if (onPad(e[i], e[i + 1])) ends0.add(i);
    return {
      name: 'PCB', engine: ed.engine, doc, part: k,
      pos: (q) => (PcbComponent.is(q) ? [PcbComponent.get(q, 'x'), PcbComponent.get(q, 'y')] : [PcbAttr.get(q, 'x') ?? NaN, PcbAttr.get(q, 'y') ?? NaN]),
      state: (q) => JSON.stringify(PcbComponent.is(q)
        ? ['COMPONENT', PcbComponent.get(q, 'x'), PcbComponent.get(q, 'y'), mod360(PcbComponent.get(q, 'angle')), PcbComponent.get(q, 'layer')]
        : [recType(q), PcbAttr.get(q, 'x'), PcbAttr.get(q, 'y'), mod360(PcbAttr.get(q, 'angle')), PcbAttr.get(q, 'layer')]),
      // the same track ends (by position in the file), wherever they went
      attachedEnds: () => { const now = trackEnds(); return [...ends0].flatMap((i) => [now[i], now[i + 1]]); },
      copyPaste(dx, dy) { ed.copy([k]); return ed.paste(dx, dy); },
      runOnPart: (id) => { ed.selection.select([k]); return actions.run(id); },
    };
  }
  throw new Error('no component with tracks on its pads');
}

const mod360 = (v: number) => Math.round((((v % 360) + 360) % 360) * 1000) / 1000;

const DOMAINS: Array<[string, () => Domain]> = [['schematic', schDomain], ['PCB', pcbDomain]];
const snapshot = (doc: EditorDocument) => JSON.stringify(doc.toBlocks());
const group = (d: Domain) => d.engine.expand([d.part], 'transform');

describe.each(DOMAINS)('one edit engine: %s records', (_name, make) => {
  it('[issue-14] move: the part and its attributes move by the offset, attached wires/tracks follow, one undo step', () => {
    const d = make();
    const before = snapshot(d.doc);
    // the part and its placed attributes (an unplaced one has no position)
    const keys = group(d).filter((k) => d.pos(d.doc.get(k)!).every(Number.isFinite));
    expect(keys.length).toBeGreaterThan(1);
    const was = new Map(keys.map((k) => [k, d.pos(d.doc.get(k)!)]));
    const endsBefore = d.attachedEnds();
    d.engine.move([d.part], 40, -20);
    for (const k of keys) {
      const [x0, y0] = was.get(k)!, [x1, y1] = d.pos(d.doc.get(k)!);
      expect([x1 - x0, y1 - y0].map((v) => Math.round(v * 1000) / 1000)).toEqual([40, -20]);
    }
    const endsAfter = d.attachedEnds();
    expect(endsBefore.length).toBeGreaterThan(0);
    // every wire or track end that was on the part is on it again, moved with it
    const after = new Set<string>();
    for (let i = 0; i < endsAfter.length; i += 2) after.add(`${Math.round(endsAfter[i] * 1000) / 1000},${Math.round(endsAfter[i + 1] * 1000) / 1000}`);
    for (let i = 0; i < endsBefore.length; i += 2) expect(after.has(`${Math.round((endsBefore[i] + 40) * 1000) / 1000},${Math.round((endsBefore[i + 1] - 20) * 1000) / 1000}`)).toBe(true);
    d.doc.undo();
    expect(snapshot(d.doc)).toBe(before);
  });

  it('[issue-14] rotate: four quarter turns bring the part and its attributes back; one turn is one undo step', () => {
    const d = make();
    const keys = group(d);
    const recs = () => keys.map((k) => d.doc.get(k));
    const shown = () => keys.map((k) => d.state(d.doc.get(k)!));
    const start = JSON.stringify(recs());
    const look = shown();
    const before = snapshot(d.doc);
    d.engine.rotate([d.part], 90);
    expect(JSON.stringify(recs())).not.toBe(start);
    // a lone part turns about its origin
    expect(d.pos(d.doc.get(d.part)!)).toEqual(d.pos(JSON.parse(start)[keys.indexOf(d.part)]));
    d.doc.undo();
    expect(snapshot(d.doc)).toBe(before);
    for (let i = 0; i < 4; i++) d.engine.rotate([d.part], 90);
    expect(shown()).toEqual(look);
  });

  it('[issue-14] mirror: twice about the same line is the identity', () => {
    const d = make();
    const keys = group(d);
    const shown = () => keys.map((k) => d.state(d.doc.get(k)!));
    const look = shown();
    for (const axis of ['x', 'y'] as const) {
      const c = d.engine.hooks.pivot(d.doc, [d.part]);
      d.engine.mirror([d.part], axis, c);
      expect(shown()).not.toEqual(look);
      d.engine.mirror([d.part], axis, c);
      expect(shown()).toEqual(look);
    }
  });

  it('[issue-14] mirror from the editor: edit.mirrorX / edit.mirrorY of its one action registry mirror the selected part; twice is the identity, each one undo step', () => {
    const d = make();
    const keys = group(d);
    const shown = () => keys.map((k) => d.state(d.doc.get(k)!));
    const look = shown();
    for (const id of ['edit.mirrorX', 'edit.mirrorY']) {
      const before = snapshot(d.doc);
      expect(d.runOnPart(id)).toBe(true);
      expect(shown()).not.toEqual(look);
      d.doc.undo();
      expect(snapshot(d.doc)).toBe(before);
      d.runOnPart(id);
      d.runOnPart(id);
      expect(shown()).toEqual(look);
    }
  });

  it('[issue-14] delete: the part and what hangs on it go, nothing else; undo restores the document', () => {
    const d = make();
    const before = snapshot(d.doc);
    const gone = d.engine.expand([d.part], 'delete');
    const n = d.doc.size;
    d.engine.delete([d.part]);
    expect(d.doc.size).toBe(n - gone.length);
    for (const k of gone) expect(d.doc.has(k)).toBe(false);
    d.doc.undo();
    expect(snapshot(d.doc)).toBe(before);
  });

  it('[issue-14] copy and paste: the same records with fresh ids, children re-linked, moved by the offset; one undo step', () => {
    const d = make();
    const before = snapshot(d.doc);
    const group = d.engine.expand([d.part], 'copy');
    const n = d.doc.size;
    const top = d.copyPaste(100, 50); // through the editor's copy and paste (the schematic's clipboard text)
    expect(top).toHaveLength(1);
    // the part and everything that goes with it, once more; what they refer to (a sheet's styles) is reused, not added
    expect(d.doc.size).toBe(n + group.length);
    const pasted = d.doc.get(top[0])!;
    expect(recType(pasted)).toBe('COMPONENT');
    expect(recId(pasted)).not.toBe(recId(d.doc.get(d.part)!));
    const [x0, y0] = d.pos(d.doc.get(d.part)!), [x1, y1] = d.pos(pasted);
    expect([x1 - x0, y1 - y0]).toEqual([100, 50]);
    // the pasted part has as many children as the original, none shared
    const kids = (k: string) => d.doc.childrenOf(recId(d.doc.get(k)!)!);
    expect(kids(top[0]).length).toBe(kids(d.part).length);
    expect(kids(top[0]).some((k) => kids(d.part).includes(k))).toBe(false);
    d.doc.undo();
    expect(snapshot(d.doc)).toBe(before);
  });
});

describe('schematic clipboard on the edit engine', () => {
  it('[issue-14] a copy carries the styles its records use: pasted into an empty sheet they come along, the records name them', () => {
    const a = fixture('ExtModule-002');
    const ctx = contextFromArchive(a);
    const s = listSheets(a)[0];
    const src = new SchematicEditor(new EditorDocument(parseDocuments(textOf(a.entries.get(s.path))!)), { ctx });
    const part = src.doc.ofType('COMPONENT')[0][0];
    src.selection.select([part]);
    const text = src.copy()!;
    const styles = clipRecords(text).filter((r) => recType(r) === 'FONTSTYLE' || recType(r) === 'LINESTYLE');
    expect(styles.length).toBeGreaterThan(0);
    const dst = new SchematicEditor(new EditorDocument(parseDocuments('["DOCTYPE","SCH","1.1"]\n')), { ctx });
    const keys = dst.paste(text, { x: 0, y: 0 });
    expect(keys).toHaveLength(1);
    const added = [...dst.doc.ofType('FONTSTYLE'), ...dst.doc.ofType('LINESTYLE')].map(([k]) => k);
    expect(added).toHaveLength(styles.length);
    // every style id a pasted record names is one of the added styles
    const named = dst.doc.records().filter((r) => recType(r) !== 'FONTSTYLE' && recType(r) !== 'LINESTYLE').flatMap((r) => r.filter((v): v is string => typeof v === 'string' && /^st\d+$/.test(v)));
    expect(named.length).toBeGreaterThan(0);
    for (const id of named) expect(added).toContain(id);
  });
});
