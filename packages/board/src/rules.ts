/**
 * Design rules from the board's RULE and RULE_SELECTOR records (EasyEDA's rule format), with EasyEDA's
 * defaults (JLCPCB two-layer capability) when a rule is absent. Values in mil (EasyEDA stores mil
 * whatever the displayed unit says: 5.9843 = 0.152 mm).
 *
 * RULE `["RULE", typeCode, name, isDefault, [unit, ...values]]`, type codes as written by the V2
 * editor and named by the V3 one: 1 SAFE (clearance matrix), 2 OTHER, 3 TRACK (min, default, max
 * width), 5 RADIUS (via diameter min/def/max, drill min/def/max), 6 PLANE, 7 COPPER (pour: thermal
 * reliefs), 9 SOLDER (mask expansion). RULE_SELECTOR `[[kind, name], order, {typeCode: ruleName}]`
 * binds a rule to a NET (or a POUR by id); lower order wins.
 *
 * The clearance matrix is lower-triangular over object kinds. The row order below is what the V2
 * editor writes (10 rows; 8 in 2.1 editors, which lack the last two); it was checked against the
 * fills EasyEDA stored in the fixture boards (scripts/pour-compare.ts).
 */
import { Rule, RuleSelector } from '@copperplate/format/records';

type Raw = readonly unknown[];

/** Object kinds of the clearance matrix, in V2 row order. */
export const CLEAR_KINDS = ['track', 'smdPad', 'thPad', 'via', 'hole', 'pour', 'fill', 'text', 'outline', 'other'] as const;
export type ClearKind = (typeof CLEAR_KINDS)[number];
const KIND_INDEX = Object.fromEntries(CLEAR_KINDS.map((k, i) => [k, i])) as Record<ClearKind, number>;

export interface ThermalRule {
  /** 'spokes' (EasyEDA DIVERGENCE), 'direct', or 'none' (not connected). */
  mode: 'spokes' | 'direct' | 'none';
  width: number;
  gap: number;
  angle: number;
}

export interface PourRule {
  /** Clearance (mil) from the pour to other-net copper and holes, and to the board outline. */
  clearance: number;
  outlineClearance: number;
  smd: ThermalRule;
  th: ThermalRule;
  track: 'direct' | 'none';
}

/**
 * EasyEDA's fills keep this much (mil) beyond the COPPER rule's clearance: measured on every fixture
 * board (rule 10 -> 14.10 mil gaps to tracks, pads and the outline; rule 5.9843 -> 10.08).
 */
export const POUR_EXTRA_CLEARANCE = 4.1;

/**
 * EasyEDA's fills stay this far (mil) inside their pour's own outline (straight edges moved in, reflex
 * corners rounded): measured on the stored fills of Hexapod (PGND_L, LM66200_GND, every side 4.00 mil)
 * and FLIP_C3 (POUR4), V2 and V3 alike. The board outline keeps its clearance (plus the extra above).
 */
export const POUR_OUTLINE_INSET = 4;

export interface RuleSet {
  /** Clearance (mil) between two object kinds of two different nets. */
  clearance(a: ClearKind, b: ClearKind, netA?: string, netB?: string): number;
  trackWidth(net?: string): { min: number; def: number; max: number };
  via: { minDiameter: number; defDiameter: number; maxDiameter: number; minDrill: number; defDrill: number; maxDrill: number };
  /** Pour connection rule for a pour (by id) and net. */
  pour(pourId: string, net: string): PourRule;
  /** Pour clearance (mil, EasyEDA's extra included) the COPPER rule of an object's net asks for. */
  netPourClearance(net: string): number;
  /** Hole to hole (mil). */
  holeToHole: number;
  /** Hole to other copper and pours (OTHER rule `holeClearance`, mil). */
  holeClearance: number;
  /** Largest clearance any pair can need (for search radii). */
  maxClearance: number;
  maskExpansion: number;
  /** The RULE and RULE_SELECTOR records it was read from (parseRules of them gives the same rules: a worker thread's copy, pour-par.ts). */
  records?: readonly Raw[];
}

const DEFAULT_MATRIX: number[][] = [
  [6], [6, 6], [6, 6, 6], [6, 6, 6, 6], [11.811, 6, 6, 6, 6], [6, 6, 6, 6, 11.811, 6],
  [6, 6, 6, 6, 6, 6, 6], [6, 6, 6, 6, 6, 6, 6, 6], [11.811, 11.811, 11.811, 11.811, 11.811, 11.811, 11.811, 11.811], [6.9, 6.9, 6.9, 6.9, 6.9, 6.9, 6.9, 6.9, 6.9],
];

const n = (v: unknown, d: number): number => {
  const x = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(x) ? x : d;
};

function thermal(conn: unknown, w: unknown, gap: unknown, ang: unknown): ThermalRule {
  const c = String(conn ?? '0');
  const mode = c === '0' || c === 'DIVERGENCE' ? 'spokes' : c === '1' || c === 'DIRECT' ? 'direct' : 'none';
  return { mode, width: n(w, 10), gap: n(gap, 10), angle: n(ang, 90) };
}

/**
 * Parse a COPPER (type 7) rule's values: [unit, clearance, outlineClearance (?), smdConn, smdW,
 * smdGap, smdAng, trackConn, thConn, thW, thGap, thAng] (conn "0" spokes, "1" direct).
 */
function pourRule(v: unknown[]): PourRule {
  return {
    clearance: n(v[1], 10) + POUR_EXTRA_CLEARANCE,
    outlineClearance: n(v[2], n(v[1], 10)) + POUR_EXTRA_CLEARANCE,
    smd: thermal(v[3], v[4], v[5], v[6]),
    track: String(v[7] ?? '0') === '0' ? 'direct' : 'none',
    th: thermal(v[8], v[9], v[10], v[11]),
  };
}

export function parseRules(records: readonly Raw[]): RuleSet {
  const rules = new Map<string, Map<string, unknown[]>>(); // type -> name -> values
  const defaults = new Map<string, string>();
  const netSel = new Map<string, Record<string, unknown>>();
  const pourSel = new Map<string, Record<string, unknown>>();
  for (const r of records) {
    if (r[0] === 'RULE') {
      const t = Rule.get(r, 'typeCode'), name = Rule.get(r, 'name');
      const data = Rule.get(r, 'data');
      if (!rules.has(t)) rules.set(t, new Map());
      rules.get(t)!.set(name, Array.isArray(data) ? data : []);
      if (Rule.get(r, 'isDefault')) defaults.set(t, name);
    } else if (r[0] === 'RULE_SELECTOR') {
      const sel = RuleSelector.get(r, 'selector');
      const map = RuleSelector.get(r, 'rules');
      if (!Array.isArray(sel) || !map || typeof map !== 'object') continue;
      if (sel[0] === 'NET') netSel.set(String(sel[1]), map);
      else if (sel[0] === 'POUR') pourSel.set(String(sel[1]), map);
    }
  }
  const ruleFor = (type: string, sel?: Record<string, unknown>): unknown[] | undefined => {
    const byName = rules.get(type);
    if (!byName) return undefined;
    const named = sel?.[type];
    if (typeof named === 'string' && byName.has(named)) return byName.get(named);
    const d = defaults.get(type);
    return d !== undefined ? byName.get(d) : byName.values().next().value;
  };

  const matrixOf = (v: unknown[] | undefined): number[][] => (v && Array.isArray(v[1]) ? (v[1] as unknown[]).map((row) => (Array.isArray(row) ? row.map((x) => n(x, 6)) : [])) : DEFAULT_MATRIX);
  const matrixCache = new Map<string, number[][]>();
  const matrixForNet = (net?: string): number[][] => {
    const key = net ?? '';
    let m = matrixCache.get(key);
    if (!m) { m = matrixOf(ruleFor('1', net !== undefined ? netSel.get(net) : undefined)); matrixCache.set(key, m); }
    return m;
  };
  const cell = (m: number[][], a: number, b: number): number => {
    const i = a >= b ? a : b, j = a >= b ? b : a;
    const row = m[i] ?? DEFAULT_MATRIX[i];
    return row?.[j] ?? DEFAULT_MATRIX[i]?.[j] ?? 6;
  };
  const base = matrixForNet(undefined);
  /** True when a net's selector names a safe-spacing rule of its own. */
  const ownsRule = (net?: string): boolean => {
    const named = net !== undefined ? netSel.get(net)?.['1'] : undefined;
    return typeof named === 'string' && !!rules.get('1')?.has(named);
  };
  // search radii must cover the largest clearance any rule can ask: every safe-spacing matrix (a net's
  // rule may be larger than the default) and every copper-pour rule's clearances
  let maxClearance = 0;
  for (const m of [base, ...[...(rules.get('1')?.values() ?? [])].map(matrixOf)]) for (const row of m) for (const v of row) maxClearance = Math.max(maxClearance, v);
  for (const v of rules.get('7')?.values() ?? []) {
    const pr = pourRule(v);
    maxClearance = Math.max(maxClearance, pr.clearance, pr.outlineClearance);
  }

  const tw = (net?: string) => {
    const v = ruleFor('3', net !== undefined ? netSel.get(net) : undefined) ?? [];
    return { min: n(v[1], 5), def: n(v[2], 10), max: n(v[3], 100) };
  };
  const vs = ruleFor('5') ?? [];
  const other = ruleFor('2') ?? [];
  const mask = ruleFor('9') ?? [];
  const pourCache = new Map<string, PourRule>();
  return {
    clearance(a, b, netA, netB) {
      // each side asks for its net's own safe-spacing rule (a net rule replaces the default, smaller or
      // larger), else the default; the larger of the two applies
      const ia = KIND_INDEX[a], ib = KIND_INDEX[b];
      const v = cell(base, ia, ib);
      if (!netSel.size) return v;
      const va = netA !== undefined && ownsRule(netA) ? cell(matrixForNet(netA), ia, ib) : v;
      const vb = netB !== undefined && ownsRule(netB) ? cell(matrixForNet(netB), ia, ib) : v;
      return va > vb ? va : vb;
    },
    trackWidth: tw,
    via: { minDiameter: n(vs[1], 9.8425), defDiameter: n(vs[2], 12.0079), maxDiameter: n(vs[3], 196.85), minDrill: n(vs[4], 5.9055), defDrill: n(vs[5], 6.0039), maxDrill: n(vs[6], 124) },
    pour(pourId, net) {
      const k = `${pourId}\u0000${net}`;
      let p = pourCache.get(k);
      if (!p) { p = pourRule(ruleFor('7', pourSel.get(pourId) ?? netSel.get(net)) ?? ['mm', 10, 10, 0, 10, 10, 90, 0, 0, 10, 10, 90]); pourCache.set(k, p); }
      return p;
    },
    netPourClearance(net) {
      const sel = netSel.get(net);
      if (!sel || sel['7'] === undefined) return 0;
      const v = ruleFor('7', sel);
      return v ? n(v[1], 10) + POUR_EXTRA_CLEARANCE : 0;
    },
    holeToHole: n(other[3], 11.811) || 11.811,
    holeClearance: n(other[3], 11.811),
    maxClearance,
    maskExpansion: n(mask[1], 2),
    records: records.filter((r) => r[0] === 'RULE' || r[0] === 'RULE_SELECTOR'),
  };
}
