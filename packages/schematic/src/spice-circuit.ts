/**
 * The SPICE circuit of a schematic (`@copperplate/spice` writes the netlist from it): the nets of
 * `buildNetlist` across the given sheets and their hierarchy, each part with its attributes resolved
 * as EasyEDA shows them (component ATTR, then device, then symbol; `={Value}` templates filled), and
 * the simulation directives written on the sheets (TEXT records whose lines start with '.').
 * A `.include NAME` directive takes the model file NAME from `models` (by name or base name).
 */
import { CatalogueError } from '@copperplate/model';
import type { Circuit, CircuitPart, ModelFile } from '@copperplate/spice';
import { SchText } from '@copperplate/format/records';
import type { SchContext } from './context.ts';
import { buildNetlist, type Net, type NetlistOptions, type SheetInput } from './netlist.ts';
import { componentLookup, symbolAttrs, componentSymbolInfo } from './attrs.ts';
import { resolveTemplate } from './template.ts';
import { repeatedBlocks } from './hierarchy.ts';
import { attrMap } from './symbol.ts';

const numeric = new Intl.Collator(undefined, { numeric: true });

export interface SchematicCircuit {
  circuit: Circuit;
  nets: Net[];
  /** `.include` names on the sheets with no model file of that name. */
  missingIncludes: string[];
  /** What the circuit leaves out that the sheets draw (a child sheet named by a second sheet symbol). */
  warnings: string[];
}

/** Directive lines of a sheet: TEXT records whose text starts with '.' (continuation lines '+' kept). */
export function sheetDirectives(sheets: SheetInput[]): string[] {
  const out: string[] = [];
  for (const { doc } of sheets) {
    for (const [, r] of doc.ofType('TEXT')) {
      const text = SchText.get(r, 'text');
      if (typeof text !== 'string' || !text.trim().startsWith('.')) continue;
      for (const line of text.split(/\r?\n/)) if (/^\s*[.+]/.test(line)) out.push(line.trim());
    }
  }
  return out;
}

export function schematicCircuit(sheets: SheetInput[], ctx: SchContext, opts: NetlistOptions & { title?: string; models?: ModelFile[] } = {}): SchematicCircuit {
  const nets = buildNetlist(sheets, ctx, opts);
  const docs = new Map(sheets.map((s) => [s.name, s.doc]));
  const parts = new Map<string, CircuitPart>();
  for (const net of nets) {
    for (const p of net.pins) {
      const key = `${p.sheet}|${p.component}`;
      let part = parts.get(key);
      if (!part) {
        const doc = docs.get(p.sheet)!;
        const own = attrMap(doc, p.component);
        const lookup = componentLookup(doc, p.component, ctx, own);
        const resolve = (v: string) => resolveTemplate(v, lookup);
        const keys = new Set<string>(own.keys());
        const dev = ctx.devices[lookup('Device') ?? '']?.attributes ?? {};
        for (const k of Object.keys(dev)) keys.add(k);
        const sym = componentSymbolInfo(doc, p.component, ctx, own);
        if (sym) for (const k of symbolAttrs(sym.doc).keys()) keys.add(k);
        const attrs: Record<string, string> = {};
        for (const k of keys) { const v = lookup(k); if (v !== undefined && v !== '') attrs[k] = resolve(v); }
        part = { designator: p.designator || attrs.Designator || p.component, attrs, pins: [], sheet: p.sheet };
        parts.set(key, part);
      }
      part.pins.push({ number: p.number, name: p.name, net: net.name });
    }
  }
  const models = opts.models ?? [];
  const base = (n: string) => n.replace(/^["']|["']$/g, '').split(/[\\/]/).pop()!.toLowerCase();
  const missingIncludes: string[] = [];
  const used: ModelFile[] = [];
  const directives: string[] = [];
  for (const line of sheetDirectives(sheets)) {
    const inc = /^\.(?:include|inc|lib)\s+(\S+)/i.exec(line);
    if (!inc) { directives.push(line); continue; }
    const f = models.find((m) => m.name === inc[1] || base(m.name) === base(inc[1]));
    if (f) { if (!used.includes(f)) used.push(f); } else missingIncludes.push(inc[1]);
  }
  for (const m of models) if (!used.includes(m)) used.push(m);
  const list = [...parts.values()].sort((a, b) => numeric.compare(a.designator, b.designator));
  return { circuit: { title: opts.title ?? sheets.map((s) => s.name).join(', '), parts: list, directives, models: used }, nets, missingIncludes, warnings: repeatedBlocks(sheets, ctx).map((w) => `SPICE: ${w}`) };
}

/** SPICE_MODEL_MISSING for each `.include` that names no model file of the project. */
export function missingIncludeErrors(names: readonly string[]): CatalogueError[] {
  return names.map((n) => CatalogueError.named('SPICE_MODEL_MISSING', { part: `.include ${n}`, reason: 'no model file of that name in the project' }));
}
