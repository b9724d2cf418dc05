/**
 * The field-table mechanism behind every record module (see README.md in this folder).
 *
 * A record is one JSON array, element 0 its type. A module declares, per named field, its V2 position,
 * the V3 field name (EasyEDA's public format definitions), its unit and how its value is read. From
 * that table `defineRecord` makes:
 *   parse(r)  -> typed object (named fields, values normalised: numbers as numbers, 0/1 as booleans)
 *   build(o)  -> the array again. build(parse(r)) reproduces r exactly: the parsed object remembers
 *                the array it came from, and every field whose value did not change keeps its raw JSON
 *                (0/1 vs true/false, null, "10" as a string, absent trailing fields stay absent);
 *                unknown trailing fields and positions the table does not name are copied.
 *   get(r, k) -> one field, without building the whole object (hot paths: painters, hit tests)
 *   raw(r, k) -> one field's JSON exactly as stored
 *   with(r, patch) -> a copy of r with the named fields replaced (edits)
 *   create(values) -> a new record, every declared field written (our own trailing fields, `ours`, only when given)
 */

/** A record as read from a document: one JSON array, element 0 the record type. */
export type Raw = readonly unknown[];

/** Where a parsed object keeps the array it was read from (not enumerable in JSON; copied by `{...o}`). */
export const SOURCE: unique symbol = Symbol('record source');

/** A record's type (element 0), '' when it has none. */
export function recType(r: Raw): string {
  const t = r[0];
  return typeof t === 'string' ? t : '';
}

// ---- value helpers (the one place; packages/editor/src/core/records.ts re-exports them) ----

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

// ---- field specs ----

export interface FieldSpec<T> {
  /** V2 position in the array (element 0 is the type). */
  readonly i: number;
  /** The V3 (.epru) field name of the same value, when EasyEDA's definitions have one. */
  readonly v3?: string;
  /** Unit and frame, e.g. 'mil', '0.01 inch', 'degrees CCW'. */
  readonly unit?: string;
  /** What the value means when the name does not say it; `(?)` = not confirmed on a real file. */
  readonly doc?: string;
  /** Copperplate's own field past EasyEDA's last one: `create` writes it only when given. */
  readonly ours?: boolean;
  /** Read a raw JSON value (never throws). */
  decode(v: unknown): T;
  /** Write a value; `prev` is the raw value it replaces (undefined when the field was absent). */
  encode(v: T, prev: unknown): unknown;
}

export type ValueOf<S> = S extends FieldSpec<infer T> ? T : never;
export type FieldTable = Record<string, FieldSpec<any>>;

interface Opts { v3?: string; unit?: string; doc?: string; ours?: boolean }
const opts = (o?: string | Opts): Opts => (typeof o === 'string' ? { v3: o } : o ?? {});

/** A string; null or absent read as ''. */
export function fStr(i: number, o?: string | Opts, dflt = ''): FieldSpec<string> {
  return { i, ...opts(o), decode: (v) => str(v, dflt), encode: (v) => v };
}
/** A string that may be null (null = default / none). */
export function fStrN(i: number, o?: string | Opts): FieldSpec<string | null> {
  return { i, ...opts(o), decode: (v) => (v == null ? null : str(v)), encode: (v) => v };
}
/** A number; null, absent or non-numeric read as `dflt`. */
export function fNum(i: number, o?: string | Opts, dflt = 0): FieldSpec<number> {
  return { i, ...opts(o), decode: (v) => num(v, dflt), encode: (v) => v };
}
/** A number that may be null (null = default, e.g. "follow the design rule"). */
export function fNumN(i: number, o?: string | Opts): FieldSpec<number | null> {
  return { i, ...opts(o), decode: (v) => { const n = num(v, NaN); return Number.isNaN(n) ? null : n; }, encode: (v) => v };
}
/**
 * A boolean stored as 0/1 or true/false. A changed value is written in the style of the value it
 * replaces (true/false if that was a JSON boolean, else 0/1); `style` is used for absent fields.
 */
export function fBool(i: number, o?: string | Opts, style: 'int' | 'bool' = 'int', dflt = false): FieldSpec<boolean> {
  return {
    i, ...opts(o), decode: (v) => bool(v, dflt),
    encode: (v, prev) => (typeof prev === 'boolean' || (prev == null && style === 'bool') ? v : v ? 1 : 0),
  };
}
/** A boolean that may be null (null = default). */
export function fBoolN(i: number, o?: string | Opts, style: 'int' | 'bool' = 'int'): FieldSpec<boolean | null> {
  return {
    i, ...opts(o), decode: (v) => (v == null || v === '' ? null : bool(v)),
    encode: (v, prev) => (v === null ? null : typeof prev === 'boolean' || (prev == null && style === 'bool') ? v : v ? 1 : 0),
  };
}
/**
 * Any JSON value kept as read (paths, nested arrays, objects, fields whose type varies between
 * writers such as group ids 0 vs "1"). Typed `T` for convenience; check the shape before use.
 */
export function fJson<T = unknown>(i: number, o?: string | Opts, dflt?: T): FieldSpec<T> {
  return { i, ...opts(o), decode: (v) => (v === undefined && dflt !== undefined ? dflt : v) as T, encode: (v) => v };
}

// ---- record kinds ----

export type Values<F extends FieldTable> = { -readonly [K in keyof F]: ValueOf<F[K]> };
/** A parsed record: `type` plus the named fields; remembers its source array for an exact build. */
export type Parsed<F extends FieldTable> = { type: string } & Values<F> & { [SOURCE]?: Raw };

export interface RecordKind<F extends FieldTable> {
  /** Record type (element 0). */
  readonly type: string;
  /** Which documents this layout belongs to ('sch' = schematic sheets and symbols, 'pcb' = PCB and footprint, 'panel' = front panels). */
  readonly doc: 'sch' | 'pcb' | 'panel' | 'any';
  readonly fields: F;
  /** V2 position of a field. */
  index<K extends keyof F>(k: K): number;
  parse(r: Raw): Parsed<F>;
  /** The array again; exact for an unchanged parse, changed fields written, everything else kept. */
  build(o: Partial<Values<F>> & { [SOURCE]?: Raw; type?: string }): unknown[];
  /** One field of a record (same value as parse(r)[k]). */
  get<K extends keyof F>(r: Raw, k: K): ValueOf<F[K]>;
  /** One field's JSON exactly as stored (undefined when absent): for checks such as "is it a number at all". */
  raw<K extends keyof F>(r: Raw, k: K): unknown;
  /** A copy of `r` with the given fields set (unchanged values keep their raw JSON). */
  with(r: Raw, patch: Partial<Values<F>>): unknown[];
  /**
   * A new record: every declared field written (given value, else the field's default). With
   * `{ upToGiven: true }` the record ends at the last field given (shorter records, as some writers make).
   */
  create(values: Partial<Values<F>>, opts?: { upToGiven?: boolean }): unknown[];
  /** True when `r` is a record of this type. */
  is(r: Raw): boolean;
}

function setField(out: unknown[], spec: FieldSpec<unknown>, v: unknown): void {
  const prev = out[spec.i];
  if (Object.is(spec.decode(prev), v)) return; // unchanged: keep the raw JSON (and its absence)
  while (out.length < spec.i) out.push(null);
  out[spec.i] = spec.encode(v, prev);
}

export function defineRecord<F extends FieldTable>(type: string, doc: 'sch' | 'pcb' | 'panel' | 'any', fields: F): RecordKind<F> {
  const entries = Object.entries(fields) as [keyof F & string, FieldSpec<unknown>][];
  const seen = new Set<number>();
  for (const [k, s] of entries) {
    if (s.i < 1 || seen.has(s.i)) throw new Error(`record ${type}: bad or repeated position ${s.i} (${k})`);
    seen.add(s.i);
  }
  return {
    type, doc, fields,
    index: (k) => fields[k].i,
    parse(r) {
      const o: Record<string | symbol, unknown> = { type: typeof r[0] === 'string' ? r[0] : type };
      for (const [k, s] of entries) o[k] = s.decode(r[s.i]);
      o[SOURCE] = r; // a plain property (enumerable, writable): what defineProperty wrote, without its slow path
      return o as Parsed<F>;
    },
    build(o) {
      const src = o[SOURCE];
      if (!src) return this.create(o as Partial<Values<F>>);
      const out = src.slice();
      for (const [k, s] of entries) {
        const v = (o as Record<string, unknown>)[k];
        if (v !== undefined) setField(out, s, v);
      }
      return out;
    },
    get: (r, k) => fields[k].decode(r[fields[k].i]),
    raw: (r, k) => r[fields[k].i],
    with(r, patch) {
      const out = r.slice();
      for (const [k, v] of Object.entries(patch)) {
        const s = fields[k];
        if (s && v !== undefined) setField(out, s, v);
      }
      return out;
    },
    create(values, opts) {
      const out: unknown[] = [type];
      let last = Infinity;
      if (opts?.upToGiven) { last = 0; for (const [k, s] of entries) if ((values as Record<string, unknown>)[k] !== undefined) last = Math.max(last, s.i); }
      for (const [k, s] of entries) {
        if (s.i > last) continue;
        const v = (values as Record<string, unknown>)[k];
        if (s.ours && v === undefined) continue;
        while (out.length < s.i) out.push(null);
        const e = v === undefined ? s.encode(s.decode(undefined), undefined) : s.encode(v, undefined);
        out[s.i] = e === undefined ? null : e;
      }
      return out;
    },
    is: (r) => r[0] === type,
  };
}
