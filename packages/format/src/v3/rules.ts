/**
 * V3 PCB design rules (RULE `id ["RULE", ruleType, ruleName]`, body {ruleState, ruleContext}) and
 * their assignments (RULE_SELECTOR `id ["RULE_SELECTOR", [kind, name]]`, body {ruleOrder,
 * ruleKeyValue: {ruleType: ruleName}, copperValue, innerPlaneValue}) to V2's RULE
 * `["RULE", typeCode, name, isDefault, [unit, ...values]]` and RULE_SELECTOR
 * `[[kind, name], order, {typeCode: name}]`.
 *
 * Converted: the rule types whose V2 values are the V3 context's named fields in a known order
 * (values in mil in both): OTHER 2 [device, thru-to-SMD, hole], TRACK 3 [min, default, max width],
 * RADIUS 5 [via diameter min/def/max, drill min/def/max], PASTE 8 [pad top/bottom, test point
 * top/bottom], SOLDER 9 [pad top/bottom, via top/bottom, test point top/bottom], NET_LENGTH 11
 * [min, max], and COPPER 7 (pour connections, with the clearances of its SAFE rule, see
 * copperValues). Not converted (the caller counts them): SAFE, whose V3 clearance matrix has 13
 * object kinds against V2's 10 in an order no definition publishes (and the fixtures' rules do not
 * agree on where the hole row is); PLANE; the routing and manufacturing checks, which V2 has no
 * record for.
 */
import * as R from '../records/index.ts';

type Obj = Record<string, unknown>;
type V2Record = unknown[];

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** V2 type code of each V3 rule type we convert. */
const TYPE_CODE: Record<string, string> = { OTHER: '2', TRACK: '3', RADIUS: '5', COPPER: '7', PASTE: '8', SOLDER: '9', NET_LENGTH: '11' };

/** The clearance matrices of a document's SAFE rules by rule name (`Copper_<name>` holds a COPPER rule's clearances). */
export type SafeMatrices = ReadonlyMap<string, number[][]>;

/** Collect the SAFE rules' first-layer matrices of a document's records. */
export function safeMatrices(records: Iterable<{ type: string; id: string; body: Obj | null }>): Map<string, number[][]> {
  const out = new Map<string, number[][]>();
  for (const r of records) {
    if (r.type !== 'RULE' || !r.body) continue;
    const [, type, name] = keyOf(r.id);
    const ctx = r.body.ruleContext;
    if (type !== 'SAFE' || typeof name !== 'string' || !isObj(ctx) || !Array.isArray(ctx.safeSpacing)) continue;
    const first = ctx.safeSpacing.find(isObj);
    const content = first && Array.isArray(first.content) ? first.content : [];
    out.set(name, content.map((row) => (Array.isArray(row) ? row.map((v) => num(v) ?? NaN) : [])));
  }
  return out;
}

/** V3 connection kinds to V2 rule codes: pads "0" spokes, "1" direct, "2" none; tracks "0" direct, "1" none. */
const padConn = (v: unknown): string => (v === 'DIVERGENCE' ? '0' : v === 'DIRECT' ? '1' : '2');
const trackConn = (v: unknown): string => (v === 'DIRECT' ? '0' : '1');

/**
 * COPPER 7 [clearance, outline clearance, SMD pad conn, spoke width, gap, angle, track conn, TH pad
 * conn, spoke width, gap, angle]. V3 keeps the pour's clearances in the SAFE rule `Copper_<name>`:
 * its row 7 is the copper-region row (all one value: Hexapod's THICK_TRACKS 19.685 mil where its
 * other rules say 10), and row 11, the board outline's, holds the outline clearance in column 7.
 */
function copperValues(name: string, c: Obj, safe: SafeMatrices): Array<number | string> {
  const m = safe.get(`Copper_${name}`);
  const clearance = num(m?.[7]?.[0]) ?? 10;
  const outline = num(m?.[11]?.[7]) ?? clearance;
  const sgl = layerEntry(c.sglPad), mul = layerEntry(c.mulPad), trk = layerEntry(c.track);
  const spokes = (e: Obj) => [num(e.spoWidth) ?? 10, num(e.spoSpac) ?? 10, num(e.spoAng) ?? 90];
  return [clearance, outline, padConn(sgl.connType), ...spokes(sgl), trackConn(trk.connType),
    padConn(mul.connType), ...spokes(mul)];
}

/** The first per-layer entry of a V3 `{isOpen, content: [{layerId, ...}]}` list (layer 1 preferred). */
function layerEntry(v: unknown): Obj {
  const content = isObj(v) && Array.isArray(v.content) ? v.content.filter(isObj) : [];
  return content.find((e) => e.layerId === 1) ?? content[0] ?? {};
}

/** V2 values after the unit, or undefined when the context lacks a field V2 needs. */
function values(type: string, name: string, c: Obj, safe: SafeMatrices): Array<number | string> | undefined {
  const all = (...v: Array<number | undefined>) => (v.every((x) => x !== undefined) ? (v as number[]) : undefined);
  switch (type) {
    case 'OTHER': return all(num(c.deviceClearance) ?? 0, num(c.thru2SmdClearance) ?? 0, num(c.holeClearance));
    case 'TRACK': {
      const t = layerEntry(c.track);
      return all(num(t.stroMin), num(t.stroDef), num(t.stroMax));
    }
    case 'RADIUS': return all(num(c.minRadius), num(c.defRadius), num(c.maxRadius), num(c.minInner), num(c.defInner), num(c.maxInner));
    case 'PASTE': return all(num(c.padTopExpan), num(c.padBotExpan), num(c.testPointTopExpan) ?? num(c.padTopExpan), num(c.testPointBotExpan) ?? num(c.padBotExpan));
    case 'SOLDER': return all(num(c.padTopExpan), num(c.padBotExpan), num(c.viaTopExpan) ?? num(c.padTopExpan), num(c.viaBotExpan) ?? num(c.padBotExpan),
      num(c.testPointTopExpan) ?? num(c.padTopExpan), num(c.testPointBotExpan) ?? num(c.padBotExpan));
    case 'NET_LENGTH': return all(num(c.netLenMin) ?? 0, num(c.netLenMax) ?? 0);
    case 'COPPER': return copperValues(name, c, safe);
    default: return undefined;
  }
}

function keyOf(id: string): unknown[] {
  try {
    const v = JSON.parse(id) as unknown;
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** The V2 RULE of a V3 RULE record, or a reason it is not converted. */
export function convertRule(id: string, body: Obj, safe: SafeMatrices = new Map()): V2Record | string {
  const [, type, name] = keyOf(id);
  if (typeof type !== 'string' || typeof name !== 'string') return 'invalid: does not match the record definition';
  const code = TYPE_CODE[type];
  if (!code) return type === 'SAFE' ? 'clearance matrices have no converter yet (13 object kinds in V3, 10 in V2)' : `${type} rules have no V2 converter yet`;
  const c = isObj(body.ruleContext) ? body.ruleContext : {};
  const v = values(type, name, c, safe);
  if (!v) return 'invalid: does not match the record definition';
  const state = body.ruleState;
  return R.Rule.create({ typeCode: code, name, isDefault: state === 'DEFAULT' || state === 1, data: [typeof c.unit === 'string' ? c.unit : 'mil', ...v] });
}

/** Pours by net and the pours with a selector of their own, for the net selectors' COPPER entries. */
export interface PourIndex {
  byNet: ReadonlyMap<string, readonly string[]>;
  ownSelector: ReadonlySet<string>;
}

export function pourIndex(records: Iterable<{ type: string; id: string; body: Obj | null }>): PourIndex {
  const byNet = new Map<string, string[]>(), ownSelector = new Set<string>();
  for (const r of records) {
    if (!r.body) continue;
    if (r.type === 'POUR' && typeof r.body.netName === 'string') {
      const l = byNet.get(r.body.netName) ?? [];
      l.push(r.id);
      byNet.set(r.body.netName, l);
    } else if (r.type === 'RULE_SELECTOR') {
      const [, sel] = keyOf(r.id);
      if (Array.isArray(sel) && sel[0] === 'POUR' && typeof sel[1] === 'string') ownSelector.add(sel[1]);
    }
  }
  return { byNet, ownSelector };
}

/**
 * The V2 RULE_SELECTORs of a V3 one, naming the converted rule types only; a reason when none is
 * left. A net's COPPER rule shapes that net's pours only (Hexapod: EasyEDA's GND fill keeps 14.1 mil
 * from PGND tracks although PGND's copper rule asks 19.685), while V2 applies a net's COPPER
 * clearance to that net's objects near other pours too (falcon-flight's fills): so a net's COPPER
 * entry becomes a POUR selector for each pour of the net that has none of its own.
 */
export function convertRuleSelector(id: string, body: Obj, pours: PourIndex = { byNet: new Map(), ownSelector: new Set() }): V2Record[] | string {
  const [, sel] = keyOf(id);
  if (!Array.isArray(sel) || sel.length < 2) return 'invalid: does not match the record definition';
  const rules: Record<string, string> = {};
  const kv = isObj(body.ruleKeyValue) ? body.ruleKeyValue : {};
  for (const [type, name] of Object.entries(kv)) if (TYPE_CODE[type] && typeof name === 'string') rules[TYPE_CODE[type]] = name;
  const order = num(body.ruleOrder) ?? 0;
  const out: V2Record[] = [];
  const copper = rules['7'];
  if (sel[0] === 'NET' && typeof sel[1] === 'string' && copper !== undefined) {
    delete rules['7'];
    for (const pour of pours.byNet.get(sel[1]) ?? []) {
      if (!pours.ownSelector.has(pour)) out.push(R.RuleSelector.create({ selector: ['POUR', pour], priority: order, rules: { 7: copper } }));
    }
  }
  if (Object.keys(rules).length) out.unshift(R.RuleSelector.create({ selector: sel, priority: order, rules }));
  return out.length ? out : 'names no rule of a converted type';
}
