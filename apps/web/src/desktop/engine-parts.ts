/**
 * What the desktop build (mode CLIENT) changes in the page's engine: the local database is the
 * host's files (HttpLocalStore over /CommonDB), the network state is the cloud's as the host sees
 * it (HostNet), and the log uploader runs for every opened project (OPEN-5), sending the user's own
 * entries (PERM-3).
 */
import { parseMode, type Clock, type SyncEngine } from '@copperplate/sync';
import { HttpLocalStore } from './common-db.ts';
import { DesktopClient } from './client.ts';
import { HostNet } from './net.ts';
import { LogUploader, type SendLogs } from './log-uploader.ts';

export interface DesktopParts { store: HttpLocalStore; client: DesktopClient; net: HostNet; logs: LogUploader }

export async function desktopParts(clock: Clock, owner: () => string | null | undefined, send: SendLogs, onError: (m: string) => void, baseUrl = ''): Promise<DesktopParts> {
  const store = await new HttpLocalStore(baseUrl).open();
  store.logOwner = owner;
  const client = new DesktopClient(baseUrl);
  const net = new HostNet(client, clock);
  await net.start();
  const logs = new LogUploader({ store, clock, owner, send, onError });
  return { store, client, net, logs };
}

/** Mode follows the cloud; the log uploader follows the open projects. */
export function wireDesktop(engine: SyncEngine, parts: DesktopParts, baseMode: string): void {
  const apply = () => engine.setMode(parts.net.modeFor(parseMode(baseMode).network));
  parts.net.onChange(apply);
  apply();
  engine.events.on('project-opened', (e) => parts.logs.start(e.project));
  engine.events.on('project-closed', (e) => parts.logs.stop(e.project));
}
