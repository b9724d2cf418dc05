/**
 * The component library calls the library panel makes (docs/API.md, Component library) and the
 * import of a library device into the open project: its symbol, footprint and the device itself are
 * saved through the project session (local store first, then uploaded like any edit).
 */
import { request } from '../api/http.ts';
import type { Item } from '../api/schemas.ts';
import type { ProjectSession } from '../project/types.ts';

export interface LibRow {
  uuid: string;
  type: number;
  owner: number;
  lib: string;
  title: string;
  value: string;
  package: string;
  keywords: string;
  description: string;
  datasheet: string;
  manufacturer_part: string;
  designator: string;
  symbol_uuid: string;
  footprint_uuid: string;
  update_time: number;
}
export interface LibPage { items: LibRow[]; page: number; hasMore: boolean; by: string }
export interface LibDetail extends LibRow { fields: Record<string, unknown>; dataStr?: string; symbol?: LibDetail; footprint?: LibDetail | null }
export interface LibInfo { libraries: { lib: string; n: number }[]; build: { counts: { symbols: number; footprints: number; devices: number } } | null; licence: { name: string; text: string; url: string } }

export const LIB_KINDS = [{ type: 3, label: 'Devices' }, { type: 2, label: 'Symbols' }, { type: 4, label: 'Footprints' }, { type: 0, label: 'All kinds' }] as const;

export function searchLibrary(q: { q: string; type: number; lib?: string; package?: string; page?: number }): Promise<LibPage> {
  return request<LibPage>('POST', '/api/components/search', { body: { q: q.q, type: q.type, lib: q.lib || undefined, package: q.package || undefined, page: q.page ?? 1, pageSize: 50 } });
}
export const libraryInfo = (): Promise<LibInfo> => request<LibInfo>('GET', '/api/components/libraries');
export const componentDetail = (uuid: string): Promise<LibDetail> => request<LibDetail>('GET', '/api/components/detail', { query: { uuid } });

/** The project item of a library component; its version is the library's update time (LIB-1 compares them). */
export function docOf(d: LibDetail): Item {
  const { pins: _pins, ...fields } = d.fields as Record<string, unknown> & { pins?: unknown };
  return { ...fields, uuid: d.uuid, version: String(d.update_time), ...(d.dataStr !== undefined ? { dataStr: d.dataStr } : {}) } as Item;
}

/**
 * Brings a library device (or a symbol alone) into the project: symbol, footprint, device, each only
 * when the project does not hold it yet. Returns the uuids to place.
 */
export async function importPart(session: ProjectSession, d: LibDetail): Promise<{ symbol: string; device: string; footprint: string }> {
  const items = session.snapshot().items;
  if (d.type === 2) {
    if (!items.symbols.has(d.uuid)) await session.edit('symbols', docOf(d));
    return { symbol: d.uuid, device: '', footprint: '' };
  }
  if (d.type === 4) {
    if (!items.footprints.has(d.uuid)) await session.edit('footprints', docOf(d));
    return { symbol: '', device: '', footprint: d.uuid };
  }
  if (!d.symbol) throw new Error('Get the wrong symbol data.');
  if (!items.symbols.has(d.symbol.uuid)) await session.edit('symbols', docOf(d.symbol));
  if (d.footprint && !items.footprints.has(d.footprint.uuid)) await session.edit('footprints', docOf(d.footprint));
  if (!items.devices.has(d.uuid)) await session.edit('devices', docOf(d));
  return { symbol: d.symbol.uuid, device: d.uuid, footprint: d.footprint?.uuid ?? '' };
}
