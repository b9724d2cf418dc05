/**
 * The ratsnest after an edit is computed again only for the nets the edit touched (a 100k-pad
 * board's whole ratsnest is over a second of CPU; an edit waited for it). What must hold: after any
 * run of edits, the updated ratsnest equals the one computed from scratch, line for line as a set
 * and island count for island count, and edits of one net leave the other nets' lines as they were.
 */
import { describe, expect, it } from 'vitest';
import { parseDocuments } from '@copperplate/format';
import { EditorDocument } from '../../src/core/document.ts';
import { num } from '../../src/core/records.ts';
import { PcbEditor } from '../../src/pcb/editor.ts';
import { findPcbDoc, pcbDocNames } from '../../src/pcb/load.ts';
import { type Ratsnest, computeRatsnest } from '../../src/pcb/ratsnest.ts';
import { fixture } from './fixtures.ts';

function open(name: string) {
  const a = fixture(name);
  const ref = findPcbDoc(a, pcbDocNames(a).pcbs[0].uuid);
  return new PcbEditor(new EditorDocument(parseDocuments(ref.text)), { project: ref.project, pcbUuid: ref.uuid });
}
const lineKeys = (r: Ratsnest) => r.lines.map((l) => `${l.net}|${l.x1},${l.y1}|${l.x2},${l.y2}`).sort();
const islands = (r: Ratsnest) => [...r.islands].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
function expectFresh(ed: PcbEditor) {
  const got = ed.ratsnest();
  const fresh = computeRatsnest(ed.scene);
  expect(lineKeys(got)).toEqual(lineKeys(fresh));
  expect(islands(got)).toEqual(islands(fresh));
}

describe('ratsnest after an edit', () => {
  for (const name of ['STM32G431-mini', 'falcon-flight-FFB6.1']) {
    it(`${name}: deleting, moving and adding tracks and vias, undo and redo: the updated ratsnest equals a fresh one`, () => {
      const ed = open(name);
      const first = ed.ratsnest();
      const firstKeys = lineKeys(first); // the editor gives its ratsnest up to the next update
      const tracks = ed.doc.keys().filter((k) => { const r = ed.doc.get(k)!; return r[0] === 'LINE' && String(r[3] ?? '') !== '' && [1, 2].includes(num(r[4])); });
      const vias = ed.doc.keys().filter((k) => ed.doc.get(k)![0] === 'VIA');
      expect(tracks.length).toBeGreaterThan(10);
      // one track of a net deleted: that net alone changes
      const k0 = tracks[Math.floor(tracks.length / 2)];
      const net0 = String(ed.doc.get(k0)![3]);
      ed.doc.commit('delete track', (tx) => tx.remove(k0));
      const after = ed.ratsnest();
      expectFresh(ed);
      const others = (keys: string[]) => keys.filter((l) => !l.startsWith(`${net0}|`));
      expect(others(lineKeys(after))).toEqual(others(firstKeys));
      // several edits before the ratsnest is asked for: a track moved, another deleted, a via deleted
      const k1 = tracks[1], k2 = tracks[tracks.length - 2];
      ed.doc.commit('move track', (tx) => tx.update(k1, (r) => { const c = [...r]; c[5] = num(c[5]) + 40; c[6] = num(c[6]) - 25; return c; }));
      ed.doc.commit('delete track', (tx) => tx.remove(k2));
      if (vias.length) ed.doc.commit('delete via', (tx) => tx.remove(vias[0]));
      expectFresh(ed);
      // a track added on another net, from one of its pads' centres
      const pad = [...ed.scene.all()].find((p) => p.kind === 'pad' && p.net && p.net !== net0)!;
      const cx = (pad.box.minX + pad.box.maxX) / 2, cy = (pad.box.minY + pad.box.maxY) / 2;
      const proto = ed.doc.get(k0) ?? ed.doc.get(tracks[0])!;
      ed.doc.commit('add track', (tx) => { const c = [...proto]; c[1] = ed.doc.newId(); c[3] = pad.net; c[5] = cx; c[6] = cy; c[7] = cx + 300; c[8] = cy; tx.add(c); });
      expectFresh(ed);
      // undo and redo are edits like any other
      ed.undo(); expectFresh(ed);
      ed.undo(); expectFresh(ed);
      ed.redo(); expectFresh(ed);
      // a rebuild (structural edit) starts again from scratch
      ed.rebuild();
      expectFresh(ed);
    });
  }
});
