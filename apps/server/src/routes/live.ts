/**
 * Live notifications: WebSocket GET /api/projects/:uuid/live. The server sends
 * {type: 'g_ticket', project_uuid, g_ticket} after each applied write in any process (bus), and
 * {type: 'teamMode' | 'orgMode', data: {scope, team_uuid, team_name}} when the project's workspace
 * changes (orgMode for an organisation), and relays the checkIn, annotation and mode events that
 * clients send to the other clients; presence
 * (who has the project open, where) is in presence.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CODES, messageForCode } from '@copperplate/model';
import type { Ctx, SessionUser } from '../context.ts';
import { authenticate, projectAccess } from '../auth.ts';
import { MAX_EVENT_BYTES } from '../bus.ts';
import { sameHost } from '../input.ts';
import { Presence, presenceMessage } from './presence.ts';

const CLIENT_EVENTS = new Set(['checkIn', 'annotation', 'mode']);
/** Ping period of the live channel. */
export const LIVE_PING_MS = 30_000;


interface Live { user: SessionUser; uuid: string }

export function liveRoutes(app: FastifyInstance, ctx: Ctx): void {
  const sockets = new Map<string, Set<WebSocket>>();
  const owners = new WeakMap<WebSocket, Live>();
  const presence = new Presence(ctx);
  // Sockets whose user lost access to the project (removed member, scope changed) or whose session
  // ended (log out) are closed at once (issue 11): they would otherwise go on hearing the project.
  ctx.bus.on((e) => {
    if (e.type === 'session_ended') {
      for (const set of sockets.values()) for (const s of set) if (owners.get(s)?.user.tokenHash === e.token_hash) s.close(4401, 'logged out');
      return;
    }
    if (e.type === 'access' || e.type === 'access_all') {
      for (const set of sockets.values()) {
        for (const s of set) {
          const l = owners.get(s);
          if (!l || (e.type === 'access' && l.uuid !== e.project_uuid)) continue;
          ctx.access.delete(l.uuid + '|' + l.user.uuid);
          void projectAccess(ctx, l.uuid, l.user.uuid).then((a) => { if (!a) s.close(4403, 'no permission'); }, () => s.close(4403, 'no permission'));
        }
      }
      return;
    }
    if (!('project_uuid' in e)) return;
    const set = sockets.get(e.project_uuid);
    if (!set) return;
    if (e.type === 'presence_sync') return presence.resync(e.project_uuid, set);
    let msg: string;
    if (e.type === 'presence') msg = presenceMessage(e);
    else if (e.type === 'g_ticket') msg = JSON.stringify({ type: 'g_ticket', project_uuid: e.project_uuid, g_ticket: e.g_ticket });
    else if (e.type === 'checkIn' || e.type === 'annotation' || e.type === 'mode' || e.type === 'orgMode' || e.type === 'teamMode') msg = JSON.stringify({ type: e.type, project_uuid: e.project_uuid, user_uuid: e.user_uuid, data: e.data });
    else if (e.type === 'project_deleted') {
      for (const s of set) s.close(4404, 'project deleted');
      return;
    } else return;
    for (const s of set) if (s.readyState === s.OPEN) s.send(msg);
  });

  // dead connections (no pong within a period) are dropped
  const alive = new WeakMap<WebSocket, boolean>();
  const heartbeat = setInterval(() => {
    for (const set of sockets.values()) {
      for (const s of set) {
        if (alive.get(s) === false) {
          s.terminate();
          continue;
        }
        alive.set(s, false);
        s.ping();
      }
    }
  }, LIVE_PING_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  ctx.routes.push({ method: 'GET', url: '/api/projects/:uuid/live', summary: 'WebSocket: g_ticket, checkIn, annotation, mode, org and team mode, and presence events of the project', access: 'read' });
  app.get('/api/projects/:uuid/live', {
    websocket: true,
    preValidation: async (req, reply) => {
      const user = await authenticate(ctx, req);
      if (!user) return reply.code(401).send({ code: CODES.NOT_LOGGED_IN, message: messageForCode(CODES.NOT_LOGGED_IN) });
      // only pages of this origin: a foreign, opaque ('null') or unparseable Origin is refused (403, never a 500)
      const origin = req.headers.origin;
      if (origin !== undefined && !sameHost(origin, req.headers.host)) return reply.code(403).send({ code: CODES.CSRF_INVALID, message: messageForCode(CODES.CSRF_INVALID) });
      const access = await projectAccess(ctx, (req.params as { uuid: string }).uuid, user.uuid);
      if (!access) return reply.code(403).send({ code: CODES.NO_PERMISSION, message: messageForCode(CODES.NO_PERMISSION) });
      (req as FastifyRequest & { cpUser?: SessionUser }).cpUser = user;
    },
  }, (socket: WebSocket, req: FastifyRequest) => {
    const uuid = (req.params as { uuid: string }).uuid;
    const user = (req as FastifyRequest & { cpUser?: SessionUser }).cpUser!;
    let set = sockets.get(uuid);
    if (!set) sockets.set(uuid, (set = new Set()));
    set.add(socket);
    owners.set(socket, { user, uuid });
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('close', () => {
      presence.leave(socket);
      set!.delete(socket);
      if (!set!.size) sockets.delete(uuid);
    });
    socket.on('message', (raw: Buffer) => {
      if (raw.length > MAX_EVENT_BYTES - 500) return;
      let m: { type?: unknown; data?: unknown };
      try {
        m = JSON.parse(raw.toString('utf8')) as typeof m;
      } catch {
        return;
      }
      if (m.type === 'presence') return presence.update(socket, m.data);
      if (typeof m.type !== 'string' || !CLIENT_EVENTS.has(m.type)) return;
      void ctx.bus.publish({ type: m.type as 'checkIn', project_uuid: uuid, user_uuid: user.uuid, data: m.data ?? null, origin: ctx.bus.origin }).catch(() => {});
    });
    const conn = presence.join(socket, uuid, user);
    socket.send(JSON.stringify({ type: 'hello', project_uuid: uuid, conn }));
  });
}
