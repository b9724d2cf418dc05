/**
 * What a sheet needs besides its own records: the project's symbols (parsed .esym documents by uuid),
 * devices (project.json) and blobs. Built from an .epro archive (paths of FORMAT.md).
 */
import { parseDocuments } from '@copperplate/format';
import { EditorDocument } from './document.ts';
import { Head } from '@copperplate/format/records';
import { num, type Rec } from './records.ts';

export interface SymbolInfo { uuid: string; title: string; type: number; doc: EditorDocument }
export interface DeviceInfo { title?: string; attributes?: Record<string, unknown> }

export interface SchContext {
  symbols: Map<string, SymbolInfo>;
  devices: Record<string, DeviceInfo>;
  /** blob hash -> data URL, for OBJ images given as `blob:<sha256>`. */
  blobs?: Map<string, string>;
  /** Footprints of the project by uuid (project.json), for a shown `Footprint` attribute. */
  footprints?: Record<string, { title?: string }>;
}

export interface ArchiveLike { projectJson: Record<string, unknown>; entries: Map<string, Uint8Array | string> }

export function emptyContext(): SchContext { return { symbols: new Map(), devices: {} }; }

export function textOf(v: Uint8Array | string | undefined): string | undefined {
  if (v === undefined) return undefined;
  return typeof v === 'string' ? v : new TextDecoder().decode(v);
}

/** Symbol type from the document's HEAD (symbolType) or project.json, 2 (normal) by default. */
export function symbolType(doc: EditorDocument, fallback?: unknown): number {
  const h = doc.singleton('HEAD');
  const head = h ? (Head.get(h, 'props') as { symbolType?: unknown } | undefined) : undefined;
  return num(head?.symbolType, num(fallback, 2));
}

export function contextFromArchive(a: ArchiveLike): SchContext {
  const pj = a.projectJson as { symbols?: Record<string, { title?: string; type?: number }>; devices?: Record<string, DeviceInfo>; footprints?: Record<string, { title?: string }> };
  const symbols = new Map<string, SymbolInfo>();
  for (const [path, v] of a.entries) {
    const m = /^SYMBOL\/([^/]+)\.esym$/.exec(path);
    if (!m) continue;
    const text = textOf(v);
    if (!text) continue;
    let doc: EditorDocument;
    try { doc = new EditorDocument(parseDocuments(text)); } catch { continue; }
    const meta = pj.symbols?.[m[1]];
    symbols.set(m[1], { uuid: m[1], title: meta?.title ?? m[1], type: symbolType(doc, meta?.type), doc });
  }
  const blobs = new Map<string, string>();
  for (const [path, v] of a.entries) {
    const m = /^BLOB\/([^/]+)\.eblob$/.exec(path);
    if (!m) continue;
    const text = textOf(v) ?? '';
    try {
      for (const b of parseDocuments(text)) for (const r of b.records) {
        const url = (r as Rec).find((x) => typeof x === 'string' && x.startsWith('data:'));
        if (typeof url === 'string') blobs.set(m[1], url);
      }
    } catch { /* an unreadable blob only loses its image */ }
  }
  return { symbols, devices: pj.devices ?? {}, blobs, footprints: pj.footprints ?? {} };
}

export interface SheetRef { schematicUuid: string; schematicName: string; sheetName: string; sheetId: number; path: string }

/** Every sheet of the project in tree order (project.json `schematics`). */
export function listSheets(a: ArchiveLike): SheetRef[] {
  const out: SheetRef[] = [];
  const sch = (a.projectJson.schematics ?? {}) as Record<string, { name?: string; sheets?: Array<{ name?: string; id?: number }> }>;
  for (const [uuid, s] of Object.entries(sch)) {
    for (const sh of s.sheets ?? []) {
      out.push({ schematicUuid: uuid, schematicName: s.name ?? '', sheetName: sh.name ?? '', sheetId: num(sh.id), path: `SHEET/${uuid}/${sh.id}.esch` });
    }
  }
  return out;
}
