/**
 * The drawing of a document by the editor painters (packages/editor), shown as an <img> of the SVG
 * (a Blob URL: the browser renders it as an image, so nothing in it can run). Wheel zooms, drag pans,
 * double-click fits. Kinds without a painter, and unreadable content, show `fallback`.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Item } from '../api/schemas.ts';
import { paintSvg } from './painters.ts';
import type { ProjectSnapshot, ViewKind } from './types.ts';

export function Painted({ kind, item, items, fallback }: { kind: ViewKind; item: Item; items: ProjectSnapshot['items']; fallback: ReactNode }) {
  const painted = useMemo(() => {
    try {
      return { svg: paintSvg(kind, item, items), error: '' };
    } catch (err) {
      return { svg: null, error: (err as Error).message };
    }
  }, [kind, item, items]);
  const url = useMemo(() => (painted.svg ? URL.createObjectURL(new Blob([painted.svg], { type: 'image/svg+xml' })) : null), [painted.svg]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const [view, setView] = useState({ x: 0, y: 0, k: 1 });
  const drag = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => setView({ x: 0, y: 0, k: 1 }), [url]);
  if (!url) {
    return (
      <>
        {painted.error && <p className="form-error small pad">{painted.error}</p>}
        {fallback}
      </>
    );
  }
  return (
    <div
      className={`painted painted-${kind}`}
      data-testid="drawing"
      onWheel={(e) => {
        const r = e.currentTarget.getBoundingClientRect();
        const f = e.deltaY < 0 ? 1.2 : 1 / 1.2;
        const k = Math.min(40, Math.max(0.2, view.k * f));
        const px = e.clientX - r.left - r.width / 2, py = e.clientY - r.top - r.height / 2;
        setView({ k, x: px - ((px - view.x) * k) / view.k, y: py - ((py - view.y) * k) / view.k });
      }}
      onPointerDown={(e) => {
        drag.current = { x: e.clientX - view.x, y: e.clientY - view.y };
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => drag.current && setView({ ...view, x: e.clientX - drag.current.x, y: e.clientY - drag.current.y })}
      onPointerUp={() => (drag.current = null)}
      onDoubleClick={() => setView({ x: 0, y: 0, k: 1 })}
      title="Wheel: zoom · drag: pan · double-click: fit"
    >
      <img src={url} alt={`Drawing of ${String(item.display_title ?? item.title ?? '')}`} draggable={false} style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.k})` }} />
    </div>
  );
}
