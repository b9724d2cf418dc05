/**
 * The desktop build's log uploader (SPEC §4 step 5: it starts with every opened project; OPEN-5):
 * the local log store's entries of the project are sent with POST /api/logs in batches and removed
 * from the local store once the cloud has them. Only entries owned by the signed-in user are sent
 * (PERM-3): entries of another user of this machine, or of nobody, stay in the local log. A failed
 * upload is shown as an error message (SPEC §8) and tried again on the next turn.
 */
import type { Clock, LocalStore, LogRecord } from '@copperplate/sync';

export type LogLine = { type: string; content: string; time: number; project_uuid: string };
export type SendLogs = (logs: LogLine[]) => Promise<{ success: boolean; message?: string }>;

export interface LogUploaderOptions {
  store: LocalStore;
  clock: Clock;
  /** The signed-in user's uuid (null: nobody, nothing is sent). */
  owner: () => string | null | undefined;
  send: SendLogs;
  onError?: (message: string) => void;
  intervalMs?: number;
  /** Entries per call (SPEC leaves the size unshown; the server takes at most 1000). */
  batch?: number;
}

export const LOG_UPLOAD_INTERVAL_MS = 60_000;
export const LOG_UPLOAD_BATCH = 100;

/** PERM-3: the entries the current user may upload. */
export function ownEntries(entries: LogRecord[], owner: string | null | undefined): LogRecord[] {
  return owner ? entries.filter((e) => e.owner === owner) : [];
}

export class LogUploader {
  private timers = new Map<string, number>();
  constructor(private readonly o: LogUploaderOptions) {}

  get active(): string[] { return [...this.timers.keys()]; }

  /** Uploads the project's own entries now; returns how many were sent. */
  async uploadOnce(project: string): Promise<number> {
    const own = ownEntries(await this.o.store.listLogs(project), this.o.owner());
    const size = this.o.batch ?? LOG_UPLOAD_BATCH;
    let sent = 0;
    for (let i = 0; i < own.length; i += size) {
      const chunk = own.slice(i, i + size);
      const r = await this.o.send(chunk.map((e) => ({ type: e.type, content: e.content, time: e.time, project_uuid: e.project_uuid })));
      if (!r.success) {
        this.o.onError?.(r.message ?? 'Failed to upload data!');
        break;
      }
      await this.o.store.deleteLogs(chunk.map((e) => e.id!).filter((id) => id !== undefined));
      sent += chunk.length;
    }
    return sent;
  }

  start(project: string): void {
    this.stop(project);
    const turn = () => {
      void this.uploadOnce(project).catch((e) => this.o.onError?.(e instanceof Error ? e.message : String(e))).finally(() => {
        if (this.timers.has(project)) this.timers.set(project, this.o.clock.setTimeout(turn, this.o.intervalMs ?? LOG_UPLOAD_INTERVAL_MS));
      });
    };
    this.timers.set(project, -1);
    turn();
  }

  stop(project: string): void {
    const t = this.timers.get(project);
    if (t !== undefined && t >= 0) this.o.clock.clearTimeout(t);
    this.timers.delete(project);
  }
}
