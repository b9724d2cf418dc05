/**
 * The board a panel's cut-outs come from: a PCB of the open project as a BoardSource (its records,
 * its embedded footprint blocks, the project's footprints and devices), for
 * `PanelEditor.deriveFromBoard`. Also the outputs a panel downloads (cutter SVG, DXF, picture).
 */
import { mainBlockOr, parseDocuments } from '@copperplate/format';
import type { BoardSource } from '@copperplate/board';
import { panelDrawingPdf, panelFiles } from '@copperplate/convert/panel/index';
import type { ProjectSnapshot } from '../project/types.ts';
import { contextOf } from '../project/painters.ts';
import { itemName } from '../project/http-session.ts';

export function pcbChoices(items: ProjectSnapshot['items']): Array<{ id: string; name: string }> {
  return [...items.pcbs.values()].map((p) => ({ id: String(p.uuid), name: itemName(p) })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The PCB as a BoardSource, or null when it has no readable text. */
export function boardSourceOf(items: ProjectSnapshot['items'], pcbId: string): BoardSource | null {
  const item = items.pcbs.get(pcbId);
  const text = item && typeof item.dataStr === 'string' ? item.dataStr : '';
  if (!text.trim()) return null;
  const blocks = parseDocuments(text);
  const main = mainBlockOr(blocks, 'PCB');
  if (!main) return null;
  const ctx = contextOf(items).pcb;
  return { records: main.records, extraBlocks: blocks.filter((b) => b !== main), pcbUuid: pcbId, footprint: ctx.footprint, devices: ctx.devices };
}

/** Download one file (text or bytes) through a Blob link. */
export function downloadText(name: string, data: string | Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export { panelFiles, panelDrawingPdf };
