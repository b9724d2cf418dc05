/** A small typed event emitter (no DOM EventTarget, no Node events). */
export type Listener<T> = (payload: T) => void;

export class Emitter<E extends Record<string, unknown>> {
  private map = new Map<keyof E, Set<Listener<never>>>();
  on<K extends keyof E>(name: K, fn: Listener<E[K]>): () => void {
    let s = this.map.get(name);
    if (!s) this.map.set(name, (s = new Set()));
    s.add(fn as Listener<never>);
    return () => s.delete(fn as Listener<never>);
  }
  emit<K extends keyof E>(name: K, payload: E[K]): void {
    for (const fn of [...(this.map.get(name) ?? [])]) {
      try { (fn as Listener<E[K]>)(payload); } catch { /* a listener's failure never breaks the engine */ }
    }
  }
}
