/**
 * Drawings of documents by packages/editor's painters, from the open project's items:
 * sheets (renderSchematicSvg with the project's symbols and devices), PCBs and footprints
 * (renderPcbSvg with the project's footprints and devices), symbols (renderSymbolSvg).
 * The SVG text is escaped by the painters; the app shows it only as an <img> (no script can run).
 */
import { mainBlockOr, parseDocuments } from '@copperplate/format';
import { openDocument, renderSchematicSvg, renderSymbolSvg, type SchContext, type SymbolInfo } from '@copperplate/editor';
// the PCB painter is not re-exported by the package index yet
import { renderPcbSvg } from '@copperplate/editor';
import { panelEditorSvg, resolvePanel } from '@copperplate/convert/panel/index';
import type { PcbProject } from '@copperplate/editor';
import type { Item } from '../api/schemas.ts';
import type { ProjectSnapshot, ViewKind } from './types.ts';

const contexts = new WeakMap<ProjectSnapshot['items'], { sch: SchContext; pcb: PcbProject }>();

function devicesOf(items: ProjectSnapshot['items']): Record<string, { title?: string; attributes?: Record<string, unknown> }> {
  const out: Record<string, { title?: string; attributes?: Record<string, unknown> }> = {};
  for (const [id, d] of items.devices) out[id] = { title: typeof d.title === 'string' ? d.title : undefined, attributes: (d.attributes ?? {}) as Record<string, unknown> };
  return out;
}

/** The painters' project context, built once per snapshot (symbols parsed lazily would be nicer; they are small). */
export function contextOf(items: ProjectSnapshot['items']): { sch: SchContext; pcb: PcbProject } {
  let c = contexts.get(items);
  if (c) return c;
  const symbols = new Map<string, SymbolInfo>();
  for (const [id, s] of items.symbols) {
    if (typeof s.dataStr !== 'string') continue;
    try {
      symbols.set(id, { uuid: id, title: String(s.title ?? id), type: Number(s.docType ?? 2), doc: openDocument(s.dataStr) });
    } catch {
      /* an unreadable symbol is drawn as missing */
    }
  }
  const devices = devicesOf(items);
  const fpCache = new Map<string, unknown[][] | undefined>();
  const pcb: PcbProject = {
    devices,
    footprint(uuid: string) {
      if (!fpCache.has(uuid)) {
        const t = items.footprints.get(uuid)?.dataStr;
        try {
          fpCache.set(uuid, typeof t === 'string' ? mainBlockOr(parseDocuments(t), 'FOOTPRINT')?.records : undefined);
        } catch {
          fpCache.set(uuid, undefined);
        }
      }
      return fpCache.get(uuid) as never;
    },
  };
  c = { sch: { symbols, devices }, pcb };
  contexts.set(items, c);
  return c;
}

/** The SVG drawing of a document, or null when no painter draws this kind. Throws on unreadable content. */
export function paintSvg(kind: ViewKind, item: Item, items: ProjectSnapshot['items']): string | null {
  const text = item.dataStr;
  if (typeof text !== 'string' || !text.trim()) return null;
  const ctx = contextOf(items);
  switch (kind) {
    case 'sheets':
      return renderSchematicSvg(openDocument(text), { ctx: ctx.sch, background: '#FFFFFF' });
    case 'pcbs':
      return renderPcbSvg(text, { project: ctx.pcb, pcbUuid: String(item.uuid), background: '#10141a' });
    case 'footprints':
      return renderPcbSvg(text, { background: '#10141a' });
    case 'symbols':
      return renderSymbolSvg(openDocument(text), { background: '#FFFFFF' });
    case 'panels':
      return panelEditorSvg(resolvePanel(openDocument(text).records()));
    default:
      return null;
  }
}
