/** The project tree's context menu (right click, Shift+F10 or the menu key): open, rename, copy. */
import { useEffect, useRef } from 'react';
import type { TreeNode } from './tree.ts';

export interface MenuItem {
  label: string;
  run: () => void;
  disabled?: boolean;
}

export function TreeMenu({ x, y, items, onClose }: { x: number; y: number; items: MenuItem[]; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
    const away = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && onClose();
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const all = [...(ref.current?.querySelectorAll<HTMLElement>('button:not(:disabled)') ?? [])];
        const i = all.indexOf(document.activeElement as HTMLElement);
        all[(i + (e.key === 'ArrowDown' ? 1 : all.length - 1)) % all.length]?.focus();
      }
    };
    window.addEventListener('mousedown', away);
    window.addEventListener('keydown', key);
    return () => (window.removeEventListener('mousedown', away), window.removeEventListener('keydown', key));
  }, [onClose]);
  return (
    <div ref={ref} className="menu" role="menu" style={{ left: x, top: y }}>
      {items.map((it) => (
        <button key={it.label} type="button" role="menuitem" disabled={it.disabled} onClick={() => (onClose(), it.run())}>
          {it.label}
        </button>
      ))}
    </div>
  );
}

export type MenuTarget = { node: TreeNode; x: number; y: number } | null;
