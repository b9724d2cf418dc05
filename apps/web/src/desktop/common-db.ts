/**
 * The local database of the desktop build (DB-1) over the local host's `/CommonDB/*` paths (SPEC §7):
 * in mode CLIENT the page keeps its projects in the host's files (apps/cli/src/desktop/file-store.ts)
 * instead of the browser's IndexedDB, so they stay on the disk as local files beside the cloud copy.
 * Read-modify-write calls (updateItem, updateLock) run here and are stored by compare-and-set: the
 * host applies `next` only while the stored value still equals `expect`, else the call is repeated.
 */
import type { Kind, KvStoreName, LocalItem, LocalStore, LockRecord, LogRecord, ProjectMeta } from '@copperplate/sync';

/** The paths under /CommonDB/ (SPEC §7), with the extra ones a full LocalStore needs. */
export const COMMON_DB = {
  initDB: 'initDB',
  projectGet: 'project/getData',
  projectSet: 'project/setData',
  projectDel: 'project/delData',
  projectAll: 'project/getAllArrData',
  itemGet: 'prjCache/getData',
  itemList: 'prjCache/getAllIndexs',
  itemPending: 'prjCache/getPending',
  itemCount: 'prjCache/getCount',
  itemAdd: 'prjCache/addData',
  itemDelMany: 'prjCache/delLotsData',
  itemCas: 'prjCache/casData',
  lockGet: 'lockPrj/getData',
  lockCas: 'lockPrj/readwriteData',
  logAdd: 'log/setData',
  logAll: 'log/getAllArrData',
  logDelMany: 'log/delLotsData',
} as const;
/** The key-value stores and their paths: `<store>/getData`, `<store>/setData` (clipBoard also `isExist`). */
export const KV_STORES: readonly KvStoreName[] = ['copyAndPaste', 'copyAndPasteTableCell', 'basicLibraryList', 'clipBoard'];
/** Sent with every call of the local host; a page of another site cannot send it without a preflight the host never answers. */
export const CLIENT_HEADER = 'x-copperplate-client';

export class HostError extends Error {}

/** POST a JSON body to the local host and return its `result`. */
export async function hostCall<T>(baseUrl: string, path: string, body: unknown, fetchImpl: typeof fetch = fetch, signal?: AbortSignal): Promise<T> {
  const res = await fetchImpl(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', [CLIENT_HEADER]: '1' }, body: JSON.stringify(body ?? {}), signal });
  const text = await res.text();
  let parsed: { code?: number; result?: T; message?: string };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new HostError(`invalid response ${text.slice(0, 200)}`);
  }
  if (!res.ok || parsed.code !== 0) throw new HostError(parsed.message ?? `local host: HTTP ${res.status}`);
  return parsed.result as T;
}

export class HttpLocalStore implements LocalStore {
  /** The signed-in user: stamped on log entries written without an owner (the log uploader sends own entries only, PERM-3). */
  logOwner: () => string | null | undefined = () => undefined;
  constructor(private readonly baseUrl = '', private readonly fetchImpl: typeof fetch = (...a) => fetch(...a)) {}
  private call<T>(path: string, body?: unknown): Promise<T> {
    return hostCall<T>(this.baseUrl, `/CommonDB/${path}`, body, this.fetchImpl);
  }
  /** Checks that the host's database answers (initDB). */
  async open(): Promise<this> {
    await this.call(COMMON_DB.initDB);
    return this;
  }
  async getProject(uuid: string) { return (await this.call<ProjectMeta | null>(COMMON_DB.projectGet, { uuid })) ?? undefined; }
  async putProject(meta: ProjectMeta) { await this.call(COMMON_DB.projectSet, { meta }); }
  async deleteProject(uuid: string) { await this.call(COMMON_DB.projectDel, { uuid }); }
  listProjects() { return this.call<ProjectMeta[]>(COMMON_DB.projectAll); }
  async getItem(project: string, kind: Kind, key: string) { return (await this.call<LocalItem | null>(COMMON_DB.itemGet, { project, kind, key })) ?? undefined; }
  listItems(project: string, kind?: Kind) { return this.call<LocalItem[]>(COMMON_DB.itemList, { project, kind }); }
  listPending(project: string) { return this.call<LocalItem[]>(COMMON_DB.itemPending, { project }); }
  countItems(project: string) { return this.call<number>(COMMON_DB.itemCount, { project }); }
  async putItems(items: LocalItem[]) { if (items.length) await this.call(COMMON_DB.itemAdd, { items }); }
  async deleteItems(project: string, keys: { kind: Kind; key: string }[]) { if (keys.length) await this.call(COMMON_DB.itemDelMany, { project, keys }); }
  async updateItem(project: string, kind: Kind, key: string, fn: (cur: LocalItem | undefined) => LocalItem | null | undefined) {
    for (;;) {
      const cur = await this.getItem(project, kind, key);
      const next = fn(cur === undefined ? undefined : structuredClone(cur));
      if (next === undefined) return undefined;
      const ok = await this.call<boolean>(COMMON_DB.itemCas, { project, kind, key, expect: cur ?? null, next });
      if (ok) return next;
    }
  }
  async updateLock(lockUuid: string, fn: (cur: LockRecord | undefined) => LockRecord | null | undefined) {
    for (;;) {
      const cur = await this.getLock(lockUuid);
      const next = fn(cur === undefined ? undefined : structuredClone(cur));
      if (next === undefined) return undefined;
      if (await this.call<boolean>(COMMON_DB.lockCas, { lockUuid, expect: cur ?? null, next })) return next;
    }
  }
  async getLock(lockUuid: string) { return (await this.call<LockRecord | null>(COMMON_DB.lockGet, { lockUuid })) ?? undefined; }
  addLog(entry: LogRecord) { return this.call<number>(COMMON_DB.logAdd, { entry: { ...entry, owner: entry.owner ?? this.logOwner() ?? undefined } }); }
  listLogs(project?: string) { return this.call<LogRecord[]>(COMMON_DB.logAll, { project }); }
  async deleteLogs(ids: number[]) { if (ids.length) await this.call(COMMON_DB.logDelMany, { ids }); }
  async kvGet(store: KvStoreName, key: string) { return (await this.call<unknown>(`${store}/getData`, { key })) ?? undefined; }
  async kvSet(store: KvStoreName, key: string, value: unknown) { await this.call(`${store}/setData`, { key, value }); }
  /** clipBoard/isExist: whether a key holds a value. */
  kvHas(store: KvStoreName, key: string) { return this.call<boolean>(`${store}/isExist`, { key }); }
  async close() {}
}
