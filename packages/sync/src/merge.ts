/**
 * Three-way merge by record id (DESIGN §5), used when the server refuses a stale write (4090001) or a
 * sync finds the server moved past a pending local edit. base = the version the local edit started
 * from, mine = the local version, theirs = the server's. A record or field changed on only one side
 * takes that side; changed identically on both is fine; changed differently on both is a conflict.
 */
import { assignKeys, joinRecords, splitRecords, type KeyedDoc, type KeyedLine } from './records.ts';
import type { ItemData } from './types.ts';

export type MergeResult = { ok: true; merged: ItemData | null } | { ok: false; conflicts: string[] };

/** Fields the server sets; the merge takes the server's. */
const SERVER_FIELDS = new Set(['ticket', 'updateTime', 'updated_at', 'g_ticket', 'base_ticket', 'deleted']);
const DOC_FIELD = 'dataStr';

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * `prefer: 'mine'` is the user's "Upload Local to Cloud": what changed on both sides takes the local
 * version, everything else still merges (so unrelated cloud changes survive).
 */
export function mergeItems(base: ItemData | null, mine: ItemData | null, theirs: ItemData | null, prefer?: 'mine'): MergeResult {
  if (same(strip(mine), strip(theirs))) return { ok: true, merged: theirs };
  if (prefer === 'mine' && (mine === null || theirs === null)) return { ok: true, merged: mine };
  if (mine === null) return same(strip(theirs), strip(base)) ? { ok: true, merged: null } : { ok: false, conflicts: ['(deleted locally, changed in the cloud)'] };
  if (theirs === null) {
    if (base === null) return { ok: true, merged: mine };
    return same(strip(mine), strip(base)) ? { ok: true, merged: null } : { ok: false, conflicts: ['(deleted in the cloud, changed locally)'] };
  }
  const b = base ?? {};
  const out: ItemData = { ...theirs };
  const conflicts: string[] = [];
  const fields = new Set([...Object.keys(b), ...Object.keys(mine), ...Object.keys(theirs)]);
  for (const f of fields) {
    if (SERVER_FIELDS.has(f)) continue;
    const bv = b[f], mv = mine[f], tv = theirs[f];
    if (same(mv, tv)) continue;
    if (same(mv, bv)) continue; // only theirs changed: out already has it
    if (same(tv, bv)) { setField(out, f, mv); continue; }
    if (f === DOC_FIELD && typeof mv === 'string' && typeof tv === 'string' && (typeof bv === 'string' || bv === undefined)) {
      const r = mergeDocumentText(typeof bv === 'string' ? bv : '', mv, tv, prefer);
      if (r.ok) { out[f] = r.text; continue; }
      conflicts.push(...r.conflicts.map((c) => `${f}: ${c}`));
      continue;
    }
    if (prefer === 'mine') { setField(out, f, mv); continue; }
    conflicts.push(f);
  }
  return conflicts.length ? { ok: false, conflicts } : { ok: true, merged: out };
}

function setField(o: ItemData, f: string, v: unknown): void {
  if (v === undefined) delete o[f];
  else o[f] = v;
}

function strip(d: ItemData | null): ItemData | null {
  if (!d) return d;
  const o: ItemData = {};
  for (const [k, v] of Object.entries(d)) if (!SERVER_FIELDS.has(k)) o[k] = v;
  return o;
}

export type TextMerge = { ok: true; text: string } | { ok: false; conflicts: string[] };

/** Merges three versions of a document text record by record. */
export function mergeDocumentText(base: string, mine: string, theirs: string, prefer?: 'mine'): TextMerge {
  if (mine === theirs) return { ok: true, text: theirs };
  if (mine === base) return { ok: true, text: theirs };
  if (theirs === base) return { ok: true, text: mine };
  const bd = splitRecords(base), md = splitRecords(mine), td = splitRecords(theirs);
  if (!bd || !md || !td) return { ok: false, conflicts: ['(document is not line records)'] };
  assignKeys([bd, md, td]);
  const index = (d: KeyedDoc) => new Map(d.blocks.flat().map((r) => [r.key, r] as const));
  const B = index(bd), M = index(md), T = index(td);
  const result = new Map<string, KeyedLine | undefined>();
  const conflicts: string[] = [];
  for (const k of new Set([...B.keys(), ...M.keys(), ...T.keys()])) {
    const b = B.get(k)?.line, m = M.get(k)?.line, t = T.get(k)?.line;
    if (m === t || m === b) result.set(k, T.get(k));
    else if (t === b || prefer === 'mine') result.set(k, M.get(k));
    else conflicts.push(k.split('\u0000').slice(1).join(' ').slice(0, 80));
  }
  if (conflicts.length) return { ok: false, conflicts };
  // Skeleton: theirs in its order with replacements and removals; then mine's additions after their
  // predecessor in mine's order.
  const blocks: KeyedLine[][] = td.blocks.map((bl) => bl.filter((r) => result.get(r.key) !== undefined).map((r) => result.get(r.key)!));
  const placed = new Set(blocks.flat().map((r) => r.key));
  md.blocks.forEach((bl, bi) => {
    let prev: string | undefined;
    for (const r of bl) {
      const want = result.get(r.key);
      if (want && !placed.has(r.key)) {
        while (blocks.length <= bi) blocks.push([]);
        const target = blocks[bi];
        const at = prev === undefined ? -1 : target.findIndex((x) => x.key === prev);
        target.splice(at + 1, 0, want);
        placed.add(r.key);
      }
      if (placed.has(r.key)) prev = r.key;
    }
  });
  const text = joinRecords({ blocks });
  return { ok: true, text: theirs.endsWith('\n') ? text + '\n' : text };
}
