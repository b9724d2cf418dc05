/**
 * What changed between two versions of one document (issue 17 part 3, comparing versions): its
 * records matched by id. A record is added, removed, or changed (with the names of the fields that
 * differ, from its record module). Records without an id (HEAD, LAYER, ...) are matched by their
 * exact text and only counted. Each change names the record's parent (the component of an ATTR or
 * PAD_NET, the table of a cell), so that a drawing can mark the element that shows it.
 */
import type { Raw } from './field.ts';
import { familyOf, kindOf, ID_TYPES_BY_FAMILY, PARENT_FIELD_BY_FAMILY, SchAttr, PcbAttr, type Family } from './index.ts';
import { recType } from './field.ts';

export interface RecordChange {
  id: string;
  type: string;
  change: 'added' | 'removed' | 'changed';
  /** Changed records: the named fields whose stored JSON differs ('other' for positions no field names). */
  fields?: string[];
  /** The id of the record's parent, when its type has one (ATTR, PAD_NET, TABLE cell). */
  parent?: string;
  /** A short human name: the designator of a component, an attribute's key and value, a text. */
  label: string;
}

export interface DocumentDiff {
  docType: string;
  changes: RecordChange[];
  /** Records with an id found unchanged on both sides. */
  unchanged: number;
  /** Records without an id only in the second / only in the first version. */
  otherAdded: number;
  otherRemoved: number;
}

interface Side {
  docType: string;
  byId: Map<string, Raw>;
  other: Map<string, number>;
}

function side(records: readonly Raw[], family: Family): Side {
  const ids = ID_TYPES_BY_FAMILY[family];
  const byId = new Map<string, Raw>();
  const other = new Map<string, number>();
  let docType = '';
  for (const rec of records) {
    const t = recType(rec);
    if (t === 'DOCTYPE') docType = String(rec.at(1) ?? '');
    const id = rec.at(1);
    if (ids.has(t) && typeof id === 'string' && id !== '') byId.set(id, rec);
    else {
      const k = JSON.stringify(rec);
      other.set(k, (other.get(k) ?? 0) + 1);
    }
  }
  return { docType, byId, other };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The names of the fields of `a` and `b` (same type) whose stored JSON differs. */
function changedFields(a: Raw, b: Raw, family: Family): string[] {
  const kind = kindOf(a, family);
  const out: string[] = [];
  const named = new Set<number>([0]);
  if (kind) {
    for (const [name, spec] of Object.entries(kind.fields as Record<string, { i: number }>)) {
      named.add(spec.i);
      if (!same(a.at(spec.i), b.at(spec.i))) out.push(name);
    }
  }
  const n = Math.max(a.length, b.length);
  for (let i = 1; i < n; i++) {
    if (!named.has(i) && !same(a.at(i), b.at(i))) { out.push('other'); break; }
  }
  return out;
}

/** An ATTR's parent, key and value (schematic and PCB layouts differ), or undefined for other records. */
function attrOf(rec: Raw, family: Family): { parentId: string; key: string; value: string } | undefined {
  if (family === 'sch' && SchAttr.is(rec)) return { parentId: SchAttr.get(rec, 'parentId'), key: SchAttr.get(rec, 'key'), value: String(SchAttr.get(rec, 'value') ?? '') };
  if (family === 'pcb' && PcbAttr.is(rec)) return { parentId: PcbAttr.get(rec, 'parentId'), key: PcbAttr.get(rec, 'key'), value: String(PcbAttr.get(rec, 'value') ?? '') };
  return undefined;
}

/** Designators of components (ATTR Designator on a parent), for labels. */
function designators(s: Side, family: Family): Map<string, string> {
  const out = new Map<string, string>();
  for (const rec of s.byId.values()) {
    const a = attrOf(rec, family);
    if (a && a.key === 'Designator' && a.parentId) out.set(a.parentId, a.value);
  }
  return out;
}

function labelOf(rec: Raw, family: Family, names: Map<string, string>): string {
  const t = recType(rec);
  const id = String(rec.at(1) ?? '');
  const a = attrOf(rec, family);
  if (a) return `${a.parentId ? (names.get(a.parentId) ?? a.parentId) : 'document'}: ${a.key} = ${a.value}`;
  if (names.has(id)) return `${t} ${names.get(id)}`;
  const kind = kindOf(rec, family);
  const fields = (kind?.fields ?? {}) as Record<string, unknown>;
  for (const f of ['text', 'value', 'name', 'net']) {
    if (f in fields) {
      const v = kind!.get(rec, f as never);
      if (typeof v === 'string' && v !== '') return `${t} ${v.length > 40 ? v.slice(0, 40) + '…' : v}`;
    }
  }
  return `${t} ${id}`;
}

function parentOf(rec: Raw, family: Family): string | undefined {
  const f = PARENT_FIELD_BY_FAMILY[family][recType(rec)];
  if (f === undefined) return undefined;
  const p = rec.at(f);
  return typeof p === 'string' && p !== '' ? p : undefined;
}

/**
 * The record changes from `before` to `after`: records of the main block of two versions of one
 * document (schematic sheet, symbol, PCB, footprint, panel). The family comes from the DOCTYPE.
 */
export function diffRecords(before: readonly Raw[], after: readonly Raw[]): DocumentDiff {
  const docType = String((before.find((r) => recType(r) === 'DOCTYPE') ?? after.find((r) => recType(r) === 'DOCTYPE'))?.at(1) ?? '');
  const family = familyOf(docType) ?? 'sch';
  const a = side(before, family);
  const b = side(after, family);
  const names = designators(a, family);
  for (const [k, v] of designators(b, family)) names.set(k, v);
  const changes: RecordChange[] = [];
  let unchanged = 0;
  const add = (rec: Raw, change: RecordChange['change'], fields?: string[]) => {
    const parent = parentOf(rec, family);
    changes.push({ id: String(rec.at(1)), type: recType(rec), change, ...(fields ? { fields } : {}), ...(parent ? { parent } : {}), label: labelOf(rec, family, names) });
  };
  for (const [id, rb] of b.byId) {
    const ra = a.byId.get(id);
    if (!ra) add(rb, 'added');
    else if (!same(ra, rb)) add(rb, 'changed', recType(ra) === recType(rb) ? changedFields(ra, rb, family) : ['type']);
    else unchanged++;
  }
  for (const [id, ra] of a.byId) if (!b.byId.has(id)) add(ra, 'removed');
  let otherAdded = 0;
  let otherRemoved = 0;
  for (const [k, n] of b.other) otherAdded += Math.max(0, n - (a.other.get(k) ?? 0));
  for (const [k, n] of a.other) otherRemoved += Math.max(0, n - (b.other.get(k) ?? 0));
  return { docType, changes, unchanged, otherAdded, otherRemoved };
}

/** The ids a drawing should mark for a set of changes: each changed record and its parent. */
export function changedElementIds(changes: readonly RecordChange[], which: readonly RecordChange['change'][]): string[] {
  const out = new Set<string>();
  for (const c of changes) {
    if (!which.includes(c.change)) continue;
    out.add(c.id);
    if (c.parent) out.add(c.parent);
  }
  return [...out];
}
