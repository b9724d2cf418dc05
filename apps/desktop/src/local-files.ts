/**
 * A project of the desktop's local files as an .epro archive (save-as-local and the client online
 * backup work from the local copy, so they work offline): the local items with their content, in
 * the order the server listed them (`_pos`), through @copperplate/format's writer.
 */
import { PROGRESS_STEPS } from '@copperplate/model';
import { projectDataToEpro, writeEpro, type ProjectData } from '@copperplate/format';
import type { Kind, LocalItem, ProjectMeta } from '@copperplate/sync';

type Obj = Record<string, unknown>;
const LISTS: Array<[keyof ProjectData & string, Kind]> = [
  ['schematics', 'schematics'], ['sheets', 'sheets'], ['pcbs', 'pcbs'], ['panels', 'panels'], ['symbols', 'symbols'],
  ['footprints', 'footprints'], ['devices', 'devices'], ['attributes', 'attributes'], ['blobs', 'blobs'], ['coppers', 'copper'], ['fonts', 'fonts'],
];
const NOT_IN_ARCHIVE = new Set(['_pos', 'ticket', 'base_ticket', 'g_ticket']);

/** Progress of save-as-local (UI-2, CONST-3): `done` of PROGRESS_STEPS.SAVE_AS_LOCAL (14) steps. */
export type SaveProgress = (done: number, total: number) => void;

export function localProjectData(meta: ProjectMeta, items: LocalItem[], onProgress: SaveProgress = () => {}): ProjectData {
  const detail = meta.detail as Obj;
  const d: Obj = {
    title: String(detail.title ?? meta.uuid),
    cbbProject: detail.cbb_project === true,
    defaultSheet: String(detail.default_sheet ?? ''),
    boards: Array.isArray(detail.boards) ? detail.boards : [],
    projectExtra: { top: {}, config: {}, order: [] },
    files: {},
  };
  for (const [list, kind] of LISTS) {
    const rows = items.filter((i) => i.kind === kind && i.data);
    rows.sort((a, b) => Number(a.data!._pos ?? Infinity) - Number(b.data!._pos ?? Infinity) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    d[list] = rows.map((i) => Object.fromEntries(Object.entries(i.data!).filter(([k]) => !NOT_IN_ARCHIVE.has(k))));
    onProgress(LISTS.findIndex(([l]) => l === list) + 1, PROGRESS_STEPS.SAVE_AS_LOCAL);
  }
  return d as unknown as ProjectData;
}

/**
 * The .epro of the local copy. Steps (14, CONST-3): one per item list (11), project.json and the
 * archive entries (12), the zip (13), handed back (14).
 */
export function localProjectEpro(meta: ProjectMeta, items: LocalItem[], onProgress: SaveProgress = () => {}): Uint8Array {
  const total = PROGRESS_STEPS.SAVE_AS_LOCAL;
  const archive = projectDataToEpro(localProjectData(meta, items, onProgress));
  onProgress(LISTS.length + 1, total);
  const bytes = writeEpro(archive);
  onProgress(LISTS.length + 2, total);
  onProgress(total, total);
  return bytes;
}
