/**
 * The scene's record keys per net, kept up to date as the editor changes primitives in place; the
 * ratsnest after an edit reads only the copper of the nets the edit touched through it.
 */
import type { Prim } from './prims.ts';

export class NetIndex {
  private readonly byNet = new Map<string, Set<string>>();

  constructor(prims: ReadonlyMap<string, readonly Prim[]>) {
    for (const [k, ps] of prims) this.add(k, ps);
  }

  add(key: string, ps: readonly Prim[]): void {
    for (const p of ps) {
      if (!p.net) continue;
      let s = this.byNet.get(p.net);
      if (!s) this.byNet.set(p.net, (s = new Set()));
      s.add(key);
    }
  }

  remove(key: string, ps: readonly Prim[]): void {
    for (const p of ps) if (p.net) this.byNet.get(p.net)?.delete(key);
  }

  /** Every primitive of the records on `nets` (each record once; their primitives of other nets too). */
  prims(prims: ReadonlyMap<string, readonly Prim[]>, nets: Iterable<string>): Prim[] {
    const keys = new Set<string>();
    for (const n of nets) for (const k of this.byNet.get(n) ?? []) keys.add(k);
    const out: Prim[] = [];
    for (const k of keys) for (const p of prims.get(k) ?? []) out.push(p);
    return out;
  }
}
