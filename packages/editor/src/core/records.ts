/**
 * Records of FORMAT.md as the editor holds them: one JSON array per line, element 0 the record type.
 * Records are immutable values inside the engine: an edit replaces the array, so painters and caches
 * can compare by reference.
 */
export type Rec = readonly unknown[];

/** Record types whose element 1 is the record's own id (unique in the file). Others get a synthetic key. */
export const ID_TYPES: ReadonlySet<string> = new Set([
  // schematic and symbol
  'COMPONENT', 'ATTR', 'WIRE', 'TEXT', 'RECT', 'POLY', 'CIRCLE', 'ELLIPSE', 'ARC', 'BEZIER', 'OBJ', 'BUS',
  'BUSENTRY', 'PIN', 'FONTSTYLE', 'LINESTYLE', 'TABLE', 'TABEL_CELL',
  // pcb and footprint
  'LINE', 'VIA', 'PAD', 'FILL', 'POUR', 'POURED', 'REGION', 'TEARDROP', 'STRING', 'DIMENSION', 'IMAGE',
]);

/** Which element of a record names its parent record (ATTR on a component or pin, cells of a table, pad nets). */
export const PARENT_FIELD: Readonly<Record<string, number>> = { ATTR: 2, TABEL_CELL: 2, PAD_NET: 1 };

export function recType(r: Rec): string {
  return typeof r[0] === 'string' ? r[0] : '';
}

/** The record's own id, or undefined when its type carries none (DOCTYPE, HEAD, PART, LAYER, PROP, ...). */
export function recId(r: Rec, idTypes: ReadonlySet<string> = ID_TYPES): string | undefined {
  const t = recType(r);
  return idTypes.has(t) && typeof r[1] === 'string' && r[1] !== '' ? r[1] : undefined;
}

export function recParent(r: Rec): string | undefined {
  const f = PARENT_FIELD[recType(r)];
  if (f === undefined) return undefined;
  const p = r[f];
  return typeof p === 'string' && p !== '' ? p : undefined;
}

/** A number field; null, undefined, strings that are not numbers give `dflt`. Strings like "10" are read as numbers. */
export function num(v: unknown, dflt = 0): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return dflt;
}

export function str(v: unknown, dflt = ''): string {
  return typeof v === 'string' ? v : v == null ? dflt : String(v);
}

/** Booleans appear as 0/1, true/false or null (default). */
export function bool(v: unknown, dflt = false): boolean {
  if (v === null || v === undefined || v === '') return dflt;
  return v === true || v === 1 || v === '1' || v === 'true';
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
