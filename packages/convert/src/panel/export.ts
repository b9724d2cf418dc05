/**
 * The outputs of a panel document: the cutter's SVG and DXF and a picture of the panel in its
 * colours (SVG; the CLI rasterises it to PNG on request). Finds the panel in an .epro by name or uuid.
 * Pure.
 */
import { type EproArchive, mainBlockOr, parseDocuments, panelPath } from '@copperplate/format';
import { CODES, CatalogueError } from '@copperplate/model';
import type { Raw } from '@copperplate/format/records';
import { resolvePanel } from './model.ts';
import { panelDrawingSvg, panelSvg } from './svg.ts';
import { panelDxf } from './dxf.ts';
import { svgToPdf } from './pdf.ts';

const text = (v: Uint8Array | string | undefined) => (v === undefined ? undefined : typeof v === 'string' ? v : new TextDecoder().decode(v));

/** Panels of a project: uuid and name (project.json `panels`: uuid -> name, or an object with a title). */
export function listPanels(a: EproArchive): Array<{ uuid: string; name: string }> {
  const m = (a.projectJson.panels ?? {}) as Record<string, unknown>;
  return Object.entries(m).map(([uuid, v]) => {
    const o = v as Record<string, unknown> | string | null;
    const name = typeof o === 'string' ? o : o && typeof o === 'object' ? String(o.title ?? o.name ?? o.display_title ?? uuid) : uuid;
    return { uuid, name };
  });
}

/** The records of a panel of the archive (the first one without a name). DOCUMENT_NOT_EXISTS when absent. */
export function panelFromEpro(a: EproArchive, name?: string): { uuid: string; name: string; records: readonly Raw[] } {
  const all = listPanels(a);
  const hit = name === undefined ? all.find((p) => a.entries.has(panelPath(p.uuid))) : all.find((p) => p.uuid === name || p.name === name);
  const t = hit ? text(a.entries.get(panelPath(hit.uuid))) : undefined;
  if (!hit || t === undefined) throw CatalogueError.fromCode(CODES.DOCUMENT_NOT_EXISTS, { documentName: name ?? '(no panel)' });
  const main = mainBlockOr(parseDocuments(t), 'PANEL');
  return { uuid: hit.uuid, name: hit.name, records: main?.records ?? [] };
}

export interface PanelFile { name: string; data: string; kind: 'cut-svg' | 'dxf' | 'picture-svg' | 'drawing-svg' }

/** A file-name-safe form of a panel name. */
const safe = (s: string) => s.replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^_+|_+$/g, '') || 'panel';

/** `<name>_cut.svg`, `<name>.dxf`, `<name>_picture.svg`, `<name>_drawing.svg` (dimensioned; the CLI prints it to PDF). */
export function panelFiles(name: string, records: readonly Raw[]): PanelFile[] {
  const m = resolvePanel(records);
  const n = safe(name);
  return [
    { name: `${n}_cut.svg`, data: panelSvg(m, { mode: 'cut' }), kind: 'cut-svg' },
    { name: `${n}.dxf`, data: panelDxf(m).text, kind: 'dxf' },
    { name: `${n}_picture.svg`, data: panelSvg(m, { mode: 'picture' }), kind: 'picture-svg' },
    { name: `${n}_drawing.svg`, data: panelDrawingSvg(m, name), kind: 'drawing-svg' },
  ];
}

/** `<name>_drawing.pdf`: the dimensioned drawing on one A4 landscape page (pure; no browser needed). */
export function panelDrawingPdf(name: string, records: readonly Raw[]): { name: string; data: Uint8Array } {
  return { name: `${safe(name)}_drawing.pdf`, data: svgToPdf(panelDrawingSvg(resolvePanel(records), name), `${name} drawing`) };
}
