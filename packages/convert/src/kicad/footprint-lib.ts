/**
 * .kicad_mod footprints (a .pretty folder's files) -> footprint documents and a device each (the
 * device names the footprint; a symbol is added when a library gives one). Pure function.
 */
import { DocType } from '@copperplate/model';
import type { DeviceData, FootprintData, ProjectData, SymbolData } from '@copperplate/format';
import { generatedSymbol } from './symbols.ts';
import { footprintDocument } from './board.ts';
import { readKicadMod } from './pcb-read.ts';
import type { KFootprint } from './pcb-model.ts';
import { uuidOf } from './ids.ts';
import type { Report } from './report.ts';

export interface FootprintLibraryItem {
  footprint: FootprintData;
  /** A device for the footprint alone, with a generated symbol (a box, one pin per pad number). */
  device: DeviceData;
  symbol: SymbolData;
  model: KFootprint;
  file: string;
}

const stem = (p: string): string => (p.split('/').pop() ?? p).replace(/\.[^.]+$/, '');

/** One .kicad_mod -> its footprint document and device (uuids derive from `key`). */
export function kicadModToFootprint(text: string, file: string, key: string, report: Report): FootprintLibraryItem {
  const model = readKicadMod(text, file.split('/').pop() ?? file);
  const title = model.lib.split(':').pop() || stem(file);
  model.lib = title;
  const doc = footprintDocument(model, report);
  const uuid = uuidOf(`${key}/footprint/${file}`);
  const footprint = {
    uuid, title, display_title: title, docType: DocType.FOOTPRINT, source: '', version: '1', description: model.descr,
    tags: { parent_tag: [], child_tag: [] }, custom_tags: JSON.stringify(model.tags ? model.tags.split(/\s+/) : []), dataStr: doc.dataStr,
  } as FootprintData;
  const symbol = generatedSymbol(`${key}/${file}`, title, [...new Set(model.pads.map((p) => p.number).filter((n) => n !== ''))], model.reference);
  const device = {
    uuid: uuidOf(`${key}/device/${file}`), title, display_title: title, source: '', version: '1', description: model.descr, images: [],
    tags: { parent_tag: [], child_tag: [] }, custom_tags: '[]',
    attributes: { Symbol: symbol.uuid, Footprint: uuid, Designator: (model.reference.match(/^[A-Za-z_#]+/)?.[0] ?? 'U') + '?', Name: title },
  } as DeviceData;
  return { footprint, device, symbol, model, file };
}

/** Add every .kicad_mod to the project (footprints, and devices with generated symbols). */
export function convertFootprintLibrary(files: { name: string; text: string }[], key: string, data: ProjectData, report: Report): void {
  for (const f of files) {
    const { footprint, device, symbol } = kicadModToFootprint(f.text, f.name, key, report);
    data.footprints.push(footprint);
    data.devices.push(device);
    data.symbols.push(symbol);
  }
}
