/** An in-memory LocalStore (same contract as the IndexedDB one; used by tests and the CLI). */
import { localItemKey } from '@copperplate/model';
import type { Kind, KvStoreName, LocalItem, LocalStore, LockRecord, LogRecord, ProjectMeta } from '@copperplate/sync';

const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
/** ID-5: the item's kind, then its id joined with its owning project by the separator. */
const ik = (p: string, k: Kind, key: string) => localItemKey(p, k, key);

export class MemoryStore implements LocalStore {
  private projects = new Map<string, ProjectMeta>();
  private items = new Map<string, LocalItem>();
  private locks = new Map<string, LockRecord>();
  private logs = new Map<number, LogRecord>();
  private logSeq = 0;
  private kv = new Map<string, unknown>();
  /** When set, every call fails with it (to test retries and the cache warning). */
  failWith: Error | null = null;
  /** Number of remaining calls that fail (then calls succeed again). */
  failCount = 0;

  private check(): void {
    if (this.failCount > 0) { this.failCount--; throw new Error('memory store: simulated failure'); }
    if (this.failWith) throw this.failWith;
  }

  async getProject(uuid: string) { this.check(); return clone(this.projects.get(uuid)); }
  async putProject(meta: ProjectMeta) { this.check(); this.projects.set(meta.uuid, clone(meta)); }
  async deleteProject(uuid: string) {
    this.check();
    this.projects.delete(uuid);
    for (const [k, v] of this.items) if (v.project === uuid) this.items.delete(k);
  }
  async getItem(project: string, kind: Kind, key: string) { this.check(); return clone(this.items.get(ik(project, kind, key))); }
  async listItems(project: string, kind?: Kind) {
    this.check();
    return [...this.items.values()].filter((i) => i.project === project && (!kind || i.kind === kind)).map(clone);
  }
  async listPending(project: string) {
    this.check();
    return [...this.items.values()].filter((i) => i.project === project && i.ticket <= 0).map(clone);
  }
  async listStamps(project: string) {
    this.check();
    return [...this.items.values()].filter((i) => i.project === project).map((i) => ({ kind: i.kind, key: i.key, ticket: i.ticket }));
  }
  async countItems(project: string) { this.check(); return [...this.items.values()].filter((i) => i.project === project).length; }
  async putItems(items: LocalItem[]) { this.check(); for (const i of items) this.items.set(ik(i.project, i.kind, i.key), clone(i)); }
  async deleteItems(project: string, keys: { kind: Kind; key: string }[]) {
    this.check();
    for (const k of keys) this.items.delete(ik(project, k.kind, k.key));
  }
  async updateItem(project: string, kind: Kind, key: string, fn: (cur: LocalItem | undefined) => LocalItem | null | undefined) {
    this.check();
    const id = ik(project, kind, key);
    const next = fn(clone(this.items.get(id)));
    if (next === null) this.items.delete(id);
    else if (next !== undefined) this.items.set(id, clone(next));
    return clone(next);
  }
  async updateLock(lockUuid: string, fn: (cur: LockRecord | undefined) => LockRecord | null | undefined) {
    this.check();
    const next = fn(clone(this.locks.get(lockUuid)));
    if (next === null) this.locks.delete(lockUuid);
    else if (next !== undefined) this.locks.set(lockUuid, clone(next));
    return clone(next);
  }
  async getLock(lockUuid: string) { this.check(); return clone(this.locks.get(lockUuid)); }
  async addLog(entry: LogRecord) {
    this.check();
    const id = ++this.logSeq;
    this.logs.set(id, { ...clone(entry), id });
    return id;
  }
  async listLogs(project?: string) { this.check(); return [...this.logs.values()].filter((l) => !project || l.project_uuid === project).map(clone); }
  async deleteLogs(ids: number[]) { this.check(); for (const id of ids) this.logs.delete(id); }
  async kvGet(store: KvStoreName, key: string) { this.check(); return clone(this.kv.get(`${store}\u0000${key}`)); }
  async kvSet(store: KvStoreName, key: string, value: unknown) { this.check(); this.kv.set(`${store}\u0000${key}`, clone(value)); }
  async close() {}
}
