/**
 * Messages to other tabs (UP-5): after an upload they get the new ticket and update time.
 * Injectable: the browser uses BroadcastChannel; tests use an in-process hub.
 */
export interface UploadedMessage {
  type: 'uploaded';
  project: string;
  kind: string;
  key: string;
  ticket: number;
  updateTime?: number;
  /** UP-10: the upload message channel of the kind (sheet, symbol, blockSymbolAttribute, pcb, ...). */
  channel: string;
  from: string;
}
export type TabMessage = UploadedMessage | { type: 'g_ticket'; project: string; g_ticket: number; from: string };

export interface Broadcast {
  post(msg: TabMessage): void;
  onMessage(fn: (msg: TabMessage) => void): () => void;
  close(): void;
}

/** BroadcastChannel when the platform has it, otherwise a broadcast that goes nowhere. */
export function defaultBroadcast(name: string): Broadcast {
  const BC = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  if (!BC) return new LocalHub().channel();
  const ch = new BC(name);
  return {
    post: (m) => ch.postMessage(m),
    onMessage: (fn) => {
      const h = (e: MessageEvent) => fn(e.data as TabMessage);
      ch.addEventListener('message', h);
      return () => ch.removeEventListener('message', h);
    },
    close: () => ch.close(),
  };
}

/** An in-process hub: every channel gets every other channel's messages (like BroadcastChannel). */
export class LocalHub {
  private members = new Set<(m: TabMessage) => void>();
  channel(): Broadcast {
    const listeners = new Set<(m: TabMessage) => void>();
    const deliver = (m: TabMessage) => { for (const l of listeners) l(m); };
    this.members.add(deliver);
    return {
      post: (m) => { for (const d of this.members) if (d !== deliver) queueMicrotask(() => d(m)); },
      onMessage: (fn) => { listeners.add(fn); return () => listeners.delete(fn); },
      close: () => { this.members.delete(deliver); listeners.clear(); },
    };
  }
}
