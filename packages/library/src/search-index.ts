/**
 * An in-memory search index of the system library (issue 16: search p99 under 30 ms on PGlite, where
 * every SQL statement runs in WebAssembly in the server's own thread). It answers the same four ways
 * as the database search (store.ts), with the same ranking, so that its rows and the database's rows
 * of users' own libraries merge into one page:
 *  - list: every row by name (lower-case, code-unit order), then type;
 *  - names: a one-word prefix of the name, in name order (as typed: 'r', 'le', 'LM358');
 *  - text: every query word as a prefix of a word of the name, value, package, manufacturer part,
 *    keywords or library (one-letter words exactly), ranked by `textKey`;
 *  - fuzzy: words that match nothing replaced by the index's words most alike in trigrams
 *    (misspellings: 'resistr', 'conector'), ranked by likeness then name length.
 * Pure (no DOM, no Node built-ins): built from rows the caller loaded.
 */
import { tokens } from './terms.ts';

/** The fields the index reads from a row (a search row of the database has them all). */
export interface SearchFields {
  uuid: string;
  type: number;
  lib: string;
  title: string;
  value: string;
  package: string;
  keywords: string;
  manufacturer_part: string;
  description: string;
}

export interface IndexFilter {
  type?: number;
  lib?: string;
  /** Package prefix, case-insensitive. */
  package?: string;
}

/** A rank key: numbers ascending, strings in code-unit order, compared left to right. */
export type RankKey = (number | string)[];
export interface Ranked<T> { row: T; key: RankKey }

export function compareKeys(a: RankKey, b: RankKey): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i], y = b[i];
    if (x === y) continue;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** Merges lists that are each in rank order into one, in rank order. */
export function mergeRanked<T>(lists: Ranked<T>[][]): Ranked<T>[] {
  return lists.flat().sort((a, b) => compareKeys(a.key, b.key));
}

/** Name order: lower-case name, then type. */
export const nameKey = (r: Tie): RankKey => [r.title.toLowerCase(), r.type, ...tie(r)];

type Tie = Pick<SearchFields, 'title' | 'type' | 'value' | 'uuid'>;
/** Last keys of every order: a part with its own value before a footprint's placeholder device (value = name), then uuid. */
const tie = (r: Tie): RankKey => [r.value === r.title ? 1 : 0, r.uuid];

/** The query words as the full text reads them (letters and digits, at most 8). */
export const queryWords = (q: string): string[] => q.split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);

/**
 * The text ranking (the database's is the same): the exact name or value first, then names made of
 * the words in order (`led 0603` -> `LED_0603...`), then rows with every word in the name or value,
 * then shorter names, then name and type.
 */
export function textKey(r: Tie, q: string): RankKey {
  const raw = q.trim().toLowerCase();
  const t = r.title.toLowerCase();
  const exact = t === raw || r.value.toLowerCase() === raw;
  const ordered = namePatternRe(q).test(t);
  const inA = holds(` ${[...tokens(r.title), ...tokens(r.value)].join(' ')} `, queryWords(q).map((w) => tokens(w)));
  return [-((exact ? 4 : 0) + (ordered ? 2 : 0) + (inA ? 1 : 0)), r.title.length, r.title, r.type, ...tie(r)];
}

/** `led 0603` as a name pattern: the words in order, one character between them, anything after (SQL: LIKE 'led_0603%'). */
export function namePatternRe(q: string): RegExp {
  const words = q.trim().toLowerCase().split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${words.join('.')}`, 's');
}

/** Does a row's words (` a b c `) hold every query word (as a prefix; one letter exactly; or all its parts)? */
function holds(hay: string, subs: string[][]): boolean {
  const has = (t: string) => hay.includes(t.length > 1 ? ` ${t}` : ` ${t} `);
  return subs.every((sub) => has(sub[0]) || (sub.length > 1 && sub.slice(1).every(has)));
}

/** pg_trgm's trigrams of a word: two spaces before, one after, three characters at a time. */
export function trigrams(w: string): string[] {
  const s = `  ${w} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  return [...out];
}

/** Fuzzy likeness of a corrected word below which it is not used (pg_trgm's similarity threshold). */
export const FUZZY_THRESHOLD = 0.3;

/**
 * Keys in sorted order, each with a sorted list of numbers (rows, or term ids), all the lists in one
 * array: the lists of key k are `post[off[k]]` to `post[off[k + 1]]` (few objects, however many keys).
 */
export interface Lists { keys: string[]; off: Int32Array; post: Int32Array }

const EMPTY = new Int32Array(0);

/** The list of key number `k`. */
const listAt = (l: Lists, k: number): Int32Array => l.post.subarray(l.off[k], l.off[k + 1]);

/** The list of key `key`, or undefined. */
function listOf(l: Lists, key: string): Int32Array | undefined {
  const k = lowerBound(l.keys, key);
  return l.keys[k] === key ? listAt(l, k) : undefined;
}

/** Sorted row lists: rows in both. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0, j = 0, n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { out[n++] = a[i]; i++; j++; }
    else if (a[i] < b[j]) i++;
    else j++;
  }
  return out.subarray(0, n);
}

/** Sorted row lists: rows in either. */
function union(a: Int32Array, b: Int32Array): Int32Array {
  if (!a.length) return b;
  if (!b.length) return a;
  const out = new Int32Array(a.length + b.length);
  let i = 0, j = 0, n = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) out[n++] = a[i++];
    else if (i >= a.length || b[j] < a[i]) out[n++] = b[j++];
    else { out[n++] = a[i]; i++; j++; }
  }
  return out.subarray(0, n);
}

function toLists(m: Map<string, number[]>): Lists {
  const keys = [...m.keys()].sort();
  const off = new Int32Array(keys.length + 1);
  let n = 0;
  keys.forEach((k, i) => { off[i] = n; n += m.get(k)!.length; });
  off[keys.length] = n;
  const post = new Int32Array(n);
  keys.forEach((k, i) => post.set(m.get(k)!, off[i]));
  return { keys, off, post };
}

/** First index of `terms` (sorted) not less than `s`. */
function lowerBound(terms: readonly string[], s: string): number {
  let lo = 0, hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (terms[mid] < s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Everything the index computes from its rows (sorting, tokenising, trigrams): built once by the
 * library build and stored (index-pack.ts), so that a server loads it without computing it again.
 */
export interface IndexParts {
  /** Rows by name (lower case, then type and ties), and by name length (then name, type and ties). */
  nameOrder: Int32Array;
  lenOrder: Int32Array;
  /** Each row's words of the name and value (` led 0603 1608metric `). */
  hayA: string[];
  /** Every word of the name, value, package, manufacturer part, keywords and library: the rows holding it. */
  terms: Lists;
  /** Rows (ascending) with a word starting with each 2- and 3-character prefix. */
  prefixes: Lists;
  /** Trigram -> ids of `terms.keys` holding it (fuzzy matching); each term's number of trigrams (0: never corrected). */
  grams: Lists;
  gramCount: Uint8Array;
}

/** Computes the parts of an index of `rows` (seconds for the whole system library). */
export function computeParts(rows: readonly SearchFields[]): IndexParts {
  const n = rows.length;
  const lowTitle = rows.map((r) => r.title.toLowerCase());
  // both orders by one string per row (fields joined by \x00, below any character of a name): a plain sort
  const tieText = (r: SearchFields) => `${r.type}\x00${r.value === r.title ? 1 : 0}${r.uuid}`;
  const order = (key: (r: SearchFields, i: number) => string) => Int32Array.from(rows.map((r, i) => `${key(r, i)}\x00${i}`).sort(), (k) => Number(k.slice(k.lastIndexOf('\x00') + 1)));
  const nameOrder = order((r, i) => `${lowTitle[i]}\x00${tieText(r)}`);
  const lenOrder = order((r) => `${String(r.title.length).padStart(5, '0')}\x00${r.title}\x00${tieText(r)}`);
  const hayA = new Array<string>(n);
  const all = new Map<string, number[]>(), pre = new Map<string, number[]>();
  // rows are added in order: a term (or prefix) met twice in one row is kept once by the last-row check
  const add = (m: Map<string, number[]>, t: string, i: number) => {
    const l = m.get(t);
    if (!l) m.set(t, [i]);
    else if (l[l.length - 1] !== i) l.push(i);
  };
  const term = (t: string, i: number) => {
    add(all, t, i);
    if (t.length >= 2) add(pre, t.slice(0, 2), i);
    if (t.length >= 3) add(pre, t.slice(0, 3), i);
  };
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    const nv = tokens(r.title).concat(tokens(r.value));
    for (const t of nv) term(t, i);
    for (const f of [r.package, r.manufacturer_part, r.keywords, r.lib]) for (const t of tokens(f)) term(t, i);
    hayA[i] = ` ${nv.join(' ')} `;
  }
  const terms = toLists(all);
  const gramCount = new Uint8Array(terms.keys.length);
  const grams = new Map<string, number[]>();
  terms.keys.forEach((t, id) => {
    if (t.length < 3 || /^\p{N}+$/u.test(t)) return; // numbers and short words are not corrected
    const gs = trigrams(t);
    gramCount[id] = Math.min(255, gs.length);
    for (const g of gs) {
      const l = grams.get(g);
      if (l) l.push(id);
      else grams.set(g, [id]);
    }
  });
  return { nameOrder, lenOrder, hayA, terms, prefixes: toLists(pre), grams: toLists(grams), gramCount };
}

export class SearchIndex<T extends SearchFields> {
  readonly size: number;
  readonly parts: IndexParts;
  private readonly lowTitle: string[];
  private readonly lowPackage: string[];
  private readonly stamp: Int32Array;
  private stampGen = 0;
  private readonly lenRank: Int32Array;
  /** A counter per term (fuzzy matching). */
  private readonly gramHits: Uint8Array;
  private readonly removed: Uint8Array;

  /** An index of `rows`; `parts` when they were computed before (the stored index), else computed now. */
  constructor(readonly rows: readonly T[], parts?: IndexParts) {
    const n = (this.size = rows.length);
    this.parts = parts ?? computeParts(rows);
    if (this.parts.nameOrder.length !== n) throw new Error(`index parts for ${this.parts.nameOrder.length} rows, not ${n}`);
    this.lowTitle = rows.map((r) => r.title.toLowerCase());
    this.lowPackage = rows.map((r) => r.package.toLowerCase());
    this.removed = new Uint8Array(n);
    this.lenRank = new Int32Array(n);
    this.parts.lenOrder.forEach((i, k) => { this.lenRank[i] = k; });
    this.stamp = new Int32Array(n);
    this.gramHits = new Uint8Array(this.parts.terms.keys.length);
  }

  /** Leaves a row out of every answer from now on (a system device removed by ERR-6). */
  remove(pred: (r: T) => boolean): void {
    this.rows.forEach((r, i) => { if (pred(r) && !this.removed[i]) { this.removed[i] = 1; this.gone++; } });
  }
  private gone = 0;

  /** Rows not removed. */
  liveCount(): number { return this.size - this.gone; }
  /** Every row not removed, in the order given. */
  forEachLive(fn: (r: T) => void): void {
    for (let i = 0; i < this.size; i++) if (!this.removed[i]) fn(this.rows[i]);
  }

  private passes(i: number, f: IndexFilter, pkg: string): boolean {
    if (this.removed[i]) return false;
    const r = this.rows[i];
    return (!f.type || r.type === f.type) && (!f.lib || r.lib === f.lib) && (!pkg || this.lowPackage[i].startsWith(pkg));
  }

  /** The first `limit` rows by name, from name `lo` (inclusive) to `hi` (exclusive; none: to the end). */
  names(f: IndexFilter, limit: number, lo = '', hi?: string): Ranked<T>[] {
    const pkg = (f.package ?? '').toLowerCase();
    const out: Ranked<T>[] = [];
    let k = lowerBound(this.lowTitleOrdered(), lo);
    for (; k < this.size && out.length < limit; k++) {
      const i = this.parts.nameOrder[k];
      if (hi !== undefined && this.lowTitle[i] >= hi) break;
      if (this.passes(i, f, pkg)) out.push({ row: this.rows[i], key: nameKey(this.rows[i]) });
    }
    return out;
  }

  private ordered?: string[];
  private lowTitleOrdered(): string[] {
    return (this.ordered ??= Array.from(this.parts.nameOrder, (i) => this.lowTitle[i]));
  }

  /** Rows whose words match `t`: as a prefix (2 characters or more) or exactly (one letter). */
  private termMask(d: Lists, t: string, into: Uint8Array): void {
    const [from, to] = this.termRange(d, t);
    for (let k = from; k < to; k++) for (const i of listAt(d, k)) into[i] = 1;
  }

  /** The terms of `d` that `t` matches: a prefix range (2 characters or more), or the one-letter term itself. */
  private termRange(d: Lists, t: string): [number, number] {
    const from = lowerBound(d.keys, t);
    if (t.length <= 1) return [from, d.keys[from] === t ? from + 1 : from];
    let to = from;
    while (to < d.keys.length && d.keys[to].startsWith(t)) to++;
    return [from, to];
  }

  /** Rows matching one query word: its whole form, or all of its parts (`1608Metric`: `1608` and `metric`). */
  private wordMask(d: Lists, w: string): Uint8Array {
    const sub = tokens(w);
    const m = new Uint8Array(this.size);
    this.termMask(d, sub[0], m);
    if (sub.length > 1) {
      let parts: Uint8Array | undefined;
      for (const p of sub.slice(1)) {
        const pm = new Uint8Array(this.size);
        this.termMask(d, p, pm);
        if (parts) for (let i = 0; i < this.size; i++) parts[i] &= pm[i];
        else parts = pm;
      }
      for (let i = 0; i < this.size; i++) m[i] |= parts![i];
    }
    return m;
  }

  /** Rows (ascending) with a word that `t` matches: a prefix (2 characters or more) or the one-letter word. */
  private termRows(t: string): Int32Array {
    const pre = t.length === 2 || t.length === 3 ? listOf(this.parts.prefixes, t) : undefined;
    if (pre) return pre;
    const [from, to] = this.termRange(this.parts.terms, t);
    if (to - from === 1) return listAt(this.parts.terms, from);
    if (to === from) return EMPTY;
    const stamp = ++this.stampGen;
    const out: number[] = [];
    for (let k = from; k < to; k++) for (const i of listAt(this.parts.terms, k)) if (this.stamp[i] !== stamp) { this.stamp[i] = stamp; out.push(i); }
    return Int32Array.from(out).sort();
  }

  /** Rows (ascending) holding every word: each word whole, or all of its parts. */
  private textRows(subs: string[][]): Int32Array {
    let acc: Int32Array | undefined;
    for (const sub of subs) {
      let rows = this.termRows(sub[0]);
      if (sub.length > 1) rows = union(rows, sub.slice(1).map((p) => this.termRows(p)).reduce(intersect));
      acc = acc ? intersect(acc, rows) : rows;
      if (!acc.length) break;
    }
    return acc ?? EMPTY;
  }

  /** Full text: rows with every word, the first `limit` in textKey order. */
  text(q: string, f: IndexFilter, limit: number): Ranked<T>[] {
    const subs = queryWords(q).map((w) => tokens(w));
    if (!subs.length) return [];
    const pkg = (f.package ?? '').toLowerCase();
    let hits = Array.from(this.textRows(subs)).filter((i) => this.passes(i, f, pkg));
    if (hits.length > 4096) {
      const stamp = ++this.stampGen;
      for (const i of hits) this.stamp[i] = stamp;
      hits = Array.from(this.parts.lenOrder).filter((i) => this.stamp[i] === stamp);
    } else hits.sort((a, b) => this.lenRank[a] - this.lenRank[b]);
    const raw = q.trim().toLowerCase();
    const re = namePatternRe(q);
    const ordered = !/\s/.test(raw) ? (t: string) => t.startsWith(raw) : (t: string) => re.test(t);
    // in (length, name, type) order already: each tier filled up to `limit`, the best tiers first
    const tiers: number[][] = Array.from({ length: 8 }, () => []);
    for (const i of hits) {
      const exact = this.lowTitle[i] === raw || this.rows[i].value.toLowerCase() === raw;
      const tier = 7 - ((exact ? 4 : 0) + (ordered(this.lowTitle[i]) ? 2 : 0) + (holds(this.parts.hayA[i], subs) ? 1 : 0));
      if (tiers[tier].length < limit) tiers[tier].push(i);
    }
    const out: Ranked<T>[] = [];
    for (let t = 0; t < 8 && out.length < limit; t++) {
      for (const i of tiers[t]) {
        if (out.length >= limit) break;
        const r = this.rows[i];
        out.push({ row: r, key: [t - 7, r.title.length, r.title, r.type, ...tie(r)] });
      }
    }
    return out;
  }

  /** Does any word of the index start with `w` (or equal it, one letter)? */
  private known(w: string): boolean {
    const k = lowerBound(this.parts.terms.keys, w);
    const t = this.parts.terms.keys[k];
    return t !== undefined && (w.length > 1 ? t.startsWith(w) : t === w);
  }

  /** The index's words most alike `w` in trigrams (likeness at least FUZZY_THRESHOLD), best first, at most `max`. */
  similarWords(w: string, max = 8): { term: string; sim: number }[] {
    const g = trigrams(w);
    const touched: number[] = [];
    for (const x of g) for (const id of listOf(this.parts.grams, x) ?? EMPTY) if (this.gramHits[id]++ === 0) touched.push(id);
    const out: { term: string; sim: number }[] = [];
    for (const id of touched) {
      const shared = this.gramHits[id];
      this.gramHits[id] = 0;
      const sim = shared / (g.length + this.parts.gramCount[id] - shared);
      if (sim >= FUZZY_THRESHOLD) out.push({ term: this.parts.terms.keys[id], sim });
    }
    return out.sort((a, b) => b.sim - a.sim || a.term.length - b.term.length || (a.term < b.term ? -1 : 1)).slice(0, max);
  }

  /**
   * Misspellings: each query word the index does not know is replaced by its most alike words (any of
   * them matches); rows with every word, ranked by the likeness of their best words (summed), then
   * by name length. Empty when some unknown word has no alike word.
   */
  fuzzy(q: string, f: IndexFilter, limit: number): Ranked<T>[] {
    const words = queryWords(q).map((w) => w.toLowerCase());
    if (!words.length || words.every((w) => this.known(w))) return [];
    const score = new Float32Array(this.size);
    const hits = new Uint8Array(this.size);
    for (const w of words) {
      const best = new Float32Array(this.size);
      if (this.known(w)) {
        const m = this.wordMask(this.parts.terms, w);
        for (let i = 0; i < this.size; i++) if (m[i]) best[i] = 1;
      } else {
        const alike = this.similarWords(w);
        if (!alike.length) return [];
        for (const { term, sim } of alike) {
          const k = lowerBound(this.parts.terms.keys, term);
          for (const i of listAt(this.parts.terms, k)) if (best[i] < sim) best[i] = sim;
        }
      }
      for (let i = 0; i < this.size; i++) {
        if (best[i] > 0) { score[i] += best[i]; hits[i]++; }
      }
    }
    const pkg = (f.package ?? '').toLowerCase();
    const found: number[] = [];
    for (let i = 0; i < this.size; i++) if (hits[i] === words.length && this.passes(i, f, pkg)) found.push(i);
    found.sort((a, b) => score[b] - score[a] || this.lenRank[a] - this.lenRank[b]);
    return found.slice(0, limit).map((i) => ({ row: this.rows[i], key: fuzzyKey(score[i], this.rows[i]) }));
  }
}

/** Fuzzy ranking: likeness (higher first, to 3 decimals), then name length, name and type. */
export const fuzzyKey = (sim: number, r: Tie): RankKey => [-Math.round(sim * 1000) / 1000, r.title.length, r.title, r.type, ...tie(r)];
