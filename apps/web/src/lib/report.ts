/**
 * Reads the server's import report (shape owned by @copperplate/format's FailureReport) into the
 * groups of UI-3. Tolerant: groups may be an object of lists or a list of {group, name, message}.
 */
import { FAILURE_GROUPS } from './messages.ts';

export interface ReportGroup {
  group: string;
  lines: string[];
}
export interface ImportReport {
  ok: boolean;
  groups: ReportGroup[];
  /** What was imported or kept but is not whole (system-library parts, pours of an absent PCB); does not make ok false. */
  warnings?: ReportGroup[];
  /** EasyEDA Pro V3 archives and KiCad imports: a summary line, then one line per kind not carried (warnings). */
  conversion?: string[];
}

/** The conversion report of a V3 archive (shape owned by @copperplate/format's ConversionReport). */
function conversionLines(c: unknown, entries?: unknown): string[] | undefined {
  if (Array.isArray(entries)) {
    // KiCad import (issue 15): {group, what, where, count} per kind of item not carried.
    if (entries.length === 0) return ['KiCad import: everything was carried'];
    const out = [`KiCad import: ${entries.length} kind(s) of items not carried (or carried approximately)`];
    for (const e of entries as Array<Record<string, unknown>>) {
      const where = Array.isArray(e.where) && e.where.length ? `; in ${e.where.join(', ')}` : '';
      out.push(`${String(e.group)}: ${String(e.what)} (x${String(e.count)}${where})`);
    }
    return out;
  }
  if (!c || typeof c !== 'object') return undefined;
  const o = c as { total?: unknown; carried?: unknown; notCarried?: unknown };
  const out = [`${String(o.carried)} of ${String(o.total)} records of the EasyEDA Pro V3 archive carried`];
  if (Array.isArray(o.notCarried)) {
    for (const n of o.notCarried as Array<Record<string, unknown>>) out.push(`${String(n.kind)}: ${String(n.count)} (${String(n.reason)})`);
  }
  return out;
}

const GROUP_ALIASES: Record<string, string> = {
  schematic: 'Schematic', schematics: 'Schematic', sheet: 'Page', sheets: 'Page', page: 'Page', pages: 'Page',
  symbol: 'Symbol', symbols: 'Symbol', pcb: 'Pcb', pcbs: 'Pcb', footprint: 'Footprint', footprints: 'Footprint',
  device: 'Device', devices: 'Device', panel: 'Panel', panels: 'Panel', pour: 'Pour', pours: 'Pour', copper: 'Pour', coppers: 'Pour',
  'true color image': 'True Color Image', truecolorimage: 'True Color Image', blob: 'True Color Image', blobs: 'True Color Image', image: 'True Color Image',
  font: 'Font', fonts: 'Font', textpath: 'Font',
};
export function groupName(key: string): string {
  return GROUP_ALIASES[key.toLowerCase()] ?? GROUP_ALIASES[key.toLowerCase().replace(/\s+/g, '')] ?? key;
}

function lineOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const name = o.name ?? o.title ?? o.id ?? o.uuid ?? o.path;
    const msg = o.message ?? o.reason ?? o.error;
    if (name !== undefined && msg !== undefined) return `${String(name)}: ${String(msg)}`;
    if (msg !== undefined) return String(msg);
    if (name !== undefined) return String(name);
  }
  return JSON.stringify(v);
}

export function readReport(report: unknown, importedUuid: string | null | undefined): ImportReport {
  const r = (report ?? {}) as Record<string, unknown>;
  const groups = readGroups(r.failures ?? r.groups ?? (Array.isArray(report) ? report : undefined));
  const warnings = readGroups(r.warnings);
  const ok = typeof r.ok === 'boolean' ? r.ok && groups.length === 0 : groups.length === 0;
  const conversion = conversionLines(r.conversion, r.entries);
  return { ok: ok && !!importedUuid, groups, ...(warnings.length ? { warnings } : {}), ...(conversion ? { conversion } : {}) };
}

/** Groups of a report part (failures or warnings): an object of lists or a list of {group, name, message}, in UI-3 order. */
function readGroups(failures: unknown): ReportGroup[] {
  const map = new Map<string, string[]>();
  const add = (g: string, line: string) => map.set(groupName(g), [...(map.get(groupName(g)) ?? []), line]);
  if (Array.isArray(failures)) {
    for (const f of failures) {
      const o = (f ?? {}) as Record<string, unknown>;
      add(String(o.group ?? o.kind ?? o.type ?? 'Other'), lineOf(f));
    }
  } else if (failures && typeof failures === 'object') {
    for (const [g, list] of Object.entries(failures as Record<string, unknown>)) {
      if (Array.isArray(list)) for (const f of list) add(g, lineOf(f));
      else if (list) add(g, lineOf(list));
    }
  }
  const order = (g: string) => {
    const i = (FAILURE_GROUPS as readonly string[]).indexOf(g);
    return i < 0 ? FAILURE_GROUPS.length : i;
  };
  return [...map.entries()].filter(([, l]) => l.length).map(([group, lines]) => ({ group, lines })).sort((a, b) => order(a.group) - order(b.group));
}
