/**
 * Backups and versions off the event loop (issue 11): a project's state (a head: the backup's meta,
 * or a version's boards and default sheet; and every item with its content inflated) packed into one
 * gzip JSON, and read back, in the files worker thread (files-worker.mjs). The bytes are what
 * backups.ts and versions.ts always stored. Each job is a pure function of its input; states below
 * INLINE_STATE_BYTES are handled in the server's thread by the same functions (a worker thread
 * costs more than they do).
 */
import { pack, packExtra, packJson, unpack, unpackExtra, unpackJson } from '../codec.ts';
import { KIND_DEFS, isKind } from '../kinds.ts';
import type { ItemRow } from '../repo/index.ts';

/** One item as a backup or version holds it (content inflated). */
export interface StateItem { kind: string; key: string; map: string; fields: Record<string, unknown>; dataStr?: string }
/** A stored state: its head's fields and its items. */
export type StateBody = Record<string, unknown> & { items: StateItem[] };
/** An item as the database holds it (content compressed). */
export type StoredItem = Omit<ItemRow, 'ticket'>;

/** Stored bytes (compressed contents included) below which a job runs in the server's thread. */
export const INLINE_STATE_BYTES = 256 << 10;

export type StateJob =
  /** The state of `items` under `head`; with `extra` (the project's extra as stored), head.meta.extra is it unpacked. */
  | { op: 'pack'; head: Record<string, unknown>; items: StoredItem[]; extra?: Uint8Array | null }
  /** A backup of an uploaded .epro (the multipart upload part): its items and project fields go into head.meta. */
  | { op: 'pack-upload'; head: { meta: Record<string, unknown> }; upload: Uint8Array; name: string }
  /** A stored state's head, item counts per kind and the names of its schematics, sheets and PCBs. */
  | { op: 'summary'; data: Uint8Array }
  /** One item of a stored state (`item` null when it has none of that kind and key). */
  | { op: 'item'; data: Uint8Array; kind: string; key: string }
  /** A stored state as rows to create (items of known kinds, contents compressed) and its head (meta.extra packed as `extra`). */
  | { op: 'rows'; data: Uint8Array }
  /**
   * A switch of version: `live` (the project's items now) packed under `head` as `bytes` (the state
   * being left), and the rows that make the project equal to the stored state `target` (changed or
   * new items, and deletions of the live ones it does not hold).
   */
  | { op: 'switch'; head: Record<string, unknown>; live: StoredItem[]; target: Uint8Array };

export interface NamedItem { uuid: string; title: string }
export interface StateSummary { head: Record<string, unknown>; counts: Record<string, number>; names: Record<'schematics' | 'sheets' | 'pcbs', NamedItem[]> }
export interface StateRows { head: Record<string, unknown>; items: StoredItem[]; extra: Uint8Array | null }
export interface StateSwitch { bytes: Uint8Array; head: Record<string, unknown>; rows: StoredItem[] }

const inflated = (it: StoredItem): StateItem => ({ kind: it.kind, key: it.key, map: it.map, fields: it.fields, dataStr: unpack(it.data) });
const headOf = ({ items: _items, ...head }: StateBody): Record<string, unknown> => head;

function packState(head: Record<string, unknown>, items: StateItem[]): { bytes: Uint8Array } {
  return { bytes: packJson({ ...head, items }) };
}

/** A state item as a row to store (content compressed when its kind has content). */
function storedRow(it: StateItem): StoredItem | undefined {
  if (!isKind(it.kind)) return undefined;
  return { kind: it.kind, key: it.key, map: it.map, deleted: false, fields: it.fields, data: it.dataStr !== undefined && KIND_DEFS[it.kind].content ? pack(it.dataStr) : null };
}

const sameItem = (a: StoredItem, b: StateItem) => JSON.stringify(a.fields) === JSON.stringify(b.fields) && (unpack(a.data) ?? undefined) === b.dataStr && a.map === b.map;

export async function runStateJob(job: StateJob): Promise< { bytes: Uint8Array } | StateSummary | { item: StateItem | null } | StateRows | StateSwitch> {
  switch (job.op) {
    case 'pack': {
      const head = job.extra === undefined ? job.head : { ...job.head, meta: { ...(job.head.meta as object), extra: unpackExtra(job.extra) } };
      return packState(head, job.items.map(inflated));
    }
    case 'pack-upload': {
      // the importer (@copperplate/format) is loaded only for this job
      const up = (await import('./files-job.ts')).runImportJob({ kind: 'import', bytes: job.upload, name: job.name });
      const p = up.project;
      const meta = { ...job.head.meta, cbb_project: p.cbb, default_sheet: p.defaultSheet, boards: p.boards, extra: unpackExtra(p.extra) };
      return packState({ ...job.head, meta }, up.items.map(inflated));
    }
    case 'summary': {
      const body = unpackJson<StateBody>(job.data);
      const counts: Record<string, number> = {};
      for (const it of body.items) counts[it.kind] = (counts[it.kind] ?? 0) + 1;
      const names = (kind: string) => body.items.filter((it) => it.kind === kind).map((it) => ({ uuid: it.key, title: String(it.fields.title ?? it.fields.name ?? it.key) }));
      return { head: headOf(body), counts, names: { schematics: names('schematics'), sheets: names('sheets'), pcbs: names('pcbs') } };
    }
    case 'item':
      return { item: unpackJson<StateBody>(job.data).items.find((x) => x.kind === job.kind && x.key === job.key) ?? null };
    case 'rows': {
      const body = unpackJson<StateBody>(job.data);
      const meta = body.meta as { extra?: Record<string, unknown> } | undefined;
      return { head: headOf(body), items: body.items.map(storedRow).filter((r): r is StoredItem => r !== undefined), extra: packExtra(meta?.extra) };
    }
    case 'switch': {
      const target = unpackJson<StateBody>(job.target);
      const live = new Map(job.live.map((it) => [`${it.kind}\u0000${it.key}`, it]));
      const rows: StoredItem[] = [];
      const want = new Set<string>();
      for (const it of target.items) {
        const row = storedRow(it);
        if (!row) continue;
        const k = `${it.kind}\u0000${it.key}`;
        want.add(k);
        const cur = live.get(k);
        if (!cur || !sameItem(cur, it)) rows.push(row);
      }
      for (const [k, cur] of live) if (!want.has(k)) rows.push({ ...cur, deleted: true, data: null });
      return { ...packState(job.head, job.live.map(inflated)), head: headOf(target), rows };
    }
  }
}
