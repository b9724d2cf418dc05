import { describe, expect, it } from 'vitest';
import { parseDocuments } from '@copperplate/format';
import {
  ActionRegistry, EditorDocument, Grid, Selection, SpatialIndex, ToolManager, Viewport, openDocument, serializeDocument,
} from '../src/index.ts';

const TEXT = [
  '["DOCTYPE","SCH","1.1"]',
  '["HEAD",{"originX":0,"originY":0,"maxId":12}]',
  '["LINESTYLE","st1",null,null,null,null]',
  '["WIRE","e5",[[0,0,10,0]],"st1",0]',
  '["ATTR","e6","e5","NET","GND",0,1,0,0,0,"st2",0]',
  '["MYSTERY",1,2,3]',
  '["TEXT","e7",1,2,0,"hi","st2",0,"extra"]',
].join('\n');

describe('document store', () => {
  it('keys records by id, keeps singletons and unknown records in order, serializes back', () => {
    const d = openDocument(TEXT);
    expect(d.get('e5')?.[0]).toBe('WIRE');
    expect(d.childrenOf('e5')).toEqual(['e6']);
    expect(d.singleton('HEAD')).toBeDefined();
    expect(d.keys().filter((k) => k.startsWith('~'))).toHaveLength(2);
    expect(serializeDocument(d).trim()).toBe(TEXT);
  });

  it('[issue-10] PCB ATTRs name their parent at index 3 (schematic ATTRs at 2): a component\'s children are its ATTRs and PAD_NETs', () => {
    const pcb = openDocument([
      '["DOCTYPE","PCB","1.8"]',
      '["COMPONENT","e2",0,1,10,20,0,{},0]',
      '["ATTR","e2e1",0,"e2",3,null,null,"Designator","R1",0,1,"default",45,6,0,0,3,0,0,0,0,0]',
      '["ATTR","e9","1","",3,null,null,"Title","x",0,0,"default",45,6,0,0,3,0,0,0,0,0]',
      '["PAD_NET","e2","1","GND","e16"]',
    ].join('\n'));
    expect(pcb.family).toBe('pcb');
    expect(pcb.childrenOf('e2').sort()).toEqual(['e2e1', pcb.keys().find((k) => k.startsWith('~PAD_NET'))!].sort());
    expect(pcb.childrenOf('1')).toEqual([]); // a group id at index 2 is not a parent
    expect(openDocument(TEXT).family).toBe('sch');
  });

  it('[TKT-2] a commit is one undo step and one change set, and marks the document edited', () => {
    const edits: string[] = [];
    const d = new EditorDocument(parseDocuments(TEXT), { onEdited: (cs) => edits.push(`${cs.origin}:${cs.label}`) });
    const heard: number[] = [];
    d.subscribe((cs) => heard.push(cs.changes.length));
    const cs = d.commit('move', (tx) => {
      tx.update('e5', (r) => [r[0], r[1], [[5, 5, 15, 5]], r[3], r[4]]);
      tx.add(['TEXT', tx.newId(), 0, 0, 0, 'new', 'st2', 0]);
    });
    expect(cs.changes.map((c) => c.key).sort()).toEqual(['e13', 'e5', d.keys()[0]].sort()); // HEAD.maxId follows
    expect(d.get('e13')?.[5]).toBe('new'); // maxId 12 in HEAD is exceeded by the scan of ids
    d.undo();
    expect(d.has('e13')).toBe(false);
    expect((d.get('e5')![2] as number[][])[0][0]).toBe(0);
    d.redo();
    expect(d.has('e13')).toBe(true);
    expect(edits).toEqual(['local:move', 'undo:move', 'redo:move']);
    expect(heard).toEqual([3, 3, 3]);
  });

  it('undo of a delete puts the record back in its place in the file', () => {
    const d = openDocument(TEXT);
    d.commit('del', (tx) => tx.remove('e5'));
    expect(serializeDocument(d)).not.toContain('["WIRE","e5"');
    d.undo();
    expect(serializeDocument(d).trim()).toBe(TEXT);
  });

  it('remote changes reach listeners but bypass undo and onEdited', () => {
    let edited = 0;
    const d = new EditorDocument(parseDocuments(TEXT), { onEdited: () => edited++ });
    let heard = 0;
    d.subscribe(() => heard++);
    d.applyRemote([{ key: 'e7', rec: ['TEXT', 'e7', 1, 2, 0, 'remote', 'st2', 0] }]);
    expect(heard).toBe(1);
    expect(edited).toBe(0);
    expect(d.canUndo()).toBe(false);
  });

  it('a commit that sets records to what they hold is no undo step (a property field committed on Enter and again on blur undid in two presses)', () => {
    const edits: string[] = [];
    const d = new EditorDocument(parseDocuments(TEXT), { onEdited: (cs) => edits.push(cs.label) });
    d.commit('width', (tx) => tx.update('e5', (r) => [r[0], r[1], [[0, 0, 20, 0]], r[3], r[4]]));
    const held = d.get('e5');
    const again = d.commit('width', (tx) => tx.update('e5', (r) => [r[0], r[1], [[0, 0, 20, 0]], r[3], r[4]]));
    expect(again.changes).toEqual([]);
    expect(d.get('e5')).toBe(held); // the record keeps its object
    expect(edits).toEqual(['width']);
    d.undo();
    expect((d.get('e5')![2] as number[][])[0][2]).toBe(10);
    expect(d.canUndo()).toBe(false);
    // a record removed and added back in one commit (a move in the file's order) is still a change
    const moved = d.commit('to front', (tx) => { const r = tx.get('e5')!; tx.remove('e5'); tx.add([...r], 'e7'); });
    expect(moved.changes.map((c) => c.key)).toEqual(['e5']);
  });

  it('a failing commit rolls back', () => {
    const d = openDocument(TEXT);
    expect(() => d.commit('x', (tx) => { tx.remove('e5'); throw new Error('boom'); })).toThrow('boom');
    expect(d.has('e5')).toBe(true);
    expect(d.canUndo()).toBe(false);
  });
});

describe('engine pieces', () => {
  it('[CONST-2] viewport zoom is clamped to 20..100000 %, default 100 %', () => {
    const v = new Viewport({ width: 100, height: 100 });
    expect(v.zoom).toBe(100);
    v.zoomTo(5);
    expect(v.zoom).toBe(20);
    v.zoomTo(1e9);
    expect(v.zoom).toBe(100000);
  });

  it('viewport maps Y up to screen Y down, zooms about a point and fits a box', () => {
    const v = new Viewport({ width: 200, height: 100 });
    expect(v.toScreen(10, 10)).toEqual({ x: 110, y: 40 });
    const w = v.toWorld(150, 20);
    v.zoomTo(400, 150, 20);
    const w2 = v.toWorld(150, 20);
    expect(w2.x).toBeCloseTo(w.x);
    expect(w2.y).toBeCloseTo(w.y);
    v.fit({ minX: 0, minY: 0, maxX: 1000, maxY: 100 }, 0);
    expect(v.zoom).toBeCloseTo(20);
    v.panBy(10, 0);
    expect(v.cx).toBeCloseTo(500 - 10 / v.scale);
  });

  it('grid snaps', () => {
    const g = new Grid(5);
    expect(g.snapPt({ x: 12, y: -13 })).toEqual({ x: 10, y: -15 });
  });

  it('spatial index finds, moves and removes boxes', () => {
    const s = new SpatialIndex(10);
    s.insert('a', { minX: 0, minY: 0, maxX: 5, maxY: 5 });
    s.insert('b', { minX: 100, minY: 100, maxX: 105, maxY: 105 });
    s.insert('huge', { minX: -1e5, minY: -1e5, maxX: 1e5, maxY: 1e5 });
    expect(s.at(2, 2).sort()).toEqual(['a', 'huge']);
    s.insert('a', { minX: 200, minY: 200, maxX: 205, maxY: 205 });
    expect(s.at(2, 2)).toEqual(['huge']);
    s.remove('huge');
    expect(s.query({ minX: 90, minY: 90, maxX: 300, maxY: 300 }).sort()).toEqual(['a', 'b']);
  });

  it('selection adds, toggles and prunes', () => {
    const s = new Selection();
    s.select(['a', 'b']);
    s.toggle(['b', 'c']);
    expect(s.ids.sort()).toEqual(['a', 'c']);
    s.prune((id) => id !== 'a');
    expect(s.ids).toEqual(['c']);
  });

  it('action registry: shortcuts and palette read the same actions', () => {
    const r = new ActionRegistry();
    let n = 0;
    r.register({ id: 'edit.undo', label: 'Undo', menu: 'Edit', shortcut: 'Ctrl+Z', run: () => n++ });
    r.register({ id: 'place.wire', label: 'Wire', menu: 'Place', shortcut: 'W', run: () => (n += 10) });
    expect(r.handleKey({ key: 'z', ctrl: true })).toBe(true);
    expect(r.handleKey({ key: 'w' })).toBe(true);
    expect(r.handleKey({ key: 'q' })).toBe(false);
    expect(n).toBe(11);
    expect(r.search('und').map((a) => a.id)).toEqual(['edit.undo']);
    expect(r.byMenu('Place')).toHaveLength(1);
  });

  it('tool manager: Escape cancels a busy tool, then returns to select', () => {
    const tm = new ToolManager('select');
    const log: string[] = [];
    let state = 'idle';
    tm.register({ id: 'select', state: 'idle', pointer: () => {} });
    tm.register({ id: 'wire', get state() { return state; }, pointer: (e) => { if (e.kind === 'down') state = 'drawing'; }, cancel: () => { state = 'idle'; log.push('cancel'); } });
    tm.activate('wire');
    tm.pointer({ kind: 'down', x: 0, y: 0 });
    expect(tm.key({ key: 'Escape' })).toBe(true);
    expect(tm.active?.id).toBe('wire');
    tm.key({ key: 'Escape' });
    expect(tm.active?.id).toBe('select');
    expect(log[0]).toBe('cancel');
  });
});
