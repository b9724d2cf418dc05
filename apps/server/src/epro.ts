/**
 * Projects as files: ProjectData (from @copperplate/format's import) <-> a project row and its items,
 * so that an uploaded .epro becomes a project and a project downloads as .epro with every record.
 * Each item keeps its position in its list (`_pos`) so that the export writes project.json in the
 * same order; archive files no kind holds are kept in the project's `extra`.
 */
import type { ProjectData } from '@copperplate/format';
import type { ItemRow, ProjectRow } from './repo/index.ts';
import { KIND_DEFS, mapOf, type Kind } from './kinds.ts';
import { pack, packExtra, unpack, unpackExtra } from './codec.ts';

type Obj = Record<string, unknown>;
const LISTS: Array<[keyof ProjectData & string, Kind]> = [
  ['schematics', 'schematics'], ['sheets', 'sheets'], ['pcbs', 'pcbs'], ['panels', 'panels'], ['symbols', 'symbols'],
  ['footprints', 'footprints'], ['devices', 'devices'], ['attributes', 'attributes'], ['blobs', 'blobs'], ['coppers', 'copper'], ['fonts', 'fonts'],
];
/** Fields the server adds that ProjectData does not have. */
const SERVER_ONLY = new Set(['_pos', 'ticket']);
const HAS_UPDATE_TIME = new Set<Kind>(['symbols', 'footprints']);

/** `extra`: archive files, project extra and library, compressed for project_extras (codec.ts packExtra). */
export interface ProjectFields { title: string; cbb: boolean; defaultSheet: string; boards: Array<{ name: string; sch: string; pcb: string }>; extra: Uint8Array | null }

function encodeFiles(files: Record<string, string | Uint8Array>): Obj {
  const o: Obj = {};
  for (const [k, v] of Object.entries(files)) o[k] = typeof v === 'string' ? v : { $b64: Buffer.from(v).toString('base64') };
  return o;
}

function decodeFiles(o: unknown): Record<string, string | Uint8Array> {
  const out: Record<string, string | Uint8Array> = {};
  for (const [k, v] of Object.entries((o as Obj) ?? {})) out[k] = typeof v === 'string' ? v : new Uint8Array(Buffer.from(String((v as { $b64: string }).$b64), 'base64'));
  return out;
}

export function projectDataToRows(d: ProjectData): { project: ProjectFields; items: Array<Omit<ItemRow, 'ticket'>> } {
  const items: Array<Omit<ItemRow, 'ticket'>> = [];
  for (const [list, kind] of LISTS) {
    const arr = (d[list] as unknown as Obj[] | undefined) ?? [];
    arr.forEach((raw, i) => {
      const { dataStr, ...rest } = raw as Obj & { dataStr?: string };
      const fields: Obj = { ...rest, _pos: i };
      const key = String(fields[KIND_DEFS[kind].key]);
      items.push({ kind, key, map: mapOf(kind, fields), deleted: false, fields, data: typeof dataStr === 'string' ? pack(dataStr) : null });
    });
  }
  return {
    project: {
      title: d.title,
      cbb: d.cbbProject,
      defaultSheet: d.defaultSheet,
      boards: d.boards.map((b) => ({ ...b })),
      extra: packExtra({ projectExtra: d.projectExtra, library: d.library ?? null, files: encodeFiles(d.files) }),
    },
    items,
  };
}

/** `extraBytes`: the project's extra as stored (repo.projectExtra). */
export function rowsToProjectData(p: ProjectRow, items: ItemRow[], extraBytes: Uint8Array | null): ProjectData {
  const extra = unpackExtra(extraBytes) as { projectExtra?: ProjectData['projectExtra']; library?: ProjectData['library'] | null; files?: unknown };
  const d: Record<string, unknown> = {
    title: p.title,
    cbbProject: p.cbb_project,
    defaultSheet: p.default_sheet,
    boards: p.boards,
    projectExtra: extra.projectExtra ?? { top: {}, config: {}, order: [] },
    files: decodeFiles(extra.files),
  };
  if (extra.library) d.library = extra.library;
  for (const [list, kind] of LISTS) {
    const rows = items.filter((it) => it.kind === kind && !it.deleted);
    rows.sort((a, b) => Number(a.fields._pos ?? Infinity) - Number(b.fields._pos ?? Infinity) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    d[list] = rows.map((it) => {
      const o: Obj = {};
      for (const [k, v] of Object.entries(it.fields)) if (!SERVER_ONLY.has(k) && !(k === 'updateTime' && !HAS_UPDATE_TIME.has(kind))) o[k] = v;
      if (KIND_DEFS[kind].content) o.dataStr = unpack(it.data) ?? '';
      return o;
    });
  }
  return d as unknown as ProjectData;
}
