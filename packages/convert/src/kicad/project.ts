/**
 * KiCad files (a project folder's files, or a zip of it) -> one Copperplate project (ProjectData),
 * with the report of what could not be carried. Pure: bytes in, data out; runs in a worker, the CLI
 * and the server alike.
 *
 * Accepted: .kicad_pro (project name, board list, net classes), .kicad_pcb, .kicad_sch (the root
 * sheet and its hierarchy), .kicad_sym and .kicad_mod libraries, and .zip holding any of these.
 */
import { CatalogueError } from '@copperplate/model';
import { emptyProjectData, readZip, type ProjectData } from '@copperplate/format';
import { boardFootprints, convertBoard, type BoardMinimums } from './board.ts';
import { convertSchematics, convertSymbolLibrary, newSchematicContext } from './schematic.ts';
import { readKicadSym } from './sch-read.ts';
import { kicadModToFootprint } from './footprint-lib.ts';
import { readKicadPcb } from './pcb-read.ts';
import type { KNetClass } from './pcb-model.ts';
import { Report } from './report.ts';
import { uuidOf } from './ids.ts';
import { mil } from './units.ts';

export interface KicadFile {
  /** Path inside the project folder (or just the file name). */
  name: string;
  data: string | Uint8Array;
}

export interface KicadImport {
  data: ProjectData;
  report: Report;
  /** The document (uuid) each KiCad file became: sheets by .kicad_sch, PCBs by .kicad_pcb. */
  documents: Map<string, string>;
}

const dec = new TextDecoder();
const text = (d: string | Uint8Array): string => (typeof d === 'string' ? d : dec.decode(d));
const base = (p: string): string => p.split('/').pop() ?? p;
const stem = (p: string): string => base(p).replace(/\.[^.]+$/, '');
const ext = (p: string): string => (/\.[^./]+$/.exec(p)?.[0] ?? '').toLowerCase();

/** Expand zips into their KiCad files (one level; paths inside the zip kept). */
export function expandKicadFiles(files: KicadFile[]): KicadFile[] {
  const out: KicadFile[] = [];
  for (const f of files) {
    if (ext(f.name) === '.zip') {
      const bytes = typeof f.data === 'string' ? new TextEncoder().encode(f.data) : f.data;
      let entries: Map<string, Uint8Array>;
      try {
        entries = readZip(bytes, undefined, (name) => /\.(kicad_(pro|pcb|sch|sym|mod))$/i.test(name));
      } catch {
        throw CatalogueError.named('UNZIP_FAILED', { title: f.name });
      }
      for (const [name, data] of entries) if (/\.(kicad_(pro|pcb|sch|sym|mod))$/i.test(name) && !name.includes('__MACOSX')) out.push({ name, data });
    } else out.push(f);
  }
  return out;
}

/** Net classes of a .kicad_pro (KiCad 6+: net_settings.classes, values in mm). */
export function proNetClasses(pro: Record<string, unknown>): KNetClass[] {
  const ns = (pro.net_settings ?? {}) as { classes?: Record<string, unknown>[]; netclass_assignments?: Record<string, string> };
  const assigned = ns.netclass_assignments ?? {};
  return (ns.classes ?? []).map((c) => {
    const n = (k: string) => (typeof c[k] === 'number' ? mil(c[k] as number) : 0);
    const name = String(c.name ?? 'Default');
    const nets = Array.isArray(c.nets) ? (c.nets as string[]) : Object.entries(assigned).filter(([, v]) => v === name).map(([k]) => k);
    return {
      name,
      clearance: n('clearance'),
      trackWidth: n('track_width'),
      viaDiameter: n('via_diameter'),
      viaDrill: n('via_drill'),
      uviaDiameter: n('microvia_diameter'),
      uviaDrill: n('microvia_drill'),
      diffPairWidth: n('diff_pair_width'),
      diffPairGap: n('diff_pair_gap'),
      nets,
    };
  });
}

/** The board constraints of a .kicad_pro (board.design_settings.rules, mm) in mil; absent ones undefined. */
export function proMinimums(pro: Record<string, unknown>): BoardMinimums {
  const board = (pro.board ?? {}) as { design_settings?: { rules?: Record<string, unknown> } };
  const r = board.design_settings?.rules ?? {};
  const m = (k: string) => (typeof r[k] === 'number' && Number.isFinite(r[k]) ? mil(r[k] as number) : undefined);
  return {
    trackWidth: m('min_track_width'), viaDiameter: m('min_via_diameter'), viaDrill: m('min_through_hole_diameter'),
    copperEdgeClearance: m('min_copper_edge_clearance'), holeClearance: m('min_hole_clearance'), holeToHole: m('min_hole_to_hole'),
  };
}

/**
 * Convert KiCad files into one project. The project's name is the .kicad_pro's (else the first
 * board's or schematic's) file name. Throws CatalogueError KICAD_NOTHING when no KiCad file is given,
 * or the reader's KICAD_* errors for a hostile file.
 */
export interface KicadImportOptions {
  /** The project's title (default: the .kicad_pro's, else the first board's or schematic's name). */
  title?: string;
  /**
   * Only the KiCad project of this name (several projects may share a folder): its board
   * `NAME.kicad_pcb` and the schematic hierarchy under `NAME.kicad_sch`. Libraries are all kept.
   */
  only?: string;
}

export function kicadToProject(input: KicadFile[], opts: KicadImportOptions = {}): KicadImport {
  const files = expandKicadFiles(input);
  const report = new Report();
  const pro = files.find((f) => ext(f.name) === '.kicad_pro');
  const pcbs = files.filter((f) => ext(f.name) === '.kicad_pcb' && (!opts.only || stem(f.name) === opts.only));
  const schs = files.filter((f) => ext(f.name) === '.kicad_sch');
  const syms = files.filter((f) => ext(f.name) === '.kicad_sym');
  const mods = files.filter((f) => ext(f.name) === '.kicad_mod');
  if (!pro && !pcbs.length && !schs.length && !syms.length && !mods.length) {
    throw CatalogueError.named('KICAD_NOTHING', { file: input.map((f) => base(f.name)).join(', ') || 'the input' });
  }
  const title = opts.title ?? stem((pro ?? pcbs[0] ?? schs[0] ?? syms[0] ?? mods[0]).name);
  const data = emptyProjectData(title);
  data.projectExtra.config = { importedFrom: 'kicad' };
  let proJson: Record<string, unknown> = {};
  if (pro) {
    try {
      proJson = JSON.parse(text(pro.data)) as Record<string, unknown>;
    } catch {
      report.add('Project', 'the .kicad_pro is not valid JSON (project settings not read)', base(pro.name));
    }
  }
  const netClasses = proNetClasses(proJson);
  const minimums = proMinimums(proJson);

  // Boards first as models (their footprints name the devices' footprints), then schematics (devices
  // by reference), then the board records (components name those devices).
  const boards = pcbs.map((f) => {
    const model = readKicadPcb(text(f.data), base(f.name), { bytes: typeof f.data === 'string' ? undefined : f.data });
    const key = `${title}/${f.name}`;
    return { f, model, key, fps: boardFootprints(model, key, report) };
  });
  const ctx = newSchematicContext(title, data, report);
  for (const b of boards) for (const [lib, uuid] of b.fps.byLib) if (!ctx.footprintByLib.has(lib)) ctx.footprintByLib.set(lib, uuid);
  // Library footprints (.kicad_mod) are named "Lib:Name" by symbols; index them by both.
  const libFootprints = mods.map((f) => kicadModToFootprint(text(f.data), f.name, title, report));
  for (const m of libFootprints) {
    data.footprints.push(m.footprint);
    ctx.footprintByLib.set(m.footprint.title, m.footprint.uuid);
    const lib = /([^/]+)\.pretty\//.exec(m.file)?.[1];
    if (lib) ctx.footprintByLib.set(`${lib}:${m.footprint.title}`, m.footprint.uuid);
  }
  const schUuids = schs.length ? convertSchematics(schs.map((f) => ({ name: f.name, text: text(f.data) })), ctx, opts.only) : [];
  for (const f of syms) convertSymbolLibrary(readKicadSym(text(f.data), base(f.name)), ctx);
  // A footprint no symbol uses still gets a device (with a generated symbol) so that it can be placed.
  const used = new Set(data.devices.map((d) => String(d.attributes?.Footprint ?? '')));
  for (const m of libFootprints) if (!used.has(m.footprint.uuid)) { data.devices.push(m.device); data.symbols.push(m.symbol); }

  const documents = new Map(ctx.pageByFile);
  const pcbUuids: { stem: string; uuid: string }[] = [];
  for (const b of boards) {
    const c = convertBoard(b.model, { name: stem(b.f.name), key: b.key, netClasses, minimums, deviceFor: (ref) => ctx.deviceByReference.get(ref) }, report, b.fps);
    data.pcbs.push(c.pcb);
    data.footprints.push(...c.footprints);
    data.devices.push(...c.devices);
    data.symbols.push(...c.symbols);
    data.coppers.push(...c.coppers);
    pcbUuids.push({ stem: stem(b.f.name), uuid: c.pcb.uuid });
    documents.set(b.f.name, c.pcb.uuid);
  }

  // Boards pair a schematic and a PCB of the same stem (KiCad's project = one board).
  const paired = new Set<string>();
  for (const s of schUuids) {
    const p = pcbUuids.find((x) => x.stem === s.stem && !paired.has(x.uuid)) ?? (schUuids.length === 1 ? pcbUuids.find((x) => !paired.has(x.uuid)) : undefined);
    if (p) paired.add(p.uuid);
    data.boards.push({ name: s.stem, sch: s.uuid, pcb: p?.uuid ?? '' });
  }
  for (const p of pcbUuids) if (!paired.has(p.uuid)) data.boards.push({ name: p.stem, sch: '', pcb: p.uuid });
  void uuidOf;
  return { data, report, documents };
}
