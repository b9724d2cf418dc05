/**
 * The SPICE circuit of a stored project (issue 18), one implementation for the server's worker thread,
 * the CLI and the browser: the sheet asked for, the other sheets of its schematic, and the child sheets
 * its sheet symbols name in other schematics (hierarchical blocks, followed down every level), with the
 * project's SPICE model files (BLOB documents, models.ts) and the symbols and devices of project.json.
 *
 * Sheets of the sheet's own schematic keep their names ("P1"); sheets of other schematics are named
 * `Schematic/Sheet`, so a sheet symbol whose `Sheet` is "Power" takes every sheet of schematic Power and
 * "Power/P2" that one sheet (hierarchy.ts `sheetsNamed`).
 */
import { CatalogueError } from '@copperplate/model';
import type { ModelFile } from '@copperplate/spice';
import { contextFromArchive, listSheets, textOf, type ArchiveLike, type SchContext, type SheetRef } from './context.ts';
import { EditorDocument } from './document.ts';
import { parseDocuments } from '@copperplate/format';
import { sheetLinkOf, sheetsNamed } from './hierarchy.ts';
import type { SheetInput } from './netlist.ts';
import { schematicCircuit, type SchematicCircuit } from './spice-circuit.ts';
import { modelFilesOfArchive } from './models.ts';

/** A sheet of the project and how to read it (undefined: missing or unreadable, left out). */
export interface SheetSource extends Pick<SheetRef, 'schematicUuid' | 'schematicName' | 'sheetName'> {
  /** The sheet's uuid when known (project.json sheets[].uuid). */
  uuid?: string;
  load(): EditorDocument | undefined;
}

/** The title of a simulation of a sheet (the netlist's first line): `Schematic/Sheet`. */
export function sheetTitle(s: Pick<SheetSource, 'schematicName' | 'sheetName'>): string {
  return `${s.schematicName}/${s.sheetName}`;
}

/** A sheet by sheet name, `schematic/sheet`, sheet uuid, or schematic name (its first sheet). */
export function findSheet<T extends Pick<SheetSource, 'schematicName' | 'sheetName' | 'uuid'>>(sheets: readonly T[], name: string): T | undefined {
  return sheets.find((s) => s.sheetName === name || `${s.schematicName}/${s.sheetName}` === name || (s.uuid && s.uuid === name))
    ?? sheets.find((s) => s.schematicName === name);
}

/**
 * The sheets a simulation of `start` takes: every sheet of its schematic (by sheet name), then the
 * sheets of other schematics that sheet symbols link to (named `Schematic/Sheet`), level by level
 * until no link names a sheet not yet taken. Each sheet is loaded once.
 */
export function hierarchySheets(all: readonly SheetSource[], start: SheetSource, ctx: SchContext): SheetInput[] {
  const out: SheetInput[] = [];
  const taken = new Set<SheetSource>();
  const take = (s: SheetSource, name: string) => {
    taken.add(s);
    const doc = s.load();
    if (doc) out.push({ name, doc });
  };
  for (const s of all) if (s.schematicUuid === start.schematicUuid) take(s, s.sheetName);
  const others = all.filter((s) => s.schematicUuid !== start.schematicUuid).map((s) => ({ s, name: `${s.schematicName}/${s.sheetName}` }));
  for (let i = 0; i < out.length; i++) {
    const { doc } = out[i];
    for (const [k] of doc.ofType('COMPONENT')) {
      const link = sheetLinkOf(doc, k, ctx);
      if (!link || sheetsNamed(link, out).length) continue;
      for (const o of sheetsNamed(link, others)) if (!taken.has(o.s)) take(o.s, o.name);
    }
  }
  return out;
}

function openSheet(text: string | undefined): EditorDocument | undefined {
  if (text === undefined) return undefined;
  try { return new EditorDocument(parseDocuments(text)); } catch { return undefined; }
}

/** The sheets of an archive (.epro entries), read when asked. */
export function archiveSheets(a: ArchiveLike): SheetSource[] {
  const uuids = new Map<string, string>();
  const sch = (a.projectJson.schematics ?? {}) as Record<string, { sheets?: Array<{ id?: number; uuid?: string }> }>;
  for (const [u, s] of Object.entries(sch)) for (const sh of s.sheets ?? []) if (sh.uuid) uuids.set(`${u}/${sh.id}`, sh.uuid);
  return listSheets(a).map((r) => ({
    schematicUuid: r.schematicUuid, schematicName: r.schematicName, sheetName: r.sheetName,
    uuid: uuids.get(`${r.schematicUuid}/${r.sheetId}`),
    load: () => openSheet(textOf(a.entries.get(r.path))),
  }));
}

export interface ProjectCircuit extends SchematicCircuit {
  /** The sheet simulated, `Schematic/Sheet`. */
  title: string;
  /** The sheets taken, by the names the netlist uses. */
  sheets: string[];
}

/**
 * The circuit of the sheet `docName` of a project (archive entries and project.json): its schematic's
 * sheets and the child sheets of its blocks in other schematics, the project's model files plus
 * `opts.models` (a file given here wins over a project file of the same name). A `.include` naming no
 * model file is in `missingIncludes`. Throws 1000010 when no sheet has that name.
 */
export function projectCircuit(a: ArchiveLike, docName: string, opts: { models?: ModelFile[] } = {}): ProjectCircuit {
  const all = archiveSheets(a);
  const start = findSheet(all, docName);
  if (!start) throw CatalogueError.fromCode(1000010, { documentName: docName });
  const ctx = contextFromArchive(a);
  const sheets = hierarchySheets(all, start, ctx);
  const given = opts.models ?? [];
  const models = [...modelFilesOfArchive(a).filter((m) => !given.some((g) => g.name === m.name)), ...given];
  const title = sheetTitle(start);
  return { ...schematicCircuit(sheets, ctx, { title, models }), title, sheets: sheets.map((s) => s.name) };
}
