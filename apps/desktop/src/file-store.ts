/**
 * The desktop build's local database (DB-1) as files: every project of the local cache is a folder
 * `<data>/projects/<uuid>/` with `project.json` (its ProjectMeta) and one JSON file per item
 * (`items/<kind>/<key>.json`, the LocalItem with its ticket: negative = edited here and not
 * uploaded, TKT-2). Locks, logs and the key-value caches are one file each. Everything is read into
 * memory at start and written through on every change (write to a temporary file, then rename), so a
 * crash or a stopped host never leaves a half-written file and edits survive restarts.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localItemKey } from '@copperplate/model';
import type { Kind, KvStoreName, LocalItem, LocalStore, LockRecord, LogRecord, ProjectMeta } from '@copperplate/sync';

const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
/** ID-5: the item's kind, then its id joined with its owning project by the separator. */
const ik = (p: string, k: Kind, key: string) => localItemKey(p, k, key);
/** A file name for any key (keys may hold '/', '_' and other characters). */
const fileOf = (key: string) => `${encodeURIComponent(key).replace(/\./g, '%2E')}.json`;
const keyOf = (file: string) => decodeURIComponent(file.slice(0, -'.json'.length));
const SAFE_UUID = /^[A-Za-z0-9_-]{1,128}$/;

function writeAtomic(path: string, value: unknown): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value));
  renameSync(tmp, path);
}
function readJson<T>(path: string, fallback: T): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return fallback;
  }
}

export class FileStore implements LocalStore {
  private projects = new Map<string, ProjectMeta>();
  private items = new Map<string, LocalItem>();
  private locks: Record<string, LockRecord>;
  private logs: { seq: number; rows: LogRecord[] };
  private kv: Record<string, Record<string, unknown>>;

  constructor(readonly dir: string) {
    mkdirSync(join(dir, 'projects'), { recursive: true });
    for (const uuid of readdirSync(join(dir, 'projects'))) {
      const meta = readJson<ProjectMeta | null>(join(dir, 'projects', uuid, 'project.json'), null);
      if (meta) this.projects.set(meta.uuid, meta);
      const itemsDir = join(dir, 'projects', uuid, 'items');
      if (!existsSync(itemsDir)) continue;
      for (const kind of readdirSync(itemsDir)) {
        for (const f of readdirSync(join(itemsDir, kind))) {
          if (!f.endsWith('.json')) continue;
          const item = readJson<LocalItem | null>(join(itemsDir, kind, f), null);
          if (item) this.items.set(ik(item.project, item.kind, keyOf(f)), item);
        }
      }
    }
    this.locks = readJson(join(dir, 'locks.json'), {});
    this.logs = readJson(join(dir, 'logs.json'), { seq: 0, rows: [] });
    this.kv = readJson(join(dir, 'caches.json'), {});
  }

  /** The folder of a project's files. */
  projectDir(uuid: string): string {
    if (!SAFE_UUID.test(uuid)) throw new Error(`not a project id: ${uuid}`);
    return join(this.dir, 'projects', uuid);
  }
  private itemPath(project: string, kind: Kind, key: string): string {
    const d = join(this.projectDir(project), 'items', kind);
    mkdirSync(d, { recursive: true });
    return join(d, fileOf(key));
  }
  private saveItem(i: LocalItem): void {
    this.items.set(ik(i.project, i.kind, i.key), clone(i));
    writeAtomic(this.itemPath(i.project, i.kind, i.key), i);
  }
  private dropItem(project: string, kind: Kind, key: string): void {
    this.items.delete(ik(project, kind, key));
    rmSync(this.itemPath(project, kind, key), { force: true });
  }

  async getProject(uuid: string) { return clone(this.projects.get(uuid)); }
  async listProjects(): Promise<ProjectMeta[]> { return [...this.projects.values()].map(clone); }
  async putProject(meta: ProjectMeta) {
    mkdirSync(this.projectDir(meta.uuid), { recursive: true });
    writeAtomic(join(this.projectDir(meta.uuid), 'project.json'), meta);
    this.projects.set(meta.uuid, clone(meta));
  }
  async deleteProject(uuid: string) {
    this.projects.delete(uuid);
    for (const [k, v] of this.items) if (v.project === uuid) this.items.delete(k);
    rmSync(this.projectDir(uuid), { recursive: true, force: true });
  }
  async getItem(project: string, kind: Kind, key: string) { return clone(this.items.get(ik(project, kind, key))); }
  async listItems(project: string, kind?: Kind) {
    return [...this.items.values()].filter((i) => i.project === project && (!kind || i.kind === kind)).map(clone);
  }
  async listPending(project: string) {
    return [...this.items.values()].filter((i) => i.project === project && i.ticket <= 0).map(clone);
  }
  async countItems(project: string) { return [...this.items.values()].filter((i) => i.project === project).length; }
  async putItems(items: LocalItem[]) { for (const i of items) this.saveItem(i); }
  async deleteItems(project: string, keys: { kind: Kind; key: string }[]) { for (const k of keys) this.dropItem(project, k.kind, k.key); }
  async updateItem(project: string, kind: Kind, key: string, fn: (cur: LocalItem | undefined) => LocalItem | null | undefined) {
    const next = fn(clone(this.items.get(ik(project, kind, key))));
    if (next === null) this.dropItem(project, kind, key);
    else if (next !== undefined) this.saveItem(next);
    return clone(next);
  }
  async updateLock(lockUuid: string, fn: (cur: LockRecord | undefined) => LockRecord | null | undefined) {
    const next = fn(clone(this.locks[lockUuid]));
    if (next === null) delete this.locks[lockUuid];
    else if (next !== undefined) this.locks[lockUuid] = clone(next);
    if (next !== undefined) writeAtomic(join(this.dir, 'locks.json'), this.locks);
    return clone(next);
  }
  async getLock(lockUuid: string) { return clone(this.locks[lockUuid]); }
  async addLog(entry: LogRecord) {
    const id = ++this.logs.seq;
    this.logs.rows.push({ ...clone(entry), id });
    writeAtomic(join(this.dir, 'logs.json'), this.logs);
    return id;
  }
  async listLogs(project?: string) { return this.logs.rows.filter((l) => !project || l.project_uuid === project).map(clone); }
  async deleteLogs(ids: number[]) {
    const gone = new Set(ids);
    this.logs.rows = this.logs.rows.filter((l) => !gone.has(l.id ?? -1));
    writeAtomic(join(this.dir, 'logs.json'), this.logs);
  }
  async kvGet(store: KvStoreName, key: string) { return clone(this.kv[store]?.[key]); }
  async kvSet(store: KvStoreName, key: string, value: unknown) {
    (this.kv[store] ??= {})[key] = clone(value);
    writeAtomic(join(this.dir, 'caches.json'), this.kv);
  }
  async close() {}
}
