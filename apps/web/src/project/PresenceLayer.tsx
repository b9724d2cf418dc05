/**
 * Presence over the open document (issue 14 part 4): a dot per other user who has this document open
 * (top right of the canvas), their cursors where the canvas shows them, and our own pointer sent to
 * them. Canvases say where they show their document through `canvasMaps` (@copperplate/editor).
 * Also `usePeers` and `PresenceDots`, used by the project tree.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { canvasMaps, type CanvasMap } from '@copperplate/editor';
import { peerColor, type Peer, type PresenceStore } from './presence.ts';

export function usePeers(store: PresenceStore): Peer[] {
  return useSyncExternalStore((fn) => store.subscribe(fn), () => store.peers());
}

/** One dot per user (several tabs of one user: one dot). */
export function PresenceDots({ peers, testId }: { peers: Peer[]; testId: string }) {
  const users = [...new Map(peers.map((p) => [p.user, p])).values()];
  if (!users.length) return null;
  return (
    <span className="presence-dots" data-testid={testId}>
      {users.map((p) => (
        <span key={p.user} className="pdot" style={{ background: peerColor(p.user) }} title={`${p.nickname} has this open`} aria-label={p.nickname}>
          {p.nickname.slice(0, 1).toUpperCase()}
        </span>
      ))}
    </span>
  );
}

function mappedCanvas(root: HTMLElement | null): { el: HTMLCanvasElement; map: CanvasMap } | null {
  for (const el of root?.querySelectorAll('canvas') ?? []) {
    const map = canvasMaps.get(el);
    if (map) return { el, map };
  }
  return null;
}

export function PresenceLayer({ store, doc }: { store: PresenceStore; doc: string | null }) {
  const peers = usePeers(store).filter((p) => p.doc === doc);
  const ref = useRef<HTMLDivElement>(null);
  const [, setFrame] = useState(0);
  const withCursor = peers.some((p) => p.x !== undefined && p.y !== undefined);

  useEffect(() => store.setDoc(doc ?? undefined), [store, doc]);
  // our pointer over the canvas, in document units
  useEffect(() => {
    const root = ref.current?.parentElement;
    if (!root) return;
    const onMove = (e: PointerEvent) => {
      const c = mappedCanvas(root);
      if (!c || e.target !== c.el) return;
      const p = c.map.toDoc(e.clientX, e.clientY);
      if (Number.isFinite(p.x) && Number.isFinite(p.y)) store.setCursor(p.x, p.y);
    };
    root.addEventListener('pointermove', onMove, { capture: true, passive: true });
    return () => root.removeEventListener('pointermove', onMove, { capture: true });
  }, [store]);
  // cursors follow our own pans and zooms: re-render when the view moved
  useEffect(() => {
    if (!withCursor) return;
    let last = '';
    let raf = 0;
    const tick = () => {
      const s = mappedCanvas(ref.current?.parentElement ?? null)?.map.stamp() ?? '';
      if (s !== last) (last = s), setFrame((n) => n + 1);
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [withCursor]);

  const c = mappedCanvas(ref.current?.parentElement ?? null);
  const box = ref.current?.getBoundingClientRect();
  const canvasBox = c?.el.getBoundingClientRect();
  return (
    <div ref={ref} className="presence-layer" aria-hidden={peers.length ? undefined : true}>
      <PresenceDots peers={peers} testId="canvas-presence" />
      {c && box && canvasBox &&
        peers.map((p) => {
          if (p.x === undefined || p.y === undefined) return null;
          const q = c.map.toPage(p.x, p.y);
          if (q.x < canvasBox.left || q.x > canvasBox.right || q.y < canvasBox.top || q.y > canvasBox.bottom) return null;
          return (
            <span key={p.conn} className="pcursor" data-testid="presence-cursor" style={{ left: q.x - box.left, top: q.y - box.top, borderColor: peerColor(p.user) }} title={p.nickname}>
              <span className="pname" style={{ background: peerColor(p.user) }}>{p.nickname}</span>
            </span>
          );
        })}
    </div>
  );
}
