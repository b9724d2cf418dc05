/**
 * Records of FORMAT.md as the editor holds them: one JSON array per line, element 0 the record type.
 * Records are immutable values inside the engine: an edit replaces the array, so painters and caches
 * can compare by reference. Fields are read and written by name through the record modules of
 * `@copperplate/format/records` (one per record kind); the value helpers live there too.
 */
import { ID_TYPES_BY_FAMILY, PARENT_FIELD_BY_FAMILY, familyOf, type Family } from '@copperplate/format/records';

import { recType } from '@copperplate/format/records';

export { num, str, bool, recType } from '@copperplate/format/records';
export type { Family } from '@copperplate/format/records';

export type Rec = readonly unknown[];

/** Record types whose element 1 is the record's own id (unique in the file), in any family. Others get a synthetic key. */
export const ID_TYPES: ReadonlySet<string> = new Set([...ID_TYPES_BY_FAMILY.sch, ...ID_TYPES_BY_FAMILY.pcb, ...ID_TYPES_BY_FAMILY.panel]);

/** Which element of a record names its parent, per document family (PCB ATTRs: 3, schematic ATTRs: 2). */
export const PARENT_FIELD = PARENT_FIELD_BY_FAMILY;

/** The family of a document type ('sch' for SCH/SYMBOL, 'pcb' for PCB/FOOTPRINT); schematic when unknown. */
export function familyOfDoc(docType: string): Family {
  return familyOf(docType) ?? 'sch';
}

/** The record's own id, or undefined when its type carries none (DOCTYPE, HEAD, PART, LAYER, PROP, ...). */
/** Two record values with the same content (arrays, plain objects and primitives compared in depth; NaN equals NaN). */
export function sameRecord(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameRecord(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (!Object.prototype.hasOwnProperty.call(b, k) || !sameRecord((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

export function recId(r: Rec, idTypes: ReadonlySet<string> = ID_TYPES): string | undefined {
  const t = recType(r);
  const [, id] = r; // element 1 of every id-carrying record kind (see ID_TYPES_BY_FAMILY)
  return idTypes.has(t) && typeof id === 'string' && id !== '' ? id : undefined;
}

/** The id of the record's parent (a component for ATTRs, a table for cells, a component for PAD_NETs). */
export function recParent(r: Rec, family: Family = 'sch'): string | undefined {
  const f = PARENT_FIELD[family][recType(r)];
  if (f === undefined) return undefined;
  const p = r[f];
  return typeof p === 'string' && p !== '' ? p : undefined;
}

/** A copy of `r` with element `i` set to `v` (the record grows with nulls if needed; trailing extra fields kept). */
export function withField(r: Rec, i: number, v: unknown): unknown[] {
  const out = r.slice();
  while (out.length <= i) out.push(null);
  out[i] = v;
  return out;
}

export function withFields(r: Rec, fields: Record<number, unknown>): unknown[] {
  let out = r.slice();
  for (const [k, v] of Object.entries(fields)) out = withField(out, Number(k), v);
  return out;
}
