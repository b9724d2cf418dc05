/**
 * The LocalStore on IndexedDB through dexie (DB-1): database version 49 with the eight stores of
 * SPEC §3. In Node tests pass fake-indexeddb's IDBFactory and IDBKeyRange.
 * Note: dexie reports `verno` 49; the native IndexedDB version it uses is 490 (dexie multiplies by 10).
 */
import Dexie, { type Table } from 'dexie';
import { CatalogueError, LOCAL_DB_STORES, LOCAL_DB_VERSION } from '@copperplate/model';
import type { ItemStamp, Kind, KvStoreName, LocalItem, LocalStore, LockRecord, LogRecord, ProjectMeta } from '@copperplate/sync';

/** Store name -> dexie schema (primary key first, then indexes). */
export const DB_SCHEMA = {
  project: 'uuid',
  copyAndPaste: 'key',
  copyAndPasteTableCell: 'key',
  log: '++id, project_uuid',
  basicLibraryList: 'key',
  clipBoard: 'key',
  lockPrj: 'lockUuid',
  prjCache: '[project+kind+key], project, [project+ticket]',
} as const satisfies Record<(typeof LOCAL_DB_STORES)[number], string>;

interface Kv { key: string; value: unknown; }

export interface DexieStoreOptions {
  name?: string;
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

export class DexieStore implements LocalStore {
  readonly db: Dexie;
  private project: Table<ProjectMeta, string>;
  private items: Table<LocalItem, [string, string, string]>;
  private lockPrj: Table<LockRecord, string>;
  private log: Table<LogRecord, number>;

  constructor(o: DexieStoreOptions = {}) {
    this.db = new Dexie(o.name ?? 'copperplate', o.indexedDB ? { indexedDB: o.indexedDB, IDBKeyRange: o.IDBKeyRange } : undefined);
    this.db.version(LOCAL_DB_VERSION).stores(DB_SCHEMA);
    this.project = this.db.table('project');
    this.items = this.db.table('prjCache');
    this.lockPrj = this.db.table('lockPrj');
    this.log = this.db.table('log');
  }

  /** Opens the database; a failure is DB_INIT_ERROR ('The CacheStorage connection failed'). */
  async open(): Promise<this> {
    try {
      await this.db.open();
    } catch {
      throw CatalogueError.named('DB_INIT_ERROR');
    }
    return this;
  }

  getProject(uuid: string) { return this.project.get(uuid); }
  async putProject(meta: ProjectMeta) { await this.project.put(meta); }
  async deleteProject(uuid: string) {
    await this.db.transaction('rw', this.project, this.items, async () => {
      await this.project.delete(uuid);
      await this.items.where('project').equals(uuid).delete();
    });
  }
  getItem(project: string, kind: Kind, key: string) { return this.items.get([project, kind, key]); }
  listItems(project: string, kind?: Kind) {
    if (kind) return this.items.where('[project+kind+key]').between([project, kind, Dexie.minKey], [project, kind, Dexie.maxKey]).toArray();
    return this.items.where('project').equals(project).toArray();
  }
  listPending(project: string) {
    return this.items.where('[project+ticket]').between([project, -Infinity], [project, 0], true, true).toArray();
  }
  /** Through the [project+ticket] index with a key cursor: no item's content is read. */
  async listStamps(project: string) {
    const out: ItemStamp[] = [];
    await this.items.where('[project+ticket]').between([project, Dexie.minKey], [project, Dexie.maxKey], true, true).eachKey((k, c) => {
      const [, kind, key] = c.primaryKey as unknown as [string, Kind, string];
      out.push({ kind, key, ticket: (k as unknown as [string, number])[1] });
    });
    return out;
  }
  countItems(project: string) { return this.items.where('project').equals(project).count(); }
  async putItems(items: LocalItem[]) { await this.items.bulkPut(items); }
  async deleteItems(project: string, keys: { kind: Kind; key: string }[]) {
    await this.items.bulkDelete(keys.map((k) => [project, k.kind, k.key] as [string, string, string]));
  }
  updateItem(project: string, kind: Kind, key: string, fn: (cur: LocalItem | undefined) => LocalItem | null | undefined) {
    return this.db.transaction('rw', this.items, async () => {
      const next = fn(await this.items.get([project, kind, key]));
      if (next === null) await this.items.delete([project, kind, key]);
      else if (next !== undefined) await this.items.put(next);
      return next;
    });
  }
  updateLock(lockUuid: string, fn: (cur: LockRecord | undefined) => LockRecord | null | undefined) {
    return this.db.transaction('rw', this.lockPrj, async () => {
      const next = fn(await this.lockPrj.get(lockUuid));
      if (next === null) await this.lockPrj.delete(lockUuid);
      else if (next !== undefined) await this.lockPrj.put(next);
      return next;
    });
  }
  getLock(lockUuid: string) { return this.lockPrj.get(lockUuid); }
  async addLog(entry: LogRecord) {
    const { id: _id, ...rest } = entry;
    return (await this.log.add(rest as LogRecord)) as number;
  }
  listLogs(project?: string) { return project ? this.log.where('project_uuid').equals(project).toArray() : this.log.toArray(); }
  async deleteLogs(ids: number[]) { await this.log.bulkDelete(ids); }
  async kvGet(store: KvStoreName, key: string) { return (await this.db.table<Kv, string>(store).get(key))?.value; }
  async kvSet(store: KvStoreName, key: string, value: unknown) { await this.db.table<Kv, string>(store).put({ key, value }); }
  async close() { this.db.close(); }
}
