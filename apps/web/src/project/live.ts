/**
 * The live channel (docs/API.md): WebSocket /api/projects/:uuid/live sends {type: 'g_ticket', g_ticket}
 * after each applied write; the engine then syncs (SYNC-7). Reconnects with a growing delay. While it
 * is up the engine's sync timer waits 300 s instead of 5 s (SYNC-5). Presence messages go to the
 * project's PresenceStore (presence.ts), which sends ours through the socket once the hello came.
 * Org and team mode messages (the project moved into a team or organisation) reach `onWorkspace`.
 */
import { z } from 'zod';
import { presenceOf } from './presence.ts';

const LiveMessage = z.object({ type: z.string(), g_ticket: z.number().optional(), conn: z.string().optional() }).loose();
/** Org and team mode: the workspace the project is in now (moved into a team or organisation, or back to personal). */
const WorkspaceMode = z.object({ type: z.enum(['teamMode', 'orgMode']), data: z.object({ scope: z.number(), team_uuid: z.string().nullable(), team_name: z.string().nullable() }) });
export type WorkspaceMode = z.infer<typeof WorkspaceMode>;

/** What a workspace change says to the user. */
export function workspaceText(m: WorkspaceMode): string {
  if (m.data.team_uuid === null) return 'This project is now a personal project';
  return `This project is now in the ${m.type === 'orgMode' ? 'organisation' : 'team'} ${m.data.team_name ?? m.data.team_uuid}`;
}

export function openLive(uuid: string, onTicket: (g: number) => void, onState: (up: boolean) => void = () => {}, onWorkspace: (m: WorkspaceMode) => void = () => {}): () => void {
  let ws: WebSocket | null = null;
  let closed = false;
  let delay = 1000;
  let timer: number | undefined;
  const presence = presenceOf(uuid);
  const connect = () => {
    if (closed || typeof WebSocket === 'undefined') return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    try {
      ws = new WebSocket(`${proto}//${location.host}/api/projects/${encodeURIComponent(uuid)}/live`);
    } catch {
      return;
    }
    ws.onopen = () => {
      delay = 1000;
      onState(true); // SYNC-5: notifications come through the channel; the sync timer slows to 300 s
    };
    ws.onmessage = (e) => {
      try {
        const raw: unknown = JSON.parse(String(e.data));
        const m = LiveMessage.safeParse(raw);
        if (!m.success) return;
        if (m.data.type === 'g_ticket' && typeof m.data.g_ticket === 'number') onTicket(m.data.g_ticket);
        else if (m.data.type === 'hello' && m.data.conn) {
          const sock = ws;
          presence.attach(m.data.conn, (t) => sock?.readyState === WebSocket.OPEN && sock.send(t));
        } else if (m.data.type === 'presence') presence.receive(raw);
        else if (m.data.type === 'teamMode' || m.data.type === 'orgMode') {
          const w = WorkspaceMode.safeParse(raw);
          if (w.success) onWorkspace(w.data);
        }
      } catch {
        /* not JSON: ignored */
      }
    };
    ws.onclose = () => {
      onState(false);
      presence.detach();
      if (closed) return;
      timer = window.setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30_000);
    };
  };
  connect();
  return () => {
    closed = true;
    window.clearTimeout(timer);
    ws?.close();
  };
}
