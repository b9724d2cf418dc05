/**
 * The pin sorter for symbol generation (SPEC §5, PIN-1..PIN-4).
 *
 * Input: pin records {name, number, part}. Output: the same pins, each with `side` (L, R, T, B) and
 * `order` (position number along its side, from 0, top-to-bottom on L/R and left-to-right on T/B),
 * returned sorted by part, then side (L, R, T, B), then order. Each part of a multi-part symbol is
 * laid out on its own (pins without a part form one part).
 *
 * PIN-1 layout: 'qfn' or 'sop'; anything else picks sop under 48 pins (of the part), else qfn.
 * PIN-2 classes by name (case-insensitive, name trimmed):
 *   power  : contains vcc, vee or vdd
 *   ground : contains gnd or vss
 *   vin    : exactly vin, vin+ or vin<digits>
 *   exposed: exactly ep, epad, ep<digits> or vin-
 *   checked in that order; everything else is a signal pin.
 * PIN-3 signal groups: key = first two characters when both are letters, else the first character
 *   (upper-cased). A two-letter group with one pin moves to its first-letter group. Pins without a
 *   name form the empty group ''. Then any group left with one pin merges into the remainder group,
 *   which is that empty group (so single pins and unnamed pins end up together, after the others).
 *   Groups are ordered by key (natural order), the remainder group last; pins inside a group by name
 *   then number (natural order: PA2 before PA10).
 * PIN-4 spacing: inside a group positions are consecutive; the first pin of the next group on the
 *   same side comes 2 positions after the last pin of the previous one (one empty slot between).
 *
 * Where the classes go (chosen here; SPEC does not say):
 *   sop (pins on L and R only): L = power, vin, signal groups (first half), ground at the bottom;
 *                               R = signal groups (second half), exposed pads at the bottom.
 *   qfn (four sides):           T = power then vin; B = ground then exposed pads;
 *                               L = first half of the signal groups, R = second half.
 *   Halves: signal groups are taken in order and kept whole; a group goes to the first side while
 *   that side's positions (including spacing) stay at or under half of all signal positions, the
 *   first group always goes first. Class groups (power, vin, ground, exposed) are groups too and are
 *   spaced like the others.
 */
import type { PinRecord, PinSide, SortedPin } from './entities/misc.ts';

export type PinLayout = 'qfn' | 'sop';
export type PinClass = 'power' | 'ground' | 'vin' | 'exposed' | 'signal';
export const SOP_MAX_PINS = 48;
export const GROUP_SPACING = 2;

/** PIN-1 */
export function chooseLayout(pinCount: number, layout?: string): PinLayout {
  const l = layout?.toLowerCase();
  if (l === 'qfn' || l === 'sop') return l;
  return pinCount < SOP_MAX_PINS ? 'sop' : 'qfn';
}

/** PIN-2 */
export function classifyPin(name: string | undefined | null): PinClass {
  const n = (name ?? '').trim().toLowerCase();
  if (n === '') return 'signal';
  if (n.includes('vcc') || n.includes('vee') || n.includes('vdd')) return 'power';
  if (n.includes('gnd') || n.includes('vss')) return 'ground';
  if (n === 'vin' || n === 'vin+' || /^vin\d+$/.test(n)) return 'vin';
  if (n === 'ep' || n === 'epad' || /^ep\d+$/.test(n) || n === 'vin-') return 'exposed';
  return 'signal';
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
function pinCompare(a: PinRecord, b: PinRecord): number {
  return collator.compare((a.name ?? '').trim(), (b.name ?? '').trim()) || collator.compare(String(a.number), String(b.number));
}

function twoLetterKey(name: string): string | null {
  const c = name.slice(0, 2);
  return /^[A-Za-z]{2}$/.test(c) ? c.toUpperCase() : null;
}

/** PIN-3: group signal pins; returns groups in output order (remainder '' last, when non-empty). */
export function groupSignalPins<P extends PinRecord>(pins: readonly P[]): { key: string; pins: P[] }[] {
  const groups = new Map<string, P[]>();
  const add = (k: string, p: P) => {
    const g = groups.get(k);
    if (g) g.push(p);
    else groups.set(k, [p]);
  };
  for (const p of pins) {
    const name = (p.name ?? '').trim();
    if (name === '') add('', p);
    else add(twoLetterKey(name) ?? name[0].toUpperCase(), p);
  }
  // A two-letter group with one pin moves to its first-letter group.
  for (const [k, g] of [...groups]) {
    if (k.length === 2 && g.length === 1) {
      groups.delete(k);
      add(k[0], g[0]);
    }
  }
  // A one-pin group merges into the remainder group ('').
  for (const [k, g] of [...groups]) {
    if (k !== '' && g.length === 1) {
      groups.delete(k);
      add('', g[0]);
    }
  }
  const keys = [...groups.keys()].filter((k) => k !== '').sort((a, b) => collator.compare(a, b));
  if (groups.has('')) keys.push('');
  return keys.map((key) => ({ key, pins: groups.get(key)!.slice().sort(pinCompare) }));
}

/** Positions a list of groups takes on one side, spacing included. */
function span(groups: readonly { pins: readonly unknown[] }[]): number {
  const nonEmpty = groups.filter((g) => g.pins.length > 0);
  if (nonEmpty.length === 0) return 0;
  return nonEmpty.reduce((s, g) => s + g.pins.length, 0) + (nonEmpty.length - 1) * (GROUP_SPACING - 1);
}

function splitHalves<G extends { pins: readonly unknown[] }>(groups: readonly G[]): [G[], G[]] {
  const half = span(groups) / 2;
  const first: G[] = [];
  let i = 0;
  for (; i < groups.length; i++) {
    if (first.length > 0 && span([...first, groups[i]]) > half) break;
    first.push(groups[i]);
  }
  return [first, groups.slice(i)];
}

function place<P extends PinRecord>(side: PinSide, groups: readonly P[][], out: SortedPin[]): void {
  let pos = 0;
  let started = false;
  for (const g of groups) {
    if (g.length === 0) continue;
    if (started) pos += GROUP_SPACING - 1;
    for (const p of g) out.push({ ...p, side, order: pos++ });
    started = true;
  }
}

function sortPart(pins: readonly PinRecord[], layout: string | undefined): SortedPin[] {
  const by: Record<PinClass, PinRecord[]> = { power: [], ground: [], vin: [], exposed: [], signal: [] };
  for (const p of pins) by[classifyPin(p.name)].push(p);
  for (const k of Object.keys(by) as PinClass[]) if (k !== 'signal') by[k].sort(pinCompare);
  const signal = groupSignalPins(by.signal);
  const [a, b] = splitHalves(signal);
  const out: SortedPin[] = [];
  if (chooseLayout(pins.length, layout) === 'sop') {
    place('L', [by.power, by.vin, ...a.map((g) => g.pins), by.ground], out);
    place('R', [...b.map((g) => g.pins), by.exposed], out);
  } else {
    place('L', a.map((g) => g.pins), out);
    place('R', b.map((g) => g.pins), out);
    place('T', [by.power, by.vin], out);
    place('B', [by.ground, by.exposed], out);
  }
  return out;
}

const SIDE_RANK: Record<PinSide, number> = { L: 0, R: 1, T: 2, B: 3 };

/** PIN-1..PIN-4: lay out pins; see the header comment for the rules and the placement choices. */
export function sortPins(pins: readonly PinRecord[], layout?: string): SortedPin[] {
  const parts = new Map<string, PinRecord[]>();
  for (const p of pins) {
    const k = p.part === undefined || p.part === null ? '' : String(p.part);
    const list = parts.get(k);
    if (list) list.push(p);
    else parts.set(k, [p]);
  }
  const keys = [...parts.keys()].sort((x, y) => collator.compare(x, y));
  const out: SortedPin[] = [];
  for (const k of keys) {
    const laid = sortPart(parts.get(k)!, layout);
    laid.sort((x, y) => SIDE_RANK[x.side] - SIDE_RANK[y.side] || x.order - y.order);
    out.push(...laid);
  }
  return out;
}
