/**
 * Saving a project's symbol, footprint or device into the user's own library (personal, a team's, or
 * public; SPEC §3 scopes) through POST /api/components/batch-import: a device goes with its symbol
 * and footprint (the server imports them first). An item that is already in the library as the
 * user's (same uuid) gets a new version; one that came from the system library is saved as a copy
 * under a new uuid (the system library is not writable), the device's references following it.
 */
import { z } from 'zod';
import { ComponentRowSchema, newDocumentId } from '@copperplate/model';
import { request } from '../api/http.ts';
import type { Item } from '../api/schemas.ts';
import type { ProjectSession } from '../project/types.ts';

export type LibKind = 'symbols' | 'footprints' | 'devices';
export interface SaveScope { owner: 0 | 1 | 3; team?: string }

const DOC_TYPE: Record<LibKind, number> = { symbols: 2, devices: 3, footprints: 4 };
const ResultSchema = z.array(z.object({ success: z.boolean(), result: z.object({ uuid: z.string(), ticket: z.number(), updateTime: z.number() }).nullable(), code: z.number(), message: z.string() }));


const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The library body of one project item (uuid possibly replaced, device references mapped). */
function body(kind: LibKind, item: Item, uuid: string, scope: SaveScope, ids: Map<string, string>): Record<string, unknown> {
  const base = {
    uuid, docType: DOC_TYPE[kind], title: text(item.title) || text(item.display_title) || uuid, description: text(item.description),
    owner: scope.owner, team_uuid: scope.owner === 1 ? scope.team : undefined, version: text(item.version) || '1',
  };
  if (kind !== 'devices') return { ...base, dataStr: text(item.dataStr) };
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries((item.attributes ?? {}) as Record<string, unknown>)) if (v !== null && v !== undefined && typeof v !== 'object') attrs[k] = String(v);
  if (attrs.Symbol) attrs.Symbol = ids.get(attrs.Symbol) ?? attrs.Symbol;
  if (attrs.Footprint) attrs.Footprint = ids.get(attrs.Footprint) ?? attrs.Footprint;
  return { ...base, attributes: attrs };
}

/** Saves item `id` of `kind` (with a device's symbol and footprint) to the library; the library uuid of the item. */
export async function saveToLibrary(session: ProjectSession, kind: LibKind, id: string, scope: SaveScope): Promise<string> {
  const parts: { kind: LibKind; item: Item }[] = [];
  const main = await session.loadItem(kind, id);
  if (!main) throw new Error('The item is not in the project');
  if (kind === 'devices') {
    const a = (main.attributes ?? {}) as Record<string, unknown>;
    const sym = typeof a.Symbol === 'string' && a.Symbol ? await session.loadItem('symbols', a.Symbol) : undefined;
    if (!sym) throw new Error('The device has no symbol in the project');
    parts.push({ kind: 'symbols', item: sym });
    const fp = typeof a.Footprint === 'string' && a.Footprint ? await session.loadItem('footprints', a.Footprint) : undefined;
    if (fp) parts.push({ kind: 'footprints', item: fp });
  }
  parts.push({ kind, item: main });
  // items the library holds as the system's are saved as copies
  const uuids = parts.map((p) => String(p.item.uuid));
  const known = z.array(ComponentRowSchema).parse(await request('POST', '/api/components/search-by-ids', { body: { uuids, dataStr: 'no' } }));
  const ids = new Map<string, string>();
  for (const r of known) if (r.owner === 2) ids.set(r.uuid, newDocumentId());
  const data = parts.map((p) => body(p.kind, p.item, ids.get(String(p.item.uuid)) ?? String(p.item.uuid), scope, ids));
  const results = ResultSchema.parse(await request('POST', '/api/components/batch-import', { body: { data } }));
  const failed = results.find((r) => !r.success);
  if (failed) throw new Error(failed.message || 'The library did not take the item');
  return String(data[data.length - 1].uuid);
}
