/**
 * Tools are state machines driven by pointer and key events. The browser view turns DOM events into
 * these synthetic events; tests build them directly. Coordinates: `x, y` document units (Y up),
 * `sx, sy` screen pixels.
 */
export interface PointerEv {
  kind: 'down' | 'move' | 'up';
  x: number; y: number;
  sx?: number; sy?: number;
  button?: number;
  shift?: boolean; ctrl?: boolean; alt?: boolean; meta?: boolean;
}

export interface KeyEv { key: string; shift?: boolean; ctrl?: boolean; alt?: boolean; meta?: boolean }

export interface Tool {
  readonly id: string;
  /** Name of the current state, for tests and the status bar. */
  readonly state: string;
  activate?(): void;
  deactivate?(): void;
  pointer(ev: PointerEv): void;
  /** Return true when the key was used (so the action registry does not see it). */
  key?(ev: KeyEv): boolean;
  /** Escape / tool change: drop what is in progress. */
  cancel?(): void;
  /** Transient geometry to draw over the document (rubber band, wire preview). */
  overlay?(): Overlay[];
}

export type Overlay =
  | { kind: 'rect'; minX: number; minY: number; maxX: number; maxY: number }
  | { kind: 'polyline'; points: number[] }
  | { kind: 'marker'; x: number; y: number };

export class ToolManager {
  private tools = new Map<string, Tool>();
  private cur: Tool | null = null;
  private listeners = new Set<(t: Tool | null) => void>();
  constructor(private readonly fallback = 'select') {}

  register(t: Tool): void { this.tools.set(t.id, t); }
  get(id: string): Tool | undefined { return this.tools.get(id); }
  get active(): Tool | null { return this.cur; }

  activate(id: string): void {
    const t = this.tools.get(id);
    if (!t) throw new Error(`unknown tool ${id}`);
    if (this.cur === t) return;
    this.cur?.cancel?.();
    this.cur?.deactivate?.();
    this.cur = t;
    t.activate?.();
    for (const l of this.listeners) l(t);
  }

  /** Back to the default tool (Escape on an idle tool). */
  reset(): void { if (this.tools.has(this.fallback)) this.activate(this.fallback); }

  pointer(ev: PointerEv): void { this.cur?.pointer(ev); }

  key(ev: KeyEv): boolean {
    if (ev.key === 'Escape') {
      const t = this.cur;
      if (t && t.state !== 'idle') { t.cancel?.(); return true; }
      if (t && t.id !== this.fallback) { this.reset(); return true; }
      return false;
    }
    return this.cur?.key?.(ev) ?? false;
  }

  overlay(): Overlay[] { return this.cur?.overlay?.() ?? []; }
  subscribe(fn: (t: Tool | null) => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }
}
