/**
 * The other sheets of the schematic an open sheet belongs to, opened from the session (for
 * connectivity across sheets: ERC, net highlight). Unreadable sheets are left out.
 */
import { openDocument, type SheetInput } from '@copperplate/editor';
import { itemName } from '../project/http-session.ts';
import type { ProjectSession } from '../project/types.ts';

export async function otherSheets(session: ProjectSession, sheetId: string): Promise<SheetInput[]> {
  const items = session.snapshot().items.sheets;
  const sch = items.get(sheetId)?.schematic_uuid;
  if (!sch) return [];
  const out: SheetInput[] = [];
  for (const [id, s] of items) {
    if (id === sheetId || s.schematic_uuid !== sch) continue;
    const item = await session.loadItem('sheets', id);
    if (typeof item?.dataStr !== 'string') continue;
    try {
      out.push({ name: itemName(item), doc: openDocument(item.dataStr) });
    } catch {
      /* an unreadable sheet takes no part */
    }
  }
  return out;
}
