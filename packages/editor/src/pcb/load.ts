/**
 * Getting a PCB or footprint document and its project context into a scene: from document text,
 * codec blocks or an EditorDocument, and from an .epro archive (project.json, FOOTPRINT/*.efoo,
 * POUR/*.ecop) as @copperplate/format's readEpro returns it. No Node built-ins (runs in the browser).
 */
import { type DocumentBlock, type EproArchive, mainBlockOr, parseDocuments } from '@copperplate/format';
import { CODES, CatalogueError } from '@copperplate/model';
import { EditorDocument } from '../core/document.ts';
import { type Rec, str } from '../core/records.ts';
import type { PcbProject, SceneInput } from './scene.ts';
import { Poured } from '@copperplate/format/records';
import { fontRecordsOf } from '@copperplate/board';

export type DocLike = string | DocumentBlock[];

/** Blocks -> [key, record] entries the way EditorDocument keys them. */
export function sceneInputOf(doc: DocLike | EditorDocument, project?: PcbProject, pcbUuid?: string): SceneInput {
  const ed = doc instanceof EditorDocument ? doc : new EditorDocument(typeof doc === 'string' ? parseDocuments(doc) : doc);
  const entries: Array<[string, Rec]> = ed.keys().map((k) => [k, ed.get(k)!]);
  return { docType: ed.docType, entries, extraBlocks: ed.extraBlocks, project, pcbUuid };
}

const text = (v: Uint8Array | string | undefined): string | undefined =>
  v === undefined ? undefined : typeof v === 'string' ? v : new TextDecoder().decode(v);

/** Base64 of a UTF-8 string (the .ecop/.efon file names: base64(pcbUuid + "_0")). */
function b64(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export interface PcbDocRef {
  kind: 'PCB' | 'FOOTPRINT';
  uuid: string;
  name: string;
  text: string;
  project: PcbProject;
}

/** Records of a footprint or pour file in an archive, parsed once. */
function archiveProject(a: EproArchive): PcbProject & { pouredFor(pcbUuid: string): Rec[] } {
  const cache = new Map<string, Rec[] | undefined>();
  const devices = (a.projectJson.devices ?? {}) as PcbProject['devices'];
  const fps = (a.projectJson.footprints ?? {}) as Record<string, { title?: string } | undefined>;
  return {
    devices,
    footprintTitle: (uuid: string) => fps[uuid]?.title,
    footprint(uuid: string) {
      if (!cache.has(uuid)) {
        const t = text(a.entries.get(`FOOTPRINT/${uuid}.efoo`));
        cache.set(uuid, t === undefined ? undefined : mainBlockOr(parseDocuments(t), 'FOOTPRINT')?.records);
      }
      return cache.get(uuid);
    },
    pouredFor(pcbUuid: string) {
      const out: Rec[] = [];
      for (const suffix of ['_0', '']) {
        const t = text(a.entries.get(`POUR/${b64(pcbUuid + suffix)}.ecop`));
        if (t) for (const b of parseDocuments(t)) out.push(...b.records.filter((r) => Poured.is(r)));
        if (out.length) break;
      }
      return out;
    },
  };
}

/** Find a PCB (by name or uuid) or else a footprint (by title or uuid) in an archive. */
export function findPcbDoc(a: EproArchive, name: string): PcbDocRef {
  const proj = archiveProject(a);
  const pcbs = (a.projectJson.pcbs ?? {}) as Record<string, unknown>;
  for (const [uuid, v] of Object.entries(pcbs)) {
    const title = typeof v === 'string' ? v : str((v as Record<string, unknown> | null)?.name ?? (v as Record<string, unknown> | null)?.title);
    if (uuid === name || title === name) {
      const t = text(a.entries.get(`PCB/${uuid}.epcb`));
      if (t === undefined) break;
      const poured = proj.pouredFor(uuid);
      return { kind: 'PCB', uuid, name: title, text: t, project: { ...proj, poured, fonts: fontRecordsOf(a, uuid) as Rec[] } };
    }
  }
  const fps = (a.projectJson.footprints ?? {}) as Record<string, { title?: string } | undefined>;
  for (const [uuid, v] of Object.entries(fps)) {
    if (uuid === name || v?.title === name) {
      const t = text(a.entries.get(`FOOTPRINT/${uuid}.efoo`));
      if (t === undefined) break;
      return { kind: 'FOOTPRINT', uuid, name: v?.title ?? uuid, text: t, project: proj };
    }
  }
  throw CatalogueError.fromCode(CODES.DOCUMENT_NOT_EXISTS, { documentName: name });
}

/** Names of the PCBs and footprints of an archive (for listings and tests). */
export function pcbDocNames(a: EproArchive): { pcbs: Array<{ uuid: string; name: string }>; footprints: Array<{ uuid: string; name: string }> } {
  const pcbs = Object.entries((a.projectJson.pcbs ?? {}) as Record<string, unknown>).map(([uuid, v]) => ({ uuid, name: typeof v === 'string' ? v : uuid }));
  const footprints = Object.entries((a.projectJson.footprints ?? {}) as Record<string, { title?: string }>).map(([uuid, v]) => ({ uuid, name: v?.title ?? uuid }));
  return { pcbs, footprints };
}

