/**
 * Progress as the share of steps done out of a fixed total (UI-2, CONST-3): each step of the work
 * reports once, in order, so that the bar shows k/total after step k. A step may report its own
 * part (a download's chunks) in between.
 */
export class Steps {
  private done = 0;
  constructor(readonly total: number, private report: (share: number) => void) {}

  /** Steps done so far. */
  get count(): number { return this.done; }

  /** One more step done. */
  step(): void {
    if (this.done >= this.total) return;
    this.done++;
    this.report(this.done / this.total);
  }

  /** The running step is `f` (0..1) done. */
  part(f: number): void {
    if (this.done < this.total) this.report((this.done + Math.max(0, Math.min(1, f))) / this.total);
  }
}

/**
 * IMP-1's import order: a paste import ('paste data...') steps through every phase, with or without
 * something to write in it, then the forced sync after it (SYNC-9): PROGRESS_STEPS.PASTE_IMPORT = 16.
 */
export const IMPORT_PHASES = ['schematics', 'sheets', 'symbols', 'block symbols', 'pcbs', 'footprints', 'devices', 'default sheet', 'panels', 'sheet and pcb update', 'attributes', 'coppers', 'fonts', 'blobs', 'boards'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

/** The steps of a paste import: `before(p)` as phase `p` starts, `phase(p)` when it (and those before it) is done, `synced()` at the end. */
export class PasteSteps extends Steps {
  private next = 0;
  /** Phase `p` and every phase before it are done. */
  phase(p: ImportPhase): void {
    const i = IMPORT_PHASES.indexOf(p);
    while (this.next <= i) {
      this.next++;
      this.step();
    }
  }

  /** Every phase before `p` is done (`p` is starting). */
  before(p: ImportPhase): void {
    const i = IMPORT_PHASES.indexOf(p);
    if (i > 0) this.phase(IMPORT_PHASES[i - 1]);
  }

  /** Every phase is done and the sync after the paste has run. */
  synced(): void {
    this.phase(IMPORT_PHASES[IMPORT_PHASES.length - 1]);
    this.step();
  }
}
