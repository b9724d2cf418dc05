/**
 * Search terms of a library item and of a query, the same on both sides so that the database's
 * full-text index (PostgreSQL `simple` configuration) matches what a user types: names like
 * `LED_0603_1608Metric` split into `led 0603 1608metric 1608 metric`.
 */
import type { LibraryItem } from './types.ts';

/** Lower-case word tokens: split at anything not a letter or digit, then at letter/digit and camel-case boundaries (both kept). */
export function tokens(text: string): string[] {
  // ASCII text (nearly every name) takes the same splits with plain character classes: several times faster
  const ascii = !/[^\x00-\x7f]/.test(text);
  const out: string[] = [];
  for (const w of text.split(ascii ? /[^A-Za-z0-9]+/ : /[^\p{L}\p{N}]+/u)) {
    if (!w) continue;
    const low = w.toLowerCase();
    out.push(low);
    if (ascii && !/[0-9][A-Za-z]|[A-Za-z][0-9]|[a-z][A-Z]/.test(w)) continue; // one piece
    const parts = ascii ? w.split(/(?<=[0-9])(?=[A-Za-z])|(?<=[A-Za-z])(?=[0-9])|(?<=[a-z])(?=[A-Z])/) : w.split(/(?<=\p{N})(?=\p{L})|(?<=\p{L})(?=\p{N})|(?<=\p{Ll})(?=\p{Lu})/u);
    if (parts.length > 1) for (const p of parts) if (p.length > 0) out.push(p.toLowerCase());
  }
  return out;
}

const uniq = (xs: string[]): string => [...new Set(xs)].join(' ');

/** Weighted term groups of an item: A name and value, B package and manufacturer part, C keywords and library, D description. */
export function itemTerms(it: Pick<LibraryItem, 'title' | 'value' | 'package' | 'manufacturerPart' | 'keywords' | 'lib' | 'description'>): { a: string; b: string; c: string; d: string } {
  return {
    a: uniq([...tokens(it.title), ...tokens(it.value)]),
    b: uniq([...tokens(it.package), ...tokens(it.manufacturerPart)]),
    c: uniq([...tokens(it.keywords), ...tokens(it.lib)]),
    d: uniq(tokens(it.description).slice(0, 60)),
  };
}

/** The plain text the trigram index covers (name, value, package, manufacturer part, keywords), lower case, words once. */
export function trigramText(it: Pick<LibraryItem, 'title' | 'value' | 'package' | 'manufacturerPart' | 'keywords'>): string {
  return [...new Set([it.title, it.value, it.package, it.manufacturerPart, ...it.keywords.split(/\s+/)].filter(Boolean).map((s) => s.toLowerCase()))].join(' ').slice(0, 240);
}

/**
 * A query as a PostgreSQL tsquery in the `simple` configuration: every word must match, each as a
 * prefix (`led:* & 0603:*`). Only letters and digits reach the query text, so it is always valid.
 * Empty when the query has no word. `weights` ('A', 'AB'...) restricts the match to those weights.
 */
export function tsQuery(q: string, weights = ''): string {
  const words = q.split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);
  const parts: string[] = [];
  // One-letter terms match exactly (`usb c`: the lexeme `c`): as prefixes they would expand to
  // most of the index's lexemes and make a search slow for no better answer.
  const term = (t: string) => (t.length > 1 ? `${t}:*${weights}` : `${t}${weights ? `:${weights}` : ''}`);
  for (const w of words) {
    const sub = tokens(w);
    // A word like `1608Metric` also matches its parts (`1608 & metric`): either spelling finds it.
    parts.push(sub.length > 1 ? `(${term(sub[0])} | (${sub.slice(1).map(term).join(' & ')}))` : term(sub[0]));
  }
  return parts.join(' & ');
}

/**
 * The name range of a one-word query (letters, digits, `_ - .`): names from `lo` (inclusive) to `hi`
 * (exclusive), lower case, in byte order; `short` for a word of at most 3 characters (as typed: 'r',
 * 'le'); undefined for other queries.
 */
export function namePrefixRange(q: string): { lo: string; hi: string; short: boolean } | undefined {
  const w = q.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9_.,-]{0,127}$/.test(w)) return undefined;
  return { lo: w, hi: w.slice(0, -1) + String.fromCharCode(w.charCodeAt(w.length - 1) + 1), short: w.length <= 3 };
}
