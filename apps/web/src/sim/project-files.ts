/**
 * What the browser's simulation takes from the open project (issue 18), through the same code as the
 * server and the CLI (@copperplate/schematic): the sheets (the sheet's schematic and the child sheets of
 * its blocks in other schematics, `hierarchySheets`) and the SPICE model files stored as project blobs
 * (BLOB documents, `modelFileOfBlob`; saved with `editBlob`: uploaded by the sync engine and kept in the
 * local database for offline runs).
 */
import { openDocument, type EditorDocument, type SchContext, type SheetInput } from '@copperplate/editor';
import { hierarchySheets, modelBlob, modelFileOfBlob, sheetTitle, type SheetSource } from '@copperplate/schematic';
import type { ModelFile } from '@copperplate/spice';
import { itemName } from '../project/http-session.ts';
import type { ProjectSession, ProjectSnapshot } from '../project/types.ts';

export interface ProjectModel extends ModelFile { hash: string }

/** Blobs read so far, by hash (a blob's content never changes under its hash): images are read once, not at every snapshot. */
const readBlobs = new Map<string, ModelFile | null>();

/** The project's model files (blobs holding one), by name; unreadable blobs and images are left out. */
export function projectModels(snap: ProjectSnapshot): ProjectModel[] {
  const out: ProjectModel[] = [];
  for (const [hash, item] of snap.blobs ?? []) {
    let f = readBlobs.get(hash);
    if (f === undefined && typeof item.dataStr === 'string') readBlobs.set(hash, (f = modelFileOfBlob(item.dataStr) ?? null));
    if (f && !out.some((m) => m.name === f!.name)) out.push({ ...f, hash });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** Saves model files as project blobs; a file of the same name as a stored one replaces it. */
export async function saveModels(session: ProjectSession, files: ModelFile[]): Promise<void> {
  if (!session.editBlob) throw new Error('This project cannot store model files here');
  const have = projectModels(session.snapshot());
  for (const f of files) {
    const b = await modelBlob(f);
    const old = have.find((m) => m.name === f.name);
    if (old?.hash === b.hash) continue;
    await session.editBlob(b.hash, b);
    if (old) await session.editBlob(old.hash, null);
  }
}

export async function removeModel(session: ProjectSession, hash: string): Promise<void> {
  await session.editBlob?.(hash, null);
}

/**
 * The sheets of a simulation of the open sheet `sheetId` (its live document `doc`): every sheet of its
 * schematic and the child sheets its blocks name in other schematics (`Schematic/Sheet`), and the
 * title the server and the CLI give it. The other sheets are read from the session (the local
 * database: offline too); unreadable ones are left out.
 */
export async function simulationSheets(session: ProjectSession, sheetId: string, doc: EditorDocument, ctx: SchContext): Promise<{ sheets: SheetInput[]; title: string }> {
  const snap = session.snapshot();
  const schName = (uuid: string) => itemName(snap.items.schematics.get(uuid)) || uuid;
  const texts = new Map<string, string>();
  await Promise.all([...snap.items.sheets.keys()].filter((id) => id !== sheetId).map(async (id) => {
    const item = await session.loadItem('sheets', id);
    if (typeof item?.dataStr === 'string') texts.set(id, item.dataStr);
  }));
  const all: SheetSource[] = [...snap.items.sheets].map(([id, s]) => ({
    schematicUuid: String(s.schematic_uuid ?? ''), schematicName: schName(String(s.schematic_uuid ?? '')), sheetName: itemName(s), uuid: id,
    load: () => {
      if (id === sheetId) return doc;
      const t = texts.get(id);
      try { return t === undefined ? undefined : openDocument(t); } catch { return undefined; }
    },
  }));
  const start = all.find((s) => s.uuid === sheetId);
  if (!start) return { sheets: [{ name: itemName(snap.items.sheets.get(sheetId)), doc }], title: itemName(snap.items.sheets.get(sheetId)) };
  return { sheets: hierarchySheets(all, start, ctx), title: sheetTitle(start) };
}
