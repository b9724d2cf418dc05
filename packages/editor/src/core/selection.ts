/** The set of selected record keys, with change notification. */
export class Selection {
  private set = new Set<string>();
  private listeners = new Set<(ids: readonly string[]) => void>();

  get ids(): string[] { return [...this.set]; }
  get size(): number { return this.set.size; }
  has(id: string): boolean { return this.set.has(id); }

  /** Replace the selection. */
  select(ids: Iterable<string>): void { this.set = new Set(ids); this.emit(); }
  add(ids: Iterable<string>): void { for (const i of ids) this.set.add(i); this.emit(); }
  remove(ids: Iterable<string>): void { for (const i of ids) this.set.delete(i); this.emit(); }
  /** Add ids not selected, remove ids selected (shift-click). */
  toggle(ids: Iterable<string>): void {
    for (const i of ids) { if (this.set.has(i)) this.set.delete(i); else this.set.add(i); }
    this.emit();
  }
  clear(): void { if (this.set.size) { this.set.clear(); this.emit(); } }
  /** Drop ids that no longer exist. */
  prune(exists: (id: string) => boolean): void {
    let changed = false;
    for (const i of this.set) if (!exists(i)) { this.set.delete(i); changed = true; }
    if (changed) this.emit();
  }
  subscribe(fn: (ids: readonly string[]) => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }
  private emit(): void { const ids = this.ids; for (const l of this.listeners) l(ids); }
}
