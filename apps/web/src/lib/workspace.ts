/**
 * Teams and organisations in the web app (issue 17 part 5, SPEC §6: an organisation id and a team id
 * in state, the team list from the teams call): the start page works in one workspace at a time,
 * personal or a team/organisation; its project list shows that workspace's projects and new projects
 * are created in it. The choice is kept in this browser.
 */
import type { RecentEntry } from '../api/schemas.ts';

const KEY = 'copperplate:workspace';

/** null: personal projects; else a team or organisation uuid. */
export type Workspace = string | null;

export function inWorkspace(e: RecentEntry, ws: Workspace): boolean {
  return ws === null ? !e.team_uuid : e.team_uuid === ws;
}

export function loadWorkspace(storage: Pick<Storage, 'getItem'> = localStorage): Workspace {
  try {
    return storage.getItem(KEY) || null;
  } catch {
    return null;
  }
}

export function saveWorkspace(ws: Workspace, storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  try {
    if (ws) storage.setItem(KEY, ws);
    else storage.removeItem(KEY);
  } catch {
    /* storage denied: the choice lasts this page */
  }
}
