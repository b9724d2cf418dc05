/**
 * KiCad's official libraries -> library items, through the KiCad import's converters
 * (@copperplate/convert: readKicadSym + symbolDocument for symbols, kicadModToFootprint for
 * footprints). A symbol becomes a symbol and (unless a power symbol) a device binding it to its
 * default footprint (the `Footprint` field, `Lib:Name`), with value, description, keywords,
 * datasheet and pin mapping. Ids derive from names, so a rebuild gives the same uuids.
 */
import { DocType } from '@copperplate/model';
import type { DeviceData, FootprintData, SymbolData } from '@copperplate/format';
import { generatedSymbol, kicadModToFootprint, readKicadSym, symbolDocument, uuidOf, type Report, type SLibSymbol } from '@copperplate/convert/kicad/index';
import { LIB_TYPE, type LibraryItem } from './types.ts';

export const KICAD_KEY = 'kicad';

/** The footprint uuid of a KiCad footprint id `Lib:Name` (the key kicadModToFootprint uses). */
export function footprintUuid(libId: string): string {
  const i = libId.indexOf(':');
  return uuidOf(`${KICAD_KEY}/footprint/${libId.slice(0, i)}.pretty/${libId.slice(i + 1)}.kicad_mod`);
}

const field = (s: SLibSymbol, ...keys: string[]): string => {
  for (const k of keys) {
    const v = s.fields.find((f) => f.key === k)?.value;
    if (v && v !== '~') return v;
  }
  return '';
};

/** Pin number -> name over every unit and body style ('' for an unnamed pin). */
export function pinMap(s: SLibSymbol): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of s.parts) for (const pin of p.pins) if (pin.number && !(pin.number in out)) out[pin.number] = pin.name === '~' ? '' : pin.name;
  return out;
}

export function deviceDoc(uuid: string, title: string, attrs: Record<string, string>, description: string): DeviceData {
  return {
    uuid, title, display_title: title, source: '', version: '1', description, images: [],
    tags: { parent_tag: [], child_tag: [] }, custom_tags: '[]', attributes: attrs,
  } as DeviceData;
}

/**
 * One .kicad_sym library -> its symbols and devices. `footprints` says which `Lib:Name` footprint
 * ids exist (a device naming another keeps the name in `KiCad Footprint` but no footprint uuid).
 */
export function convertSymbolLibrary(text: string, lib: string, footprints: (libId: string) => boolean, report: Report): LibraryItem[] {
  const out: LibraryItem[] = [];
  for (const s of readKicadSym(text, `${lib}.kicad_sym`)) {
    let doc;
    try {
      doc = symbolDocument(s, `${KICAD_KEY}/${lib}`, report);
    } catch (e) {
      report.add('Symbol', `not converted: ${e instanceof Error ? e.message : String(e)}`, `${lib}:${s.name}`);
      continue;
    }
    const value = field(s, 'Value') || doc.title;
    const description = field(s, 'Description', 'ki_description');
    const keywords = field(s, 'ki_keywords');
    const datasheet = field(s, 'Datasheet');
    const designator = (field(s, 'Reference') || 'U').replace(/[0-9?]+$/, '');
    const mpn = field(s, 'MPN', 'Manufacturer Part', 'Manufacturer_Part_Number');
    const base = { lib, value, keywords, description, datasheet, manufacturerPart: mpn, designator };
    out.push({ ...base, uuid: doc.data.uuid, type: LIB_TYPE.SYMBOL, title: doc.title, package: '', doc: doc.data });
    if (s.power) continue;
    const fpId = field(s, 'Footprint');
    const fp = fpId && footprints(fpId) ? footprintUuid(fpId) : '';
    if (fpId && !fp) report.add('Device', 'default footprint not in the footprint libraries (kept by name only)', fpId);
    const pkg = fpId.slice(fpId.indexOf(':') + 1);
    const attrs: Record<string, string> = { Symbol: doc.data.uuid, Footprint: fp, Designator: `${designator}?`, Name: value };
    if (fpId) attrs['KiCad Footprint'] = fpId;
    if (datasheet) attrs.Datasheet = datasheet;
    if (mpn) attrs['Manufacturer Part'] = mpn;
    const uuid = uuidOf(`${KICAD_KEY}/device/${lib}/${s.name}`);
    out.push({
      ...base, uuid, type: LIB_TYPE.DEVICE, title: doc.title, package: pkg, symbol: doc.data.uuid, footprint: fp, pins: pinMap(s),
      doc: deviceDoc(uuid, doc.title, attrs, description),
    });
  }
  return out;
}

/** One .kicad_mod of library `lib` (its .pretty folder) -> the footprint item. */
export function convertFootprint(text: string, lib: string, fileName: string, report: Report): LibraryItem & { pads: string[] } {
  const { footprint, model } = kicadModToFootprint(text, `${lib}.pretty/${fileName}`, KICAD_KEY, report);
  const fp = footprint as FootprintData;
  const pads = [...new Set(model.pads.map((p) => p.number).filter((n) => n !== ''))];
  return {
    uuid: fp.uuid, type: LIB_TYPE.FOOTPRINT, lib, title: fp.title, value: '', package: fp.title, keywords: model.tags, description: model.descr,
    datasheet: '', manufacturerPart: '', designator: (model.reference.match(/^[A-Za-z_#]+/)?.[0] ?? 'U').replace(/^REF$/, 'U'), doc: fp, pads,
  };
}

/**
 * A device for a footprint that no symbol names as its default, so that every footprint can be
 * placed: a generated box symbol with one pin per pad number, shared by footprints of the same pads.
 */
export function footprintDevice(fp: LibraryItem & { pads: string[] }, symbols: Map<string, SymbolData>): { device: LibraryItem; symbol?: LibraryItem } {
  const key = fp.pads.join(',');
  let sym = symbols.get(key);
  let fresh: LibraryItem | undefined;
  if (!sym) {
    const title = `Generic_${fp.pads.length}pin`;
    sym = generatedSymbol(`${KICAD_KEY}/box/${key}`, title, fp.pads, fp.designator);
    sym.description = `Generic symbol with ${fp.pads.length} pins (${fp.pads.slice(0, 8).join(', ')}${fp.pads.length > 8 ? ', ...' : ''})`;
    symbols.set(key, sym);
    fresh = {
      uuid: sym.uuid, type: LIB_TYPE.SYMBOL, lib: 'Generic', title: sym.title, value: '', package: '', keywords: 'generic box', description: sym.description,
      datasheet: '', manufacturerPart: '', designator: fp.designator, doc: sym,
    };
  }
  const uuid = uuidOf(`${KICAD_KEY}/fpdevice/${fp.lib}/${fp.title}`);
  const attrs = { Symbol: sym.uuid, Footprint: fp.uuid, Designator: `${fp.designator}?`, Name: fp.title, 'KiCad Footprint': `${fp.lib}:${fp.title}` };
  const device: LibraryItem = {
    uuid, type: LIB_TYPE.DEVICE, lib: fp.lib, title: fp.title, value: fp.title, package: fp.title, keywords: fp.keywords, description: fp.description,
    datasheet: '', manufacturerPart: '', designator: fp.designator, symbol: sym.uuid, footprint: fp.uuid,
    pins: Object.fromEntries(fp.pads.map((p) => [p, p])), doc: deviceDoc(uuid, fp.title, attrs, fp.description),
  };
  return { device, symbol: fresh };
}

void DocType;
