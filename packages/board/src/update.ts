/**
 * In-place update of a resolved board after an edit (incremental refill without a full rebuild): the
 * records named by id (components, top-level primitives, pours) are resolved again from the board's
 * new source and replace what they gave before; the item grids (grid.ts) and a TileCache's
 * fingerprints and tiles (tiles.ts) are patched, and the pours within reach of the change are named.
 * Linear in the board for one pass over its arrays (no geometry outside the edit). Board outline,
 * rules and layer edits need a full `resolveBoard` (`rebuild` says so). Clip units.
 */
import { CLIP_SCALE, growIBox, iboxOverlap } from './clip.ts';
import { builtGrids } from './grid.ts';
import { type BoardModel, type BoardSource, type CopperItem, type Hole, type SilkItem, MULTI, OUTLINE, recordId, resolveBoard } from './model.ts';
import { type ItemPrint, type TileCache, holePrint, itemPrint, keepoutPrint } from './tiles.ts';
import { Fill, Line, PadNet, PcbArc, PcbAttr, PcbPoly } from '@copperplate/format/records';

export interface BoardUpdate {
  /** True when the edit reaches what an in-place update cannot (board outline): resolve the board again. */
  rebuild: boolean;
  /** Old and new boxes (with layers) of every obstacle removed or added. */
  changes: ItemPrint[];
  /** Pours the edit touched: changed pours and those within reach of a change (fill order not implied). */
  touched: string[];
}

const OUTLINE_OF: Record<string, (r: readonly unknown[]) => number> = {
  LINE: (r) => Line.get(r, 'layer'), ARC: (r) => PcbArc.get(r, 'layer'), POLY: (r) => PcbPoly.get(r, 'layer'), FILL: (r) => Fill.get(r, 'layer'),
};

/** Remove in place (order kept) the entries `gone` says to; returns the removed ones. */
function prune<T>(list: T[], gone: (x: T) => boolean): T[] {
  const out: T[] = [];
  let w = 0;
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (gone(x)) out.push(x);
    else list[w++] = x;
  }
  list.length = w;
  return out;
}

type Owned = { key: string; owner?: string };
/** Positions of a list's entries by the record that made them (component id, or the record's own id). */
class Slots<T extends Owned> {
  pos = new Map<string, number[]>();
  constructor(readonly list: T[]) {
    list.forEach((x, i) => { const k = x.owner ?? x.key; const l = this.pos.get(k); if (l) l.push(i); else this.pos.set(k, [i]); });
  }
  /**
   * Replace what the records `ids` made with `fresh` (the same records resolved again): in place when
   * as many entries come back, else by one pass over the list (and the positions are found again).
   */
  replace(ids: ReadonlySet<string>, fresh: T[]): { gone: T[]; slots: Slots<T> } {
    const at: number[] = [];
    for (const id of ids) for (const i of this.pos.get(id) ?? []) at.push(i);
    if (at.length === fresh.length) {
      at.sort((a, b) => a - b);
      const byId = new Map<string, T[]>();
      for (const x of fresh) { const k = x.owner ?? x.key; const l = byId.get(k); if (l) l.push(x); else byId.set(k, [x]); }
      // the same records give the same count per record: keep each one's slots
      let same = true;
      for (const id of ids) if ((this.pos.get(id)?.length ?? 0) !== (byId.get(id)?.length ?? 0)) same = false;
      if (same) {
        const gone: T[] = [];
        for (const id of ids) {
          const ps = this.pos.get(id) ?? [], xs = byId.get(id) ?? [];
          ps.forEach((i, k) => { gone.push(this.list[i]); this.list[i] = xs[k]; });
        }
        return { gone, slots: this };
      }
    }
    const gone = prune(this.list, (x) => ids.has(x.owner ?? x.key));
    for (const x of fresh) this.list.push(x);
    return { gone, slots: new Slots(this.list) };
  }
}

interface BoardSlots { items: Slots<CopperItem>; holes: Slots<Hole>; silk: Slots<SilkItem> }
const slotCache = new WeakMap<BoardModel, BoardSlots>();
/**
 * Where each record's items, holes and silkscreen sit in a board's arrays: built once (O(board)) and
 * kept up to date by updateBoard. Call it after resolveBoard when edits will follow (else the first
 * update builds it).
 */
export function indexBoard(model: BoardModel): BoardSlots {
  let s = slotCache.get(model);
  if (!s || s.items.list !== model.items || s.holes.list !== model.holes || s.silk.list !== model.silk) {
    s = { items: new Slots(model.items), holes: new Slots(model.holes), silk: new Slots(model.silk) };
    slotCache.set(model, s);
  }
  return s;
}

/** The part a record belongs to: its own id, the parent of an ATTR, the component of a PAD_NET. */
export const recordPart = (r: readonly unknown[]): string | undefined => {
  const t = r[0];
  return t === 'ATTR' ? PcbAttr.get(r, 'parentId') : t === 'PAD_NET' ? PadNet.get(r, 'componentId') : recordId(r);
};

/** The records an update needs: those named by `ids`, and the ATTR and PAD_NET records of named components. */
function recordsFor(recs: readonly (readonly unknown[])[], ids: ReadonlySet<string>): Array<readonly unknown[]> {
  const out: Array<readonly unknown[]> = [];
  for (const r of recs) {
    const id = recordPart(r);
    if (id !== undefined && ids.has(id)) out.push(r);
  }
  return out;
}

/**
 * A board source's records with their positions by part (record id; an ATTR by its parent, a PAD_NET by
 * its component), kept by whoever edits the records: an update then takes an edited part's records
 * from here (`opts.records` of updateBoard: `index.of(ids)`) instead of reading the whole board (262k
 * records at 100k pads). Records are replaced (`set`) or added (`push`) through it; after removals,
 * build a new one.
 */
export class RecordIndex {
  private at = new Map<string, number[]>();
  constructor(readonly records: Array<readonly unknown[]>) {
    for (let i = 0; i < records.length; i++) this.note(records[i], i);
  }
  private note(r: readonly unknown[], i: number): void {
    const id = recordPart(r);
    if (id === undefined) return;
    const l = this.at.get(id);
    if (l) l.push(i); else this.at.set(id, [i]);
  }
  /** Replace record `i` (the part it belongs to may change). */
  set(i: number, r: readonly unknown[]): void {
    const was = recordPart(this.records[i]), now = recordPart(r);
    this.records[i] = r;
    if (was === now) return;
    if (was !== undefined) { const l = this.at.get(was)!; l.splice(l.indexOf(i), 1); if (!l.length) this.at.delete(was); }
    if (now !== undefined) { const l = this.at.get(now); if (l) { l.push(i); l.sort((a, b) => a - b); } else this.at.set(now, [i]); }
  }
  push(r: readonly unknown[]): void {
    this.records.push(r);
    this.note(r, this.records.length - 1);
  }
  /** Position of a part's record of type `type` (a component's COMPONENT record), if any. */
  find(id: string, type: string): number | undefined {
    for (const i of this.at.get(id) ?? []) if (this.records[i][0] === type) return i;
    return undefined;
  }
  /** The records of these parts, in file order (what updateBoard would find by reading every record). */
  of(ids: Iterable<string>): Array<readonly unknown[]> {
    const pos: number[] = [];
    for (const id of new Set(ids)) for (const i of this.at.get(id) ?? []) pos.push(i);
    pos.sort((a, b) => a - b);
    return pos.map((i) => this.records[i]);
  }
}

/**
 * Update `model` in place for the records `ids` of `src` (the board's source after the edit): each
 * id is a COMPONENT (its footprint copper, holes and silkscreen), a top-level primitive (track, via,
 * pad, fill, region, ...) or a POUR; ids no longer in `src` are removed. Pass the TileCache the pours
 * were filled with to drop the tiles the edit reaches. `opts.records`: the edited records (with the
 * ATTR and PAD_NET records of edited components) when the caller has them; else `src` is scanned.
 * See the file header.
 */
export function updateBoard(model: BoardModel, src: BoardSource, ids: Iterable<string>, cache?: TileCache, opts: { records?: ReadonlyArray<readonly unknown[]> } = {}): BoardUpdate {
  const only = new Set(ids);
  const recs = opts.records ?? recordsFor(src.records, only);
  if (recs.some((r) => { const l = OUTLINE_OF[String(r[0])]; return l !== undefined && l(r) === OUTLINE; })) return { rebuild: true, changes: [], touched: [] };
  const part = resolveBoard({ ...src, records: recs }, { only });
  const grids = builtGrids(model);
  const slots = indexBoard(model);

  const it = slots.items.replace(only, part.items), ho = slots.holes.replace(only, part.holes), si = slots.silk.replace(only, part.silk);
  slotCache.set(model, { items: it.slots, holes: ho.slots, silk: si.slots });
  const goneItems = it.gone, goneHoles = ho.gone;
  const goneKeep = prune(model.keepouts, (k) => only.has(k.id) || only.has(k.id.split('/')[0]));
  prune(model.components, (c) => only.has(c.id));
  const oldPours = new Map(model.pours.map((p) => [p.id, p]));
  const gonePours = prune(model.pours, (p) => only.has(p.id));

  const changes: ItemPrint[] = [];
  const drop: string[] = [];
  const put: Array<[string, ItemPrint]> = [];
  const old = (e: [string, ItemPrint]) => { changes.push(e[1]); drop.push(e[0]); };
  for (const x of goneItems) { old(itemPrint(x, model)); grids?.remove(x); }
  for (const h of goneHoles) { old(holePrint(h)); grids?.removeHole(h); }
  for (const k of goneKeep) old(keepoutPrint(k));

  const add = (e: [string, ItemPrint]) => { changes.push(e[1]); put.push(e); };
  for (const x of part.items) { add(itemPrint(x, model)); grids?.add(x); }
  for (const h of part.holes) { add(holePrint(h)); grids?.addHole(h); }
  for (const k of part.keepouts) { model.keepouts.push(k); add(keepoutPrint(k)); }
  for (const c of part.components) model.components.push(c);
  const touched = new Set<string>();
  for (const p of part.pours) {
    const was = oldPours.get(p.id);
    model.pours.push({ ...p, index: was ? was.index : model.pours.length });
    touched.add(p.id);
  }
  for (const p of gonePours) if (!part.pours.some((q) => q.id === p.id)) { touched.add(p.id); model.stored.delete(p.id); }
  model.pours.sort((a, b) => a.index - b.index);
  grids?.sync(model);
  cache?.invalidate(model, changes, drop, put);

  // pours within reach of a change on their layer, and those overlapping a changed pour of their layer
  const reach = (model.rules.maxClearance + 60) * CLIP_SCALE;
  const changedPours = [...part.pours, ...gonePours];
  for (const p of model.pours) {
    if (touched.has(p.id)) continue;
    const box = growIBox(p.box, reach);
    if (changes.some((c) => (c.layer === p.layer || c.layer === MULTI || p.layer === MULTI) && iboxOverlap(c.box, box))) touched.add(p.id);
    else if (changedPours.some((q) => q.layer === p.layer && iboxOverlap(q.box, box))) touched.add(p.id);
  }
  return { rebuild: false, changes, touched: [...touched] };
}

/**
 * Heap limits for a Node worker thread that runs board jobs (refill, DRC): a young generation of
 * 384 MB (128 MB semi-spaces) instead of V8's default 16 MB semi-spaces. A refill or DRC of a large
 * board makes millions of short-lived points (Clipper2 paths, offsets, tile pieces); with small
 * semi-spaces a third of its CPU time went to scavenges that copy survivors (100k pads: refill 8.4 s
 * -> 5.8 s CPU, DRC 2.3 s -> 1.9 s, at 64 MB semi-spaces). At 300k pads 64 MB semi-spaces still made
 * 172 scavenges in a refill: 128 MB made 86 and the refill took 18.3 s of CPU instead of 21.6-23.8 s
 * (256 MB: 43 scavenges, 17.2 s). Pass as `resourceLimits` of `new Worker` (node:worker_threads).
 */
export const BOARD_WORKER_LIMITS = { maxYoungGenerationSizeMb: 384 } as const;
