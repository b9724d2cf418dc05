/**
 * The import report: what could not be carried (or was carried approximately), grouped like the
 * import failure report (Schematic, Page, Symbol, Pcb, Footprint, Device), counted per kind of loss.
 */
export type ReportGroup = 'Schematic' | 'Page' | 'Symbol' | 'Pcb' | 'Footprint' | 'Device' | 'Project';

export interface ReportEntry {
  group: ReportGroup;
  what: string;
  /** Where it was seen (first few names). */
  where: string[];
  count: number;
}

export class Report {
  private readonly entries = new Map<string, ReportEntry>();

  add(group: ReportGroup, what: string, where = ''): void {
    const key = group + '\u0000' + what;
    let e = this.entries.get(key);
    if (!e) { e = { group, what, where: [], count: 0 }; this.entries.set(key, e); }
    e.count++;
    if (where && e.where.length < 5 && !e.where.includes(where)) e.where.push(where);
  }

  list(): ReportEntry[] {
    return [...this.entries.values()];
  }

  get size(): number {
    return this.entries.size;
  }

  /** Human-readable lines: `Footprint: custom pad ... (x3; in A, B)`. */
  text(): string {
    if (this.entries.size === 0) return 'Everything was carried.';
    const out = ['Not carried (or carried approximately):'];
    for (const e of this.entries.values()) {
      out.push(`  ${e.group}: ${e.what} (x${e.count}${e.where.length ? `; in ${e.where.join(', ')}` : ''})`);
    }
    return out.join('\n');
  }
}
