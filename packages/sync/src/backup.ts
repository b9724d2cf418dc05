/**
 * Automatic backups (SPEC §4 step 5, §7; OPEN-5, CLOSE-1, CONST-2): a backup starts on every opened
 * project and then runs on a timer; the server keeps at most MAX_BACKUP_LEVEL (10) automatic backups
 * (the call sends `limit`); closing the project aborts the timer and any backup call in flight.
 * Time comes from the injected Clock; the call itself from `send` (HttpTransport.backup in the app).
 */
import { MAX_BACKUP_LEVEL } from '@copperplate/model';
import type { Clock } from './clock.ts';

/** Fields of the multipart backups call (SPEC §7); `limit` only when `auto` is YES. */
export interface BackupFields {
  project_uuid: string;
  auto: 'YES' | 'NO';
  name: string;
  description: string;
  ticket: number;
  path: string;
  limit?: number;
}

export type BackupSend = (project: string, fields: BackupFields, signal: AbortSignal) => Promise<{ success: boolean; message?: string }>;

/** Time between automatic backups of an open project. */
export const AUTO_BACKUP_INTERVAL_MS = 10 * 60_000;

export interface AutoBackupOptions {
  clock: Clock;
  send: BackupSend;
  intervalMs?: number;
  /** The project's current g_ticket (sent as `ticket`); undefined when unknown. */
  ticketOf?: (project: string) => number | undefined;
  /** Called after each attempt (tests, status). */
  onDone?: (project: string, ok: boolean, message?: string) => void;
}

interface Running { timer: number | null; abort: AbortController | null; runs: number }

/** Backup start/abort for SyncEngine's `backup` option. */
export class AutoBackup {
  private running = new Map<string, Running>();
  constructor(private o: AutoBackupOptions) {}

  /** Projects with a backup timer. */
  get active(): string[] { return [...this.running.keys()]; }

  /** OPEN-5: backs the project up now, then every interval until `abort`. */
  start(project: string): void {
    if (this.running.has(project)) return;
    const r: Running = { timer: null, abort: null, runs: 0 };
    this.running.set(project, r);
    void this.run(project, r);
  }

  /** CLOSE-1: stops the timer and aborts a backup call in flight. */
  abort(project: string): void {
    const r = this.running.get(project);
    if (!r) return;
    this.running.delete(project);
    if (r.timer !== null) this.o.clock.clearTimeout(r.timer);
    r.abort?.abort();
  }

  private async run(project: string, r: Running): Promise<void> {
    if (this.running.get(project) !== r) return;
    r.abort = new AbortController();
    const t = new Date(this.o.clock.now());
    const stamp = `${t.toISOString().slice(0, 19).replace('T', ' ')}`;
    r.runs++;
    let ok = false;
    let message: string | undefined;
    try {
      const a = await this.o.send(project, {
        project_uuid: project, auto: 'YES', name: `Auto backup ${stamp} #${r.runs}`, description: 'Automatic backup',
        ticket: this.o.ticketOf?.(project) ?? -1, path: '', limit: MAX_BACKUP_LEVEL,
      }, r.abort.signal);
      ok = a.success;
      message = a.message;
    } catch (e) {
      message = e instanceof Error ? e.message : String(e);
    }
    r.abort = null;
    if (this.running.get(project) !== r) return; // aborted meanwhile: no report, no next timer
    this.o.onDone?.(project, ok, message);
    r.timer = this.o.clock.setTimeout(() => {
      r.timer = null;
      void this.run(project, r);
    }, this.o.intervalMs ?? AUTO_BACKUP_INTERVAL_MS);
  }
}
