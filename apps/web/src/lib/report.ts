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
  const map = new Map<string, string[]>();
  const add = (g: string, line: string) => map.set(groupName(g), [...(map.get(groupName(g)) ?? []), line]);
  const r = (report ?? {}) as Record<string, unknown>;
  const failures = r.failures ?? r.groups ?? (Array.isArray(report) ? report : undefined);
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
  const groups = [...map.entries()].filter(([, l]) => l.length).map(([group, lines]) => ({ group, lines })).sort((a, b) => order(a.group) - order(b.group));
  const ok = typeof r.ok === 'boolean' ? r.ok && groups.length === 0 : groups.length === 0;
  return { ok: ok && !!importedUuid, groups };
}
