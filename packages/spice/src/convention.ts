/**
 * How a part says what it is in SPICE: the attribute convention (README.md, "Attributes").
 *
 * - `SPICE Prefix` (EasyEDA Std: `spicePre`): the element letter, R C L V I D Q M J S X E F G H B.
 *   Default: from the designator's letters (R1 -> R, U1 -> X, Q1 -> Q or M by its model).
 * - `SPICE Model` (also `Spice Model`, `spiceModel`, EasyEDA Std `spiceSymbolName`): the model or
 *   subcircuit name (1N4148, 2N3904, LM358, a name of a user model file). Default for D/Q/M/J/X:
 *   the part's `Value`, then its `Name`, when that names a known model.
 * - `SPICE Pins`: the part's pins in SPICE node order, by number or name ("2 1", "C B E", "3 2 1 4 8").
 *   Default: by pin names (A/K, C/B/E, D/G/S/B, +/-, IN+/IN-/V+/V-/OUT), else by pin number.
 * - `SPICE Params`: text written after the element's value or model (`IC=0`, `W=10u L=1u`, `area=2`).
 * - `Value`: the value of R, C, L (10k, 4.7uF, 1k5) and the specification of V and I sources
 *   (5, 5V, DC 5, AC 1, PULSE(0 5 0 1n 1n 1m 2m), SIN(0 1 1k), PWL(0 0 1m 5), EXP(...)).
 * - `SPICE Exclude` (also `Sim Exclude`): yes = the part is left out of the netlist (connectors, test points).
 * Attribute names match case-insensitively, ignoring spaces, '_' and '-'.
 */
import type { CircuitPart } from './circuit.ts';

const norm = (k: string) => k.toLowerCase().replace(/[\s_-]/g, '');

export const ATTR_NAMES = {
  prefix: ['SPICE Prefix', 'spicePre'],
  model: ['SPICE Model', 'spiceModel', 'spiceSymbolName'],
  pins: ['SPICE Pins', 'SPICE Pin Map', 'spicePinMap'],
  params: ['SPICE Params', 'SPICE Parameters'],
  exclude: ['SPICE Exclude', 'Sim Exclude', 'Exclude from Simulation'],
  value: ['Value'],
  name: ['Name'],
} as const;

const WANT = Object.fromEntries(Object.entries(ATTR_NAMES).map(([k, names]) => [k, new Set<string>(names.map(norm))])) as Record<keyof typeof ATTR_NAMES, Set<string>>;
/** Per part: [normalized name, trimmed value] of its non-empty attributes, in their order. */
const normalized = new WeakMap<Record<string, string>, Array<[string, string]>>();

/** The part's attribute by one of the convention's names, '' when absent. */
export function partAttr(part: CircuitPart, which: keyof typeof ATTR_NAMES): string {
  let list = normalized.get(part.attrs);
  if (!list) {
    list = [];
    for (const [k, v] of Object.entries(part.attrs)) if (v != null && String(v).trim() !== '') list.push([norm(k), String(v).trim()]);
    normalized.set(part.attrs, list);
  }
  const want = WANT[which];
  for (const [k, v] of list) if (want.has(k)) return v;
  return '';
}

export function isExcluded(part: CircuitPart): boolean {
  return ['yes', 'true', '1', 'y'].includes(partAttr(part, 'exclude').toLowerCase());
}

/** Designator letters -> element letter. */
const BY_DESIGNATOR: Record<string, string> = {
  R: 'R', RN: 'R', VR: 'R', C: 'C', L: 'L', FB: 'L', D: 'D', LED: 'D', Z: 'D', ZD: 'D', Q: 'Q', T: 'Q', M: 'M',
  V: 'V', VS: 'V', BT: 'V', I: 'I', IS: 'I', U: 'X', IC: 'X', X: 'X', S: 'S', SW: 'S', K: 'S', E: 'E', F: 'F', G: 'G', H: 'H', B: 'B',
};

/** The element letter of a part from its designator, '' when the designator says nothing. */
export function prefixFromDesignator(designator: string): string {
  const m = /^([A-Za-z]+)/.exec(designator.trim());
  if (!m) return '';
  const letters = m[1].toUpperCase();
  // the whole letters (LED, SW, IC), else the first letter (RL, RC, CE, QA)
  return BY_DESIGNATOR[letters] ?? BY_DESIGNATOR[letters[0]] ?? '';
}

/** Default SPICE node order by pin names, per element letter (and model kind). */
export const PIN_ROLES: Record<string, string[][]> = {
  // each role: accepted pin names (upper case, without spaces)
  D: [['A', 'ANODE', '+', 'P'], ['K', 'C', 'CATHODE', '-', 'N']],
  Q: [['C', 'COLLECTOR'], ['B', 'BASE'], ['E', 'EMITTER']],
  M: [['D', 'DRAIN'], ['G', 'GATE'], ['S', 'SOURCE'], ['B', 'BULK', 'SUB', 'SUBSTRATE']],
  J: [['D', 'DRAIN'], ['G', 'GATE'], ['S', 'SOURCE']],
  V: [['+', 'P', 'POS', 'PLUS'], ['-', 'N', 'NEG', 'MINUS']],
  I: [['+', 'P', 'POS', 'PLUS'], ['-', 'N', 'NEG', 'MINUS']],
  OPAMP: [['+', 'IN+', '+IN', 'INP', 'NONINV', 'IN_P', 'INA+', 'INB+', '1IN+', '2IN+'], ['-', 'IN-', '-IN', 'INN', 'INV', 'IN_N', 'INA-', 'INB-', '1IN-', '2IN-'],
    ['V+', 'VCC', 'VDD', 'VS+', 'V+IN', '+VS', 'VCC+'], ['V-', 'VEE', 'VSS', 'VS-', '-VS', 'GND', 'VCC-'], ['OUT', 'OUTPUT', 'VOUT', 'OUTA', 'OUTB', '1OUT', '2OUT', 'O']],
  OPAMP3: [['+', 'IN+', '+IN', 'INP', 'NONINV'], ['-', 'IN-', '-IN', 'INN', 'INV'], ['OUT', 'OUTPUT', 'VOUT', 'O']],
};
