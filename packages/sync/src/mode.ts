/**
 * The editor mode string (MODE-1): dash-separated flags. For sync only the network flags matter:
 * - ONLINE: opening checks the cloud; syncs and uploads run.
 * - HALF_OFFLINE: local first: a project with a local copy opens from it without the cloud check (the
 *   first sync brings it in step); syncs and uploads run whenever the server answers, edits queue otherwise.
 * - OFFLINE: the server is never called; edits are saved locally and stay pending (an upload is
 *   scheduled and runs once the mode changes to ONLINE or HALF_OFFLINE).
 */
export type NetworkMode = 'ONLINE' | 'HALF_OFFLINE' | 'OFFLINE';

export const MODE_FLAGS = ['DEVPRO', 'CLIENT', 'PRIVATE', 'ONLINE', 'HALF_OFFLINE', 'OFFLINE', 'ECAD', 'SCH', 'PCB', 'PANEL'] as const;

export function parseMode(mode: string): { flags: Set<string>; network: NetworkMode } {
  const flags = new Set(mode.split('-').map((s) => s.trim().toUpperCase()).filter(Boolean));
  // HALF_OFFLINE contains a dash-free token of its own; check it before OFFLINE.
  const network: NetworkMode = flags.has('OFFLINE') ? 'OFFLINE' : flags.has('HALF_OFFLINE') ? 'HALF_OFFLINE' : 'ONLINE';
  return { flags, network };
}
