/**
 * The component library calls the library panel makes (docs/API.md, Component library) and the
 * import of a library device into the open project: its symbol, footprint and the device itself are
 * saved through the project session (local store first, then uploaded like any edit).
 */
import { z } from 'zod';
import {
  ComponentDetailSchema, ComponentPageSchema, LibraryInfoSchema,
  type ComponentDetail, type ComponentPage, type ComponentRow, type ComponentSearchQuery, type LibraryInfo,
} from '@copperplate/model';
import { request } from '../api/http.ts';
import type { Item } from '../api/schemas.ts';
import type { ProjectSession } from '../project/types.ts';

/** The shapes of the component calls (@copperplate/model), checked as they arrive (the network is untrusted). */
export type LibRow = ComponentRow;
export type LibPage = ComponentPage;
export type LibDetail = ComponentDetail;
export type LibInfo = LibraryInfo;

export const LIB_KINDS = [{ type: 3, label: 'Devices' }, { type: 2, label: 'Symbols' }, { type: 4, label: 'Footprints' }, { type: 0, label: 'All kinds' }] as const;

export async function searchLibrary(q: { q: string; type: number; lib?: string; package?: string; page?: number; owner?: number[] }): Promise<LibPage> {
  const body: ComponentSearchQuery = { q: q.q, type: q.type, lib: q.lib || undefined, package: q.package || undefined, page: q.page ?? 1, pageSize: 50, owner: q.owner };
  return ComponentPageSchema.parse(await request('POST', '/api/components/search', { body }));
}
export const libraryInfo = async (): Promise<LibInfo> => LibraryInfoSchema.parse(await request('GET', '/api/components/libraries'));
export const componentDetail = async (uuid: string): Promise<LibDetail> => ComponentDetailSchema.parse(await request('GET', '/api/components/detail', { query: { uuid } }));
/** Components by uuid (at most 200) with their documents. */
export const componentsByIds = async (uuids: string[]): Promise<LibDetail[]> =>
  z.array(ComponentDetailSchema).parse(await request('POST', '/api/components/search-by-ids', { body: { uuids, dataStr: 'yes' } }));

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

/** Renames a component of the user's library. */
export const renameComponent = (uuid: string, title: string): Promise<unknown> => request('POST', '/api/components/modify', { body: { uuid, title } });
/** Deletes a component of the user's library; refused when it changed since `gTicket` (LIB-3). */
export const deleteComponent = (uuid: string, gTicket: number): Promise<unknown> => request('POST', '/api/components/delete', { body: { uuid, g_ticket: gTicket } });

const PricesSchema = z.object({
  configured: z.boolean(),
  supplier: z.string().nullable(),
  offers: z.array(z.object({ mpn: z.string(), supplier: z.string(), sku: z.string(), stock: z.number(), currency: z.string(), breaks: z.array(z.object({ qty: z.number(), unitPrice: z.number() })), url: z.string().optional() })),
});
export type Prices = z.infer<typeof PricesSchema>;
/** Price and stock of manufacturer part numbers from the server's supplier adapter (`configured: false` when there is none). */
export const partPrices = async (mpns: string[]): Promise<Prices> => PricesSchema.parse(await request('POST', '/api/components/prices', { body: { mpns } }));

const VersionSchema = z.object({ g_ticket: z.number(), title: z.string(), update_time: z.number(), dataStr: z.string().optional() });
export type LibVersion = z.infer<typeof VersionSchema>;
/** The earlier versions of a component, newest first (the content each new version replaced). */
export const componentVersions = async (uuid: string): Promise<LibVersion[]> =>
  z.object({ versions: z.array(VersionSchema) }).parse(await request('POST', '/api/components/versions', { body: { uuid } })).versions;
/** One earlier version with its content. */
export const componentVersion = async (uuid: string, gTicket: number): Promise<LibVersion> =>
  VersionSchema.parse(await request('POST', '/api/components/versions', { body: { uuid, g_ticket: gTicket } }));
