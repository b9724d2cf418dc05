/**
 * Who else has the project open (issue 14 part 4), from the live channel's presence messages
 * (docs/API.md, Live): one store per project. The live socket (live.ts) attaches itself with its
 * connection id and hands over every presence message; the editor frame says which document is
 * open (`setDoc`), the canvas where the pointer is (`setCursor`, in document units); the tree and
 * the canvas overlay read `peers()`.
 */
import { z } from 'zod';

export interface Peer {
  conn: string;
  user: string;
  nickname: string;
  /** The peer's open document (`kind:id`, the tab key), if any. */
  doc?: string;
  /** The peer's cursor in that document's units. */
  x?: number;
  y?: number;
}

const PresenceMessage = z.object({
  type: z.literal('presence'),
  conn: z.string(),
  user_uuid: z.string(),
  nickname: z.string(),
  data: z.object({ doc: z.string().optional(), x: z.number().optional(), y: z.number().optional() }).loose().nullable(),
});

/** A colour per user (the same in every browser). */
export function peerColor(user: string): string {
  let h = 0;
  for (let i = 0; i < user.length; i++) h = (h * 31 + user.charCodeAt(i)) >>> 0;
  return `hsl(${h % 360} 75% 50%)`;
}

/** Cursor messages at most this often. */
const CURSOR_MS = 80;

export class PresenceStore {
  private readonly others = new Map<string, Peer>();
  private readonly listeners = new Set<() => void>();
  private send: ((m: string) => void) | null = null;
  private conn: string | null = null;
  private mine: { doc?: string; x?: number; y?: number } = {};
  private cursorTimer: ReturnType<typeof setTimeout> | undefined;
  private list: Peer[] = [];

  /** The live socket opened (hello): our connection id and how to send; announces our state. */
  attach(conn: string, send: (m: string) => void): void {
    this.conn = conn;
    this.send = send;
    this.others.delete(conn);
    this.flush();
  }

  /** The socket closed: nobody is known until the next hello (the server then tells everyone again). */
  detach(): void {
    this.send = null;
    this.conn = null;
    this.others.clear();
    this.changed();
  }

  /** A message from the live channel; returns whether it was a presence message. */
  receive(m: unknown): boolean {
    const p = PresenceMessage.safeParse(m);
    if (!p.success) return false;
    const { conn, user_uuid, nickname, data } = p.data;
    if (conn === this.conn) return true;
    if (data === null) this.others.delete(conn);
    else this.others.set(conn, { conn, user: user_uuid, nickname, doc: data.doc, x: data.x, y: data.y });
    this.changed();
    return true;
  }

  setDoc(doc: string | undefined): void {
    if (this.mine.doc === doc) return;
    this.mine = { doc };
    this.flush();
  }

  /** The pointer over the open document (document units); sent at most every CURSOR_MS. */
  setCursor(x: number, y: number): void {
    this.mine = { ...this.mine, x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 };
    if (this.cursorTimer !== undefined) return;
    this.cursorTimer = setTimeout(() => {
      this.cursorTimer = undefined;
      this.flush();
    }, CURSOR_MS);
  }

  private flush(): void {
    this.send?.(JSON.stringify({ type: 'presence', data: this.mine }));
  }

  /** Other connections with the project open (this tab excluded), by nickname. */
  peers(): Peer[] {
    return this.list;
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    this.list = [...this.others.values()].sort((a, b) => a.nickname.localeCompare(b.nickname) || a.conn.localeCompare(b.conn));
    for (const fn of this.listeners) fn();
  }
}

const stores = new Map<string, PresenceStore>();
export function presenceOf(projectUuid: string): PresenceStore {
  let s = stores.get(projectUuid);
  if (!s) stores.set(projectUuid, (s = new PresenceStore()));
  return s;
}
