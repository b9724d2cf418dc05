/**
 * Panel parts in the component library (issue 19 part 4): PANEL_LIB documents stored as component
 * library items of type 26 (SPEC §3 "panel 26"), in the caller's personal library (owner 0) or a
 * team's (owner 1 with team_uuid), through the component calls of docs/API.md.
 */
import { z } from 'zod';
import type { LibraryListItem } from '@copperplate/model';
import { request } from './http.ts';

export const PANEL_PART_TYPE = 26;

export interface PanelPartRow { uuid: string; title: string; lib: string; owner: number }
const WithData = z.array(z.object({ uuid: z.string(), dataStr: z.string().optional() }).loose());

/** The panel parts of the user-panel basic library list (their own, their teams', their public ones), by title. */
export function panelPartRows(items: readonly LibraryListItem[]): PanelPartRow[] {
  return items.map((r) => ({ uuid: r.uuid, title: r.title, lib: r.lib, owner: r.owner })).sort((a, b) => a.title.localeCompare(b.title));
}

/** A part's PANEL_LIB text, or '' when it is gone. */
export async function panelPartText(uuid: string): Promise<string> {
  const rows = WithData.parse(await request('POST', '/api/components/search-by-ids', { body: { uuids: [uuid], dataStr: 'yes' } }));
  return rows[0]?.dataStr ?? '';
}

/** Save a part (a PANEL_LIB text) into the personal library, or a team's when `team` is given. Returns its uuid. */
export async function savePanelPart(text: string, title: string, team?: string): Promise<string> {
  const r = z.object({ uuid: z.string() }).loose().parse(await request('POST', '/api/components/update-canvas', {
    body: { docType: PANEL_PART_TYPE, title, dataStr: text, owner: team ? 1 : 0, ...(team ? { team_uuid: team } : {}) },
  }));
  return r.uuid;
}
