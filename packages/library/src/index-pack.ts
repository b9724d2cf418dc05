/**
 * The system library's search index as bytes (issue 16): its rows and everything it computed from
 * them (orders, words, prefixes, trigrams: `IndexParts`), written once by the library build and read
 * by a server without sorting or tokenising anything again.
 *
 * Layout: 'CPX1', the header length (u32, little-endian), the header (UTF-8 JSON: row count, column
 * names, sections), then the sections, each starting at a multiple of 4: JSON texts (rows by column,
 * word lists) and little-endian Int32 / Uint8 arrays (copied out as they are: no parsing).
 * Pure (no Node built-ins): the server compresses and stores the bytes.
 */
import { SearchIndex, type IndexParts, type Lists, type SearchFields } from './search-index.ts';

const MAGIC = 'CPX1';
/** Bumped when the layout or what IndexParts holds changes: an older stored index is then built again. */
export const INDEX_PACK_VERSION = 1;

type Kind = 'json' | 'i32' | 'u8';
interface Header { version: number; n: number; cols: string[]; sections: Record<string, [offset: number, length: number, kind: Kind]> }

const LITTLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The bytes of a stored index of `index`, its rows kept with the columns `cols` (the fields a search answers). */
export function packIndex<T extends SearchFields>(index: SearchIndex<T>, cols: readonly (keyof T & string)[]): Uint8Array {
  if (!LITTLE) throw new Error('packIndex: a little-endian machine is needed');
  const p = index.parts;
  const enc = new TextEncoder();
  const sections: [string, Uint8Array, Kind][] = [];
  const json = (name: string, v: unknown) => sections.push([name, enc.encode(JSON.stringify(v)), 'json']);
  const i32 = (name: string, a: Int32Array) => sections.push([name, new Uint8Array(a.buffer, a.byteOffset, a.byteLength), 'i32']);
  json('rows', cols.map((c) => index.rows.map((r) => r[c])));
  json('hayA', p.hayA);
  i32('nameOrder', p.nameOrder);
  i32('lenOrder', p.lenOrder);
  for (const [name, l] of [['terms', p.terms], ['prefixes', p.prefixes], ['grams', p.grams]] as const) {
    json(`${name}.keys`, l.keys);
    i32(`${name}.off`, l.off);
    i32(`${name}.post`, l.post);
  }
  sections.push(['gramCount', p.gramCount, 'u8']);
  const header: Header = { version: INDEX_PACK_VERSION, n: index.size, cols: [...cols], sections: {} };
  let at = 0;
  for (const [name, bytes, kind] of sections) {
    header.sections[name] = [at, bytes.byteLength, kind];
    at += (bytes.byteLength + 3) & ~3;
  }
  const head = enc.encode(JSON.stringify(header));
  const start = (8 + head.byteLength + 3) & ~3;
  const out = new Uint8Array(start + at);
  out.set(enc.encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(4, head.byteLength, true);
  out.set(head, 8);
  for (const [name, bytes] of sections) out.set(bytes, start + header.sections[name][0]);
  return out;
}

/** The index stored in `bytes` (packIndex); its rows hold the packed columns. Throws on bytes of another layout. */
export function unpackIndex<T extends SearchFields>(bytes: Uint8Array): SearchIndex<T> {
  if (!LITTLE) throw new Error('unpackIndex: a little-endian machine is needed');
  const dec = new TextDecoder();
  if (bytes.byteLength < 8 || dec.decode(bytes.subarray(0, 4)) !== MAGIC) throw new Error('not a stored library index');
  // Int32 arrays are viewed where they stand: the bytes must start at a multiple of 4 of their buffer
  const b = bytes.byteOffset % 4 ? bytes.slice() : bytes;
  const len = new DataView(b.buffer, b.byteOffset).getUint32(4, true);
  const header = JSON.parse(dec.decode(b.subarray(8, 8 + len))) as Header;
  if (header.version !== INDEX_PACK_VERSION) throw new Error(`stored library index version ${header.version}, not ${INDEX_PACK_VERSION}`);
  const start = (8 + len + 3) & ~3;
  const raw = (name: string): Uint8Array => {
    const s = header.sections[name];
    if (!s) throw new Error(`stored library index: no ${name}`);
    return b.subarray(start + s[0], start + s[0] + s[1]);
  };
  const json = <V>(name: string): V => JSON.parse(dec.decode(raw(name))) as V;
  // copies: the arrays must not keep the whole unpacked buffer (JSON texts included) alive
  const i32 = (name: string): Int32Array => { const r = raw(name); return new Int32Array(r.buffer, r.byteOffset, r.byteLength / 4).slice(); };
  const lists = (name: string): Lists => ({ keys: json<string[]>(`${name}.keys`), off: i32(`${name}.off`), post: i32(`${name}.post`) });
  const cols = json<unknown[][]>('rows');
  const rows = new Array<T>(header.n);
  for (let i = 0; i < header.n; i++) {
    const r: Record<string, unknown> = {};
    for (let c = 0; c < header.cols.length; c++) r[header.cols[c]] = cols[c][i];
    rows[i] = r as T;
  }
  const parts: IndexParts = {
    nameOrder: i32('nameOrder'), lenOrder: i32('lenOrder'), hayA: json<string[]>('hayA'),
    terms: lists('terms'), prefixes: lists('prefixes'), grams: lists('grams'), gramCount: raw('gramCount').slice(),
  };
  return new SearchIndex(rows, parts);
}
