/**
 * The command palette (Ctrl+Shift+P in an editor): searches the editor's action registry (the same
 * actions the toolbar and the shortcuts run) by label, id or menu; Enter or a click runs the chosen
 * action, arrows move, Escape closes. Disabled actions are listed but cannot run.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ActionRegistry } from '@copperplate/editor';

/** Ctrl+Shift+P inside `wrap` (keys the canvas did not use bubble up to it) opens the palette. */
export function usePaletteShortcut(wrap: RefObject<HTMLElement | null>, open: () => void): void {
  useEffect(() => {
    const el = wrap.current!;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.shiftKey && e.key.toLowerCase() === 'p') {
        e.preventDefault();
        open();
      }
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [wrap, open]);
}

const shortcutOf = (s: string | string[] | undefined): string => (Array.isArray(s) ? s[0] : s) ?? '';

export function CommandPalette({ actions, onClose, onRan }: { actions: ActionRegistry; onClose: () => void; onRan: () => void }) {
  const [q, setQ] = useState('');
  const [i, setI] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const found = actions.search(q).slice(0, 12);
  const run = (id: string) => {
    onClose();
    if (actions.run(id)) onRan();
  };
  return (
    <div className="cp-palette" role="dialog" aria-label="Commands">
      <input
        ref={input}
        value={q}
        placeholder="Type a command…"
        aria-label="Command"
        onChange={(e) => { setQ(e.target.value); setI(0); }}
        onBlur={onClose}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') onClose();
          else if (e.key === 'ArrowDown') { e.preventDefault(); setI(Math.min(i + 1, found.length - 1)); }
          else if (e.key === 'ArrowUp') { e.preventDefault(); setI(Math.max(i - 1, 0)); }
          else if (e.key === 'Enter' && found[i]) run(found[i].id);
        }}
      />
      <ul role="listbox" aria-label="Matching commands">
        {found.map((a, k) => {
          const enabled = !a.enabled || a.enabled();
          return (
            <li key={a.id} role="option" aria-selected={k === i} aria-disabled={!enabled} className={`${k === i ? 'on' : ''}${enabled ? '' : ' off'}`} onMouseDown={(e) => { e.preventDefault(); if (enabled) run(a.id); }}>
              <span>{a.menu ? `${a.menu}: ` : ''}{a.label}</span>
              <kbd>{shortcutOf(a.shortcut)}</kbd>
            </li>
          );
        })}
        {!found.length && <li className="off">No command matches</li>}
      </ul>
    </div>
  );
}
