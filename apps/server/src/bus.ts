/**
 * Events between server processes: written with pg_notify (inside the writing transaction, so they
 * are delivered only on commit) and received through LISTEN on the one channel. PGlite delivers
 * in-process, PostgreSQL to every process listening on the same database (DESIGN §6).
 */
import type { Db, Queryable } from './db.ts';

export const CHANNEL = 'cp_events';
/** NOTIFY payloads are capped at 8000 bytes by PostgreSQL; client events are capped below that. */
export const MAX_EVENT_BYTES = 7000;

export type BusEvent =
  | { type: 'g_ticket'; project_uuid: string; g_ticket: number; origin: string }
  | { type: 'checkIn' | 'annotation' | 'mode'; project_uuid: string; user_uuid: string; data: unknown; origin: string }
  /** The project's workspace changed (moved into a team or an organisation, or back to personal): `data` {scope, team_uuid, team_name}. */
  | { type: 'orgMode' | 'teamMode'; project_uuid: string; user_uuid: string; data: { scope: number; team_uuid: string | null; team_name: string | null }; origin: string }
  /** Who has the project open (routes/presence.ts): one live connection's state; `data` null when it closed. */
  | { type: 'presence'; project_uuid: string; user_uuid: string; nickname: string; conn: string; data: unknown; origin: string }
  /** A connection joined: every process announces the presence of its own connections to the project again. */
  | { type: 'presence_sync'; project_uuid: string; origin: string }
  | { type: 'access'; project_uuid: string; origin: string }
  | { type: 'project_deleted'; project_uuid: string; origin: string }
  /** Team membership changed: every cached project access may be wrong. */
  | { type: 'access_all'; origin: string }
  | { type: 'session_ended'; token_hash: string; origin: string };

type Handler = (e: BusEvent) => void;

export class Bus {
  private handlers = new Set<Handler>();
  /** Identifies this process's events (a process also receives its own notifications). */
  readonly origin = Math.random().toString(36).slice(2);
  constructor(private db: Db) {}

  async start(): Promise<void> {
    await this.db.listen(CHANNEL, (payload) => {
      let e: BusEvent;
      try {
        e = JSON.parse(payload) as BusEvent;
      } catch {
        return;
      }
      for (const h of this.handlers) {
        try {
          h(e);
        } catch {
          /* one bad handler does not stop the others */
        }
      }
    });
  }

  on(h: Handler): () => void {
    this.handlers.add(h);
    return () => this.handlers.delete(h);
  }

  /** Publishes `e`; with `q` inside that transaction (delivered when it commits). */
  async publish(e: BusEvent, q: Queryable = this.db): Promise<void> {
    await q.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(e)]);
  }
}
