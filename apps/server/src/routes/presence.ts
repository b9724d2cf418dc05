/**
 * Presence on the live channel (issue 14 part 4): who else has a project open, and where.
 * Each live connection gets an id (`conn`, sent in the hello). A client sends
 * `{type: 'presence', data: {doc?, x?, y?}}` (its open document and, optionally, its cursor in that
 * document's units); every client of the project then receives
 * `{type: 'presence', project_uuid, user_uuid, nickname, conn, data}`, and `data: null` when that
 * connection closed. A new connection is announced at once (`data: {}`) and every process re-announces
 * its own connections of the project (bus `presence_sync`), so the newcomer learns who is there,
 * whichever server process holds them.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { BusEvent } from '../bus.ts';
import type { Ctx, SessionUser } from '../context.ts';

interface Conn { conn: string; uuid: string; user: SessionUser; data: unknown }

/** The wire form of a presence event, as the clients receive it. */
export function presenceMessage(e: Extract<BusEvent, { type: 'presence' }>): string {
  return JSON.stringify({ type: 'presence', project_uuid: e.project_uuid, user_uuid: e.user_uuid, nickname: e.nickname, conn: e.conn, data: e.data });
}

export class Presence {
  private readonly conns = new Map<WebSocket, Conn>();
  constructor(private readonly ctx: Ctx) {}

  private publish(c: Conn, data: unknown): void {
    void this.ctx.bus
      .publish({ type: 'presence', project_uuid: c.uuid, user_uuid: c.user.uuid, nickname: c.user.nickname || c.user.username, conn: c.conn, data, origin: this.ctx.bus.origin })
      .catch(() => {});
  }

  /** A socket opened: returns its connection id (for the hello); announces it and asks for the others. */
  join(socket: WebSocket, uuid: string, user: SessionUser): string {
    const c: Conn = { conn: randomUUID(), uuid, user, data: {} };
    this.conns.set(socket, c);
    this.publish(c, c.data);
    void this.ctx.bus.publish({ type: 'presence_sync', project_uuid: uuid, origin: this.ctx.bus.origin }).catch(() => {});
    return c.conn;
  }

  /** The client's own presence message (object data only; the caller caps the size). */
  update(socket: WebSocket, data: unknown): void {
    const c = this.conns.get(socket);
    if (!c || typeof data !== 'object' || data === null || Array.isArray(data)) return;
    c.data = data;
    this.publish(c, data);
  }

  leave(socket: WebSocket): void {
    const c = this.conns.get(socket);
    if (!c) return;
    this.conns.delete(socket);
    this.publish(c, null);
  }

  /** Bus `presence_sync`: this process's connections of the project announce themselves again. */
  resync(projectUuid: string, sockets: Iterable<WebSocket> | undefined): void {
    for (const s of sockets ?? []) {
      const c = this.conns.get(s);
      if (c && c.uuid === projectUuid) this.publish(c, c.data);
    }
  }
}
