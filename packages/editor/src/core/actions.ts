/**
 * The one action registry: menus, keyboard shortcuts and the command palette all read it.
 * Shortcuts are written like "Ctrl+Z", "Shift+Delete", "W", "Space"; matching ignores case.
 */
import type { KeyEv } from './tools.ts';

export interface Action {
  id: string;
  label: string;
  /** Menu path such as "Edit" or "Place". */
  menu?: string;
  shortcut?: string | string[];
  run(): void;
  enabled?(): boolean;
}

export class ActionRegistry {
  private actions = new Map<string, Action>();

  register(a: Action): void {
    if (this.actions.has(a.id)) throw new Error(`action ${a.id} registered twice`);
    this.actions.set(a.id, a);
  }
  get(id: string): Action | undefined { return this.actions.get(id); }
  list(): Action[] { return [...this.actions.values()]; }
  byMenu(menu: string): Action[] { return this.list().filter((a) => a.menu === menu); }

  run(id: string): boolean {
    const a = this.actions.get(id);
    if (!a || (a.enabled && !a.enabled())) return false;
    a.run();
    return true;
  }

  /** The action bound to a key event, if any. */
  forKey(ev: KeyEv): Action | undefined {
    const k = keyString(ev);
    for (const a of this.actions.values()) {
      const sc = Array.isArray(a.shortcut) ? a.shortcut : a.shortcut ? [a.shortcut] : [];
      if (sc.some((s) => normShortcut(s) === k)) return a;
    }
    return undefined;
  }

  /** Run the action bound to a key; true when one ran. */
  handleKey(ev: KeyEv): boolean {
    const a = this.forKey(ev);
    return a ? this.run(a.id) : false;
  }

  /** Command palette: actions whose label or id contains every word of the query, best first. */
  search(query: string): Action[] {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return this.list()
      .filter((a) => words.every((w) => `${a.label} ${a.id} ${a.menu ?? ''}`.toLowerCase().includes(w)))
      .sort((a, b) => Number(!a.label.toLowerCase().startsWith(words[0] ?? '')) - Number(!b.label.toLowerCase().startsWith(words[0] ?? '')));
  }
}

/**
 * How every editor routes a key (the canvas, and the page when the focus is in a panel): a Ctrl
 * shortcut goes to the actions first (copy and paste through the shared store), any other key to the
 * active tool first (Enter, Escape, R while placing, V while routing), then to the actions.
 */
export function routeKey(tools: { key(ev: KeyEv): boolean }, actions: ActionRegistry, ev: KeyEv): boolean {
  return ev.ctrl ? actions.handleKey(ev) || tools.key(ev) : tools.key(ev) || actions.handleKey(ev);
}

export function keyString(ev: KeyEv): string {
  const parts: string[] = [];
  if (ev.ctrl || ev.meta) parts.push('ctrl');
  if (ev.alt) parts.push('alt');
  if (ev.shift) parts.push('shift');
  parts.push(ev.key === ' ' ? 'space' : ev.key.toLowerCase());
  return parts.join('+');
}

export function normShortcut(s: string): string {
  const parts = s.toLowerCase().split('+').map((p) => (p === 'cmd' || p === 'meta' ? 'ctrl' : p));
  const key = parts.pop()!;
  const mods = ['ctrl', 'alt', 'shift'].filter((m) => parts.includes(m));
  return [...mods, key].join('+');
}
