/**
 * A board's BoardSource from an .epro archive as @copperplate/format's readEpro returns it: the PCB
 * block of PCB/<uuid>.epcb (found by its DOCTYPE, not its position), the embedded FOOTPRINT blocks,
 * the project's footprints (FOOTPRINT/<uuid>.efoo), devices and the pour file
 * POUR/<base64(pcbUuid + "_0")>.ecop. Pure (no Node built-ins).
 */
import { type EproArchive, mainBlockOr, parseDocuments } from '@copperplate/format';
import type { BoardSource } from './model.ts';

const text = (v: Uint8Array | string | undefined): string | undefined =>
  v === undefined ? undefined : typeof v === 'string' ? v : new TextDecoder().decode(v);

/** Base64 of a UTF-8 string (pour and font file names). */
export function b64(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** The pour file path of a PCB (`POUR/<base64(pcbUuid_0)>.ecop`). */
export const pourFilePath = (pcbUuid: string): string => `POUR/${b64(pcbUuid + '_0')}.ecop`;

/**
 * The FONT records a PCB's text is drawn from: the board's font file FONT/<base64(pcbUuid + "_0")>.efon
 * (or without the suffix), where EasyEDA keeps the glyph outlines of text in a named TrueType font
 * (ExtBoard-001: every 宋体 label; none of them is in the .epcb). Empty when the file is absent.
 */
export function fontRecordsOf(a: EproArchive, pcbUuid: string): unknown[][] {
  const out: unknown[][] = [];
  for (const suffix of ['_0', '']) {
    const ft = text(a.entries.get(`FONT/${b64(pcbUuid + suffix)}.efon`));
    if (ft) for (const b of parseDocuments(ft)) for (const r of b.records) if (r[0] === 'FONT') out.push(r);
    if (out.length) break;
  }
  return out;
}

/** PCBs of an archive: uuid and name. */
export function listPcbs(a: EproArchive): Array<{ uuid: string; name: string }> {
  return Object.entries((a.projectJson.pcbs ?? {}) as Record<string, unknown>).map(([uuid, v]) => ({
    uuid,
    name: typeof v === 'string' ? v : String((v as { name?: unknown; title?: unknown } | null)?.name ?? (v as { title?: unknown } | null)?.title ?? uuid),
  }));
}

/** Find a PCB by name or uuid; undefined when absent. */
export function findPcb(a: EproArchive, name: string): { uuid: string; name: string } | undefined {
  return listPcbs(a).find((p) => p.uuid === name || p.name === name);
}

/** The BoardSource of a PCB of an archive (by uuid). Throws when the .epcb is missing. */
export function boardSourceFromArchive(a: EproArchive, pcbUuid: string): BoardSource {
  const t = text(a.entries.get(`PCB/${pcbUuid}.epcb`));
  if (t === undefined) throw new Error(`PCB/${pcbUuid}.epcb missing`);
  const blocks = parseDocuments(t);
  const own = blocks.find((b) => b.docType === 'PCB') ?? blocks[blocks.length - 1];
  const fpCache = new Map<string, readonly (readonly unknown[])[] | undefined>();
  const poured: unknown[][] = [];
  for (const suffix of ['_0', '']) {
    const pt = text(a.entries.get(`POUR/${b64(pcbUuid + suffix)}.ecop`));
    if (pt) for (const b of parseDocuments(pt)) for (const r of b.records) if (r[0] === 'POURED') poured.push(r);
    if (poured.length) break;
  }
  return {
    records: own.records,
    extraBlocks: blocks.filter((b) => b !== own),
    pcbUuid,
    devices: (a.projectJson.devices ?? {}) as BoardSource['devices'],
    poured,
    footprint(uuid) {
      if (!fpCache.has(uuid)) {
        const ft = text(a.entries.get(`FOOTPRINT/${uuid}.efoo`));
        fpCache.set(uuid, ft === undefined ? undefined : mainBlockOr(parseDocuments(ft), 'FOOTPRINT')?.records);
      }
      return fpCache.get(uuid);
    },
  };
}
