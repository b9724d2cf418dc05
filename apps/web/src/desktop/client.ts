/**
 * The local application interface of the desktop build (SPEC §7) as the page calls it: the file
 * dialog (openSaveFileDlg, saveFile), the client's uploadFile and online backup, save-as-local from
 * the local files, and the host's status (is the cloud reachable). exportFileClient writes a file
 * through the dialog; in the web build it is refused with 'Call illegal interface: exportFileClient!'.
 */
import { CatalogueError, TIMERS, parseMode } from '@copperplate/model';
import { CLIENT_HEADER, hostCall } from './common-db.ts';

export interface HostStatus { cloud: 'online' | 'offline'; network: 'ONLINE' | 'HALF_OFFLINE' | 'OFFLINE'; dataDir: string; cloudUrl: string }
export interface SaveFileFilter { name: string; extensions: string[] }

/** Whether a mode string is the desktop build's (flag CLIENT, MODE-1). */
export function isClientBuild(mode: string): boolean {
  return parseMode(mode).flags.includes('CLIENT');
}

export interface ClientTimers { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(id: unknown): void }
const realTimers: ClientTimers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (id) => clearTimeout(id as number) };

/** The message of a save the host did not finish within the save-file timeout (CONST-1). */
export const SAVE_TIMEOUT_MESSAGE = `Failed to save the file: no answer within ${TIMERS.SAVE_FILE_TIMEOUT_MS / 1000} s`;

export class DesktopClient {
  constructor(private readonly baseUrl = '', private readonly fetchImpl: typeof fetch = (...a) => fetch(...a), private readonly timers: ClientTimers = realTimers) {}
  private call<T>(op: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    return hostCall<T>(this.baseUrl, `/client/${op}`, body, this.fetchImpl, signal);
  }
  /** CONST-1: a file save gives up after TIMERS.SAVE_FILE_TIMEOUT_MS (300000 ms). */
  private async timed<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const ac = new AbortController();
    const t = this.timers.setTimeout(() => ac.abort(), TIMERS.SAVE_FILE_TIMEOUT_MS);
    try {
      return await run(ac.signal);
    } catch (e) {
      if (ac.signal.aborted) throw new Error(SAVE_TIMEOUT_MESSAGE);
      throw e;
    } finally {
      this.timers.clearTimeout(t);
    }
  }
  status(): Promise<HostStatus> { return this.call('status'); }
  /** The save dialog: the path the host proposes for `title` (the page lets the user change it). */
  openSaveFileDlg(title: string, isExport: boolean, filters: SaveFileFilter[]): Promise<{ path: string }> {
    return this.call('openSaveFileDlg', { title, isExport, filters });
  }
  /** Writes `bytes` at `path` (absolute, a known extension: EXP-2). */
  saveFile(path: string, bytes: Uint8Array): Promise<{ path: string; size: number }> {
    return this.timed(async (signal) => {
      const res = await this.fetchImpl(`${this.baseUrl}/client/saveFile?path=${encodeURIComponent(path)}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', [CLIENT_HEADER]: '1' }, body: bytes as Uint8Array<ArrayBuffer>, signal });
      const json = (await res.json()) as { code?: number; result?: { path: string; size: number }; message?: string };
      if (json.code !== 0 || !json.result) throw new Error(json.message ?? 'Failed to save the file');
      return json.result;
    });
  }
  /** Save-as-local from the local files: the project's .epro at `path` (default: the dialog's proposal). */
  saveAsLocal(projectUuid: string, path?: string): Promise<{ path: string; size: number }> {
    return this.timed((signal) => this.call('saveAsLocal', { project_uuid: projectUuid, path }, signal));
  }
  /** A local archive (.epro, .epro2) uploaded to the cloud as a new project. */
  uploadFile(path: string, name?: string): Promise<{ uuid: string }> {
    return this.call('uploadFile', { path, name });
  }
  /** The client online backup: the local copy sent with the backups call (auto NO). */
  onlineBackup(projectUuid: string, name?: string, description?: string): Promise<unknown> {
    return this.call('onlineBackup', { project_uuid: projectUuid, name, description });
  }
}

/**
 * exportFileClient: in the desktop build the dialog proposes a path for `fileName` and the file is
 * written there; any other build is refused (SPEC §8).
 */
export async function exportFileClient(mode: string, client: DesktopClient, fileName: string, bytes: Uint8Array, filters: SaveFileFilter[], choose: (proposed: string) => Promise<string | null> = async (p) => p): Promise<string | null> {
  if (!isClientBuild(mode)) throw CatalogueError.named('ILLEGAL_EXPORT_CLIENT');
  const { path } = await client.openSaveFileDlg(fileName, true, filters);
  const chosen = await choose(path);
  if (chosen === null) return null;
  return (await client.saveFile(chosen, bytes)).path;
}
