/**
 * The SPICE netlist of a circuit (ngspice dialect): one element line per part, built-in models the
 * parts use, user model files written in (so that the server's ngspice and the browser's engine read
 * one self-contained text), directives, `.end`. Problems that would make ngspice fail are found
 * here and named by part or net (missing model, pin order, value, floating node, no ground).
 */
import { CatalogueError } from '@copperplate/model';
import type { Analysis, Circuit, CircuitPart } from './circuit.ts';
import { PIN_ROLES, isExcluded, partAttr, prefixFromDesignator } from './convention.ts';
import { builtinModel, definedModels, type DefinedModel } from './models.ts';
import { spiceValue } from './values.ts';
import { floatingNets } from './check.ts';

export interface NetlistOptions {
  /** Replaces the analyses written on the sheets. */
  analysis?: Analysis;
  /** Skip the floating-node check (e.g. a transient with `uic`). */
  allowFloating?: boolean;
  /**
   * Save the current of every device (`.options savecurrents`: `i(r1)`, `ic(q1)`, see `vectorName`),
   * not only of the sources. Default true (not with an AC analysis, see below); false for large
   * circuits where only voltages matter.
   */
  currents?: boolean;
}

export interface NetlistResult {
  text: string;
  /** net name -> SPICE node ('0' for ground). */
  nodeOf: Record<string, string>;
  /** SPICE node -> net name. */
  netOf: Record<string, string>;
  /** SPICE element name (lower case) -> designator. */
  partOf: Record<string, string>;
  /** Everything that keeps the netlist from running, each naming its part or net. */
  errors: CatalogueError[];
  warnings: string[];
}

const GROUND_NAMES = new Set(['0', 'GND', 'AGND', 'DGND', 'PGND', 'SGND', 'GNDA', 'GNDD', 'GROUND', 'EARTH', 'CHASSIS']);
export function isGroundNet(name: string, extra: string[] = []): boolean {
  const u = name.trim().toUpperCase();
  return GROUND_NAMES.has(u) || extra.some((g) => g.trim().toUpperCase() === u);
}

const ANALYSIS_DIRECTIVES = /^\s*\.(op|dc|ac|tran|noise|tf|pz|disto|sens|sp)\b/i;

export function analysisLine(a: Analysis): string {
  switch (a.kind) {
    case 'op': return '.op';
    case 'dc': return `.dc ${a.source} ${a.start} ${a.stop} ${a.step}`;
    case 'ac': return `.ac ${a.sweep ?? 'dec'} ${a.points} ${a.fstart} ${a.fstop}`;
    case 'tran': return `.tran ${a.step} ${a.stop}${a.start !== undefined || a.maxStep !== undefined ? ` ${a.start ?? 0}` : ''}${a.maxStep !== undefined ? ` ${a.maxStep}` : ''}${a.uic ? ' uic' : ''}`;
  }
}

const SOURCE_SPEC = /^(dc|ac|pulse|sin|pwl|exp|sffm|am|trrandom|trnoise)\b/i;

/** What conducts DC between an element's nodes (for the floating-node check): groups of node indexes. */
function dcGroups(prefix: string, n: number, kind?: string): number[][] {
  const all = Array.from({ length: n }, (_, i) => i);
  switch (prefix) {
    case 'C': case 'I': return [];
    case 'M': return [[0, 2, ...(n > 3 ? [3] : [])]];
    case 'S': return [[0, 1]];
    case 'E': case 'H': case 'B': return [[0, 1]];
    case 'G': case 'F': return [];
    case 'X': return kind === 'OPAMP' ? [[0, 1], [4, -1]] : kind === 'OPAMP3' ? [[0, 1], [2, -1]] : [all];
    default: return [all];
  }
}

export function writeNetlist(circuit: Circuit, opts: NetlistOptions = {}): NetlistResult {
  const errors: CatalogueError[] = [];
  const warnings: string[] = [];
  const ground = circuit.ground ?? [];
  // user model files
  const userModels = new Map<string, DefinedModel>();
  for (const f of circuit.models ?? []) for (const [k, v] of definedModels(f.text)) userModels.set(k, v);
  // nodes
  const nodeOf: Record<string, string> = {};
  const netOf: Record<string, string> = {};
  const usedNodes = new Set<string>(['0']);
  const node = (net: string): string => {
    if (isGroundNet(net, ground)) { nodeOf[net] = '0'; netOf['0'] ??= net; return '0'; }
    let n = nodeOf[net];
    if (n) return n;
    let base = net.toLowerCase().replace(/[^a-z0-9_]/g, '_').replace(/^_+|_+$/g, '');
    if (!/^[a-z]/.test(base)) base = `n${base}`;
    n = base;
    for (let i = 2; usedNodes.has(n); i++) n = `${base}_${i}`;
    usedNodes.add(n);
    nodeOf[net] = n; netOf[n] = net;
    return n;
  };
  const partOf: Record<string, string> = {};
  const usedNames = new Set<string>();
  const builtinsUsed = new Set<string>();
  const lines: string[] = [];
  const conduct: Array<{ nodes: string[]; groups: number[][] }> = [];

  for (const part of circuit.parts) {
    if (isExcluded(part)) continue;
    if (part.pins.length === 0) continue;
    const d = part.designator || '?';
    const fail = (key: 'SPICE_MODEL_MISSING' | 'SPICE_PIN_MAP' | 'SPICE_BAD_VALUE', params: Record<string, string>) => { errors.push(CatalogueError.named(key, { part: d, ...params })); };
    let prefix = partAttr(part, 'prefix').toUpperCase().slice(0, 1) || prefixFromDesignator(d);
    const value = partAttr(part, 'value');
    // the model: SPICE Model, else Value or Name when they name a known model
    const known = (nm: string) => !!nm && (userModels.has(nm.toUpperCase()) || !!builtinModel(nm));
    let modelName = partAttr(part, 'model');
    if (!modelName && /^[DQMJXS]$/.test(prefix)) modelName = [value, partAttr(part, 'name')].find(known) ?? '';
    let kind = '';
    if (modelName) {
      const user = userModels.get(modelName.toUpperCase());
      const b = builtinModel(modelName);
      if (user) kind = user.kind;
      else if (b) { kind = b.model.kind; modelName = b.name; builtinsUsed.add(b.name); }
      else { fail('SPICE_MODEL_MISSING', { reason: `no model or subcircuit named ${modelName}` }); continue; }
      if (!prefix) prefix = b ? b.model.prefix : kind === 'SUBCKT' ? 'X' : '';
      // a transistor designator (Q) with a MOSFET or JFET model, a U with a diode...
      if (prefix === 'Q' && /^(NMOS|PMOS|VDMOS)$/.test(kind)) prefix = 'M';
      if (prefix === 'Q' && /^(NJF|PJF)$/.test(kind)) prefix = 'J';
      if (prefix === 'X' && kind !== 'SUBCKT' && kind !== 'OPAMP') prefix = kind === 'D' ? 'D' : /^(NPN|PNP)$/.test(kind) ? 'Q' : /^(NMOS|PMOS)$/.test(kind) ? 'M' : kind === 'SW' ? 'S' : prefix;
    }
    if (!prefix) { fail('SPICE_MODEL_MISSING', { reason: `its designator ${d} does not say which SPICE element it is` }); continue; }
    if (prefix === 'S' && !modelName) { modelName = 'SW'; kind = 'SW'; builtinsUsed.add('SW'); }
    if (/^[DQMJX]$/.test(prefix) && !modelName) {
      fail('SPICE_MODEL_MISSING', { reason: value ? `no model named ${value}` : 'no SPICE Model attribute' });
      continue;
    }
    // pin order
    const roleKey = prefix === 'X' && kind === 'OPAMP' ? (part.pins.length === 3 ? 'OPAMP3' : 'OPAMP') : prefix;
    const ordered = orderPins(part, prefix, roleKey, kind, (reason) => fail('SPICE_PIN_MAP', { reason }));
    if (!ordered) continue;
    if (prefix === 'X') {
      const want = userModels.get(modelName.toUpperCase())?.nodes ?? (kind === 'OPAMP' ? 5 : undefined);
      if (want !== undefined && want !== ordered.length && !(kind === 'OPAMP' && ordered.length === 3)) {
        fail('SPICE_PIN_MAP', { reason: `subcircuit ${modelName} has ${want} nodes but the part has ${ordered.length} pins` });
        continue;
      }
    }
    let nodes = ordered.map((p) => (p.net ? node(p.net) : node(`${d}.${p.number || p.name}`)));
    // element name
    let name = d.replace(/[^A-Za-z0-9_]/g, '_');
    if (name[0]?.toUpperCase() !== prefix) name = prefix + name;
    let unique = name;
    for (let i = 2; usedNames.has(unique.toLowerCase()); i++) unique = `${name}_${i}`;
    usedNames.add(unique.toLowerCase());
    partOf[unique.toLowerCase()] = d;
    const params = partAttr(part, 'params');
    let body: string;
    if (prefix === 'R' || prefix === 'C' || prefix === 'L') {
      const v = spiceValue(value);
      if (v === undefined) { fail('SPICE_BAD_VALUE', { value, expected: `a ${prefix === 'R' ? 'resistance' : prefix === 'C' ? 'capacitance' : 'inductance'} (e.g. ${prefix === 'R' ? '10k' : prefix === 'C' ? '100n' : '10u'})` }); continue; }
      body = v;
    } else if (prefix === 'V' || prefix === 'I') {
      const v = spiceValue(value);
      if (v !== undefined) body = `DC ${v}`;
      else if (SOURCE_SPEC.test(value)) body = value;
      else { fail('SPICE_BAD_VALUE', { value, expected: 'a source specification (5, DC 5, AC 1, PULSE(...), SIN(...), PWL(...))' }); continue; }
    } else if (/^[EFGHB]$/.test(prefix)) {
      if (!value) { fail('SPICE_BAD_VALUE', { value, expected: `the ${prefix} source's expression or gain` }); continue; }
      body = value;
    } else if (prefix === 'X' && kind === 'OPAMP' && ordered.length === 3) {
      // a three-pin op-amp symbol: ideal rails far away
      nodes = [nodes[0], nodes[1], 'opamp_vp', 'opamp_vn', nodes[2]];
      if (!lines.some((l) => l.startsWith('Vopamp_railp'))) {
        lines.unshift('Vopamp_railp opamp_vp 0 DC 1k', 'Vopamp_railn opamp_vn 0 DC -1k');
        conduct.push({ nodes: ['opamp_vp', 'opamp_vn', '0'], groups: [[0, 1, 2]] });
      }
      body = modelName;
    } else {
      body = modelName;
    }
    lines.push([unique, ...nodes, body, params].filter(Boolean).join(' '));
    conduct.push({ nodes, groups: dcGroups(prefix, nodes.length, roleKey === 'OPAMP3' ? 'OPAMP' : kind) });
  }
  if (circuit.parts.length && !Object.values(nodeOf).includes('0')) errors.push(CatalogueError.named('SPICE_NO_GROUND'));
  // directives
  let directives = (circuit.directives ?? []).map((l) => l.trim()).filter((l) => l && !/^\.end\s*$/i.test(l));
  if (opts.analysis) directives = [...directives.filter((l) => !ANALYSIS_DIRECTIVES.test(l)), analysisLine(opts.analysis)];
  if (!directives.some((l) => ANALYSIS_DIRECTIVES.test(l))) errors.push(CatalogueError.named('SPICE_NO_ANALYSIS'));
  // not with an AC analysis: the browser's engine (ngspice 45 in WebAssembly) then fails to write its results
  const ac = directives.some((l) => /^\s*\.ac\b/i.test(l));
  if (opts.currents !== false && !ac && !directives.some((l) => /^\.options?\b.*\bsavecurrents\b/i.test(l))) directives.unshift('.options savecurrents');
  const uic = directives.some((l) => /^\.tran\b.*\buic\b/i.test(l));
  if (!opts.allowFloating && !uic && errors.length === 0) {
    for (const n of floatingNets(conduct)) {
      const net = netOf[n] ?? n;
      errors.push(CatalogueError.named('SPICE_FLOATING_NODE', { net, detail: n.includes('.') || !circuit.parts.some((p) => p.pins.some((q) => q.net === net)) ? ': the pin is not connected' : '' }));
    }
  }
  const out: string[] = [`* ${circuit.title.replace(/\r?\n/g, ' ') || 'Copperplate circuit'}`, ...lines];
  for (const f of circuit.models ?? []) {
    out.push(`* .include ${f.name} (project model file)`);
    out.push(...f.text.split(/\r?\n/).filter((l) => !/^\s*\.end\s*$/i.test(l)));
    out.push(`* end of ${f.name}`);
  }
  for (const b of [...builtinsUsed].sort()) if (!userModels.has(b)) out.push(builtinModel(b)!.model.text);
  out.push(...directives, '.end', '');
  return { text: out.join('\n'), nodeOf, netOf, partOf, errors, warnings };
}

type Pin = CircuitPart['pins'][number];
const pinKey = (s: string) => s.toUpperCase().replace(/[\s_]/g, '');
const numeric = new Intl.Collator(undefined, { numeric: true });
const byNumber = (a: Pin, b: Pin) => numeric.compare(a.number, b.number);

function orderPins(part: CircuitPart, prefix: string, roleKey: string, kind: string, fail: (reason: string) => void): Pin[] | undefined {
  const pins = part.pins;
  const map = partAttr(part, 'pins');
  if (map) {
    const out: Pin[] = [];
    for (const t of map.split(/[\s,;]+/).filter(Boolean)) {
      const p = pins.find((q) => q.number === t) ?? pins.find((q) => pinKey(q.name) === pinKey(t));
      if (!p) { fail(`its SPICE Pins names ${t}, which is no pin of the part`); return undefined; }
      out.push(p);
    }
    return out;
  }
  const two = ['R', 'C', 'L', 'V', 'I', 'D'];
  if (two.includes(prefix) && pins.length !== 2) { fail(`a ${prefix} element has 2 pins, the part has ${pins.length}`); return undefined; }
  const roles = PIN_ROLES[roleKey];
  if (roles) {
    const found = roles.map((names) => pins.find((p) => names.includes(pinKey(p.name))));
    const need = prefix === 'M' ? 3 : roles.length;
    if (found.slice(0, need).every(Boolean) && (prefix !== 'M' || pins.length <= 4)) {
      const out = found.slice(0, need) as Pin[];
      if (prefix === 'M') out.push(found[3] ?? out[2]);
      if (prefix === 'Q' && pins.length === 4) out.push(pins.find((p) => !out.includes(p))!);
      return out;
    }
  }
  const sorted = [...pins].sort(byNumber);
  if (prefix === 'D') return [sorted[1], sorted[0]]; // EasyEDA and KiCad diode symbols: pin 1 cathode, pin 2 anode
  if (prefix === 'Q' || prefix === 'M' || prefix === 'J' || (prefix === 'X' && kind === 'OPAMP')) {
    fail(`its pin names (${pins.map((p) => p.name || p.number).join(', ')}) do not say which is ${(roles ?? []).map((r) => r[0]).join('/')}`);
    return undefined;
  }
  return sorted;
}
