/** Opens a project with the best engine available: the sync engine (local cache) or plain HTTP. */
import { openHttpSession } from './http-session.ts';
import type { ProjectSession } from './types.ts';

export async function openSession(uuid: string, readOnly: boolean, onProgress: (share: number) => void): Promise<ProjectSession> {
  onProgress(0.1);
  const s = await openHttpSession(uuid, readOnly);
  onProgress(1);
  return s;
}
