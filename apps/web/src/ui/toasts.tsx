/** Error and info toasts (CALL-8, UP-6): a small store plus the component that shows them. */
import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  kind: 'error' | 'info' | 'success';
  text: string;
}
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((fn) => fn());

export function toast(text: string, kind: Toast['kind'] = 'error', ms = 6000): void {
  const t = { id: nextId++, kind, text };
  toasts = [...toasts.filter((x) => x.text !== text), t].slice(-4);
  emit();
  setTimeout(() => dismiss(t.id), ms);
}
export function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}
/** Shows the message of an error (ApiError and CatalogueError messages are catalogue messages). */
export function toastError(err: unknown): void {
  toast(err instanceof Error ? err.message : String(err), 'error');
}

export function Toasts() {
  const list = useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => toasts,
  );
  return (
    <div className="toasts" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.text}</span>
          <button type="button" className="toast-x" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
