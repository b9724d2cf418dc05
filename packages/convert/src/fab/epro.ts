/**
 * A PCB of an .epro archive (as @copperplate/format's readEpro returns it) -> the input of fabBoard:
 * its records, embedded footprint blocks, the project's footprints (FOOTPRINT/*.efoo), devices
 * (project.json) and stored pour fills (POUR/<base64(pcbUuid + "_0")>.ecop).
 */
import { type EproArchive, mainBlockOr, parseDocuments } from '@copperplate/format';
import { CODES, CatalogueError } from '@copperplate/model';
import type { Raw } from '@copperplate/format/records';
import { fontRecordsOf, refillArchive, type TtfLookup } from '@copperplate/board';
import type { FabInput } from './board.ts';
import { staleFills } from './stale.ts';
import { schematicParts } from './schematic-attrs.ts';

const text = (v: Uint8Array | string | undefined): string | undefined =>
  v === undefined ? undefined : typeof v === 'string' ? v : new TextDecoder().decode(v);

function b64(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** The PCBs of an archive: uuid and name. */
export function listPcbs(a: EproArchive): Array<{ uuid: string; name: string }> {
  return Object.entries((a.projectJson.pcbs ?? {}) as Record<string, unknown>).map(([uuid, v]) => ({ uuid, name: pcbName(v, uuid) }));
}

function pcbName(v: unknown, uuid: string): string {
  if (typeof v === 'string') return v;
  const o = v as Record<string, unknown> | null;
  const n = o?.name ?? o?.title;
  return typeof n === 'string' ? n : uuid;
}

/**
 * The fabrication input of a PCB found by name or uuid (the first PCB when `name` is undefined), with
 * the pours whose stored fill is stale (`staleFills`); `refill: true` refills those first.
 */
export function fabInputFromEpro(a: EproArchive, name?: string, opts: { refill?: boolean; fonts?: TtfLookup } = {}): FabInput {
  const pcbs = listPcbs(a);
  // Without a name: the first PCB whose document is in the archive.
  const hit = name === undefined ? pcbs.find((p) => a.entries.has(`PCB/${p.uuid}.epcb`)) : pcbs.find((p) => p.uuid === name || p.name === name);
  const t = hit ? text(a.entries.get(`PCB/${hit.uuid}.epcb`)) : undefined;
  if (!hit || t === undefined) throw CatalogueError.fromCode(CODES.DOCUMENT_NOT_EXISTS, { documentName: name ?? '(no PCB)' });
  let stale = staleFills(a, hit.uuid);
  if (opts.refill && stale.length) {
    a = refillArchive(a, hit.uuid, { only: stale.map((p) => p.id) }).archive;
    stale = staleFills(a, hit.uuid);
    return { ...fabInputFromEpro(a, hit.uuid, { fonts: opts.fonts }), name: hit.name, staleFills: stale };
  }
  const blocks = parseDocuments(t);
  const main = mainBlockOr(blocks, 'PCB');
  const fpCache = new Map<string, readonly Raw[] | undefined>();
  const fps = (a.projectJson.footprints ?? {}) as Record<string, { title?: string } | undefined>;
  const poured: Raw[] = [];
  for (const suffix of ['_0', '']) {
    const pt = text(a.entries.get(`POUR/${b64(hit.uuid + suffix)}.ecop`));
    if (pt) for (const b of parseDocuments(pt)) for (const r of b.records) if (r[0] === 'POURED') poured.push(r);
    if (poured.length) break;
  }
  // The board's schematic (project.json boards: {schematic, pcb}): its parts' attributes for the BOM.
  const board = Object.values((a.projectJson.boards ?? {}) as Record<string, { schematic?: string; pcb?: string } | undefined>).find((bd) => bd?.pcb === hit.uuid);
  const sheets: Array<readonly Raw[]> = [];
  if (board?.schematic) {
    for (const [k, v] of a.entries) {
      if (!k.startsWith(`SHEET/${board.schematic}/`) || !k.endsWith('.esch')) continue;
      const st = text(v);
      if (st) for (const blk of parseDocuments(st)) sheets.push(blk.records);
    }
  }
  return {
    name: hit.name,
    pcbUuid: hit.uuid,
    staleFills: stale,
    fonts: opts.fonts,
    records: main?.records ?? [],
    extraBlocks: blocks.filter((b) => b !== main),
    project: {
      devices: (a.projectJson.devices ?? {}) as Record<string, { attributes?: Record<string, unknown> }>,
      poured,
      fonts: fontRecordsOf(a, hit.uuid),
      schematic: sheets.length ? schematicParts(sheets) : undefined,
      footprint(uuid) {
        if (!fpCache.has(uuid)) {
          const ft = text(a.entries.get(`FOOTPRINT/${uuid}.efoo`));
          fpCache.set(uuid, ft === undefined ? undefined : mainBlockOr(parseDocuments(ft), 'FOOTPRINT')?.records);
        }
        return fpCache.get(uuid);
      },
      footprintName: (uuid) => fps[uuid]?.title,
    },
  };
}
