/**
 * The library build: generated basic parts, then KiCad's symbol libraries (symbols and devices),
 * then KiCad's footprint libraries (footprints, and a device for each footprint no symbol names as
 * its default). Pure: files come through `LibrarySource` (the CLI reads /usr/share/kicad), items go
 * out in batches (one library at a time) so that a caller writes them and forgets them.
 */
import { Report, type ReportEntry } from '@copperplate/convert/kicad/index';
import type { SymbolData } from '@copperplate/format';
import { basicParts } from './generate.ts';
import { convertFootprint, convertSymbolLibrary, footprintDevice } from './kicad.ts';
import { LIB_TYPE, type LibraryItem } from './types.ts';

export interface SourceFile {
  /** File name: `Device.kicad_sym`, `R_0603_1608Metric.kicad_mod`. */
  name: string;
  read(): string;
}

export interface LibrarySource {
  symbolLibs: SourceFile[];
  /** One per .pretty folder: its library name (`Resistor_SMD`) and its .kicad_mod files. */
  footprintLibs: { name: string; files: SourceFile[] }[];
}

export interface BuildProgress {
  stage: 'basic' | 'symbols' | 'footprints';
  lib: string;
  /** Work done and total, in files (a symbol library counts as many as it has symbols / 20, at least 1). */
  done: number;
  total: number;
}

export interface BuildBatch { items: LibraryItem[]; progress: BuildProgress }

const stem = (n: string): string => n.replace(/\.[^.]+$/, '');

/** The items in batches with progress; `report` collects what was not carried (per library file). */
export function* buildLibrary(src: LibrarySource, report = new Report()): Generator<BuildBatch> {
  const exists = new Set<string>();
  for (const l of src.footprintLibs) for (const f of l.files) exists.add(`${l.name}:${stem(f.name)}`);
  const fpFiles = src.footprintLibs.reduce((n, l) => n + l.files.length, 0);
  const total = 1 + src.symbolLibs.length * 20 + fpFiles;
  let done = 1;
  yield { items: basicParts(report), progress: { stage: 'basic', lib: 'Basic', done, total } };
  const used = new Set<string>();
  for (const f of src.symbolLibs) {
    let items: LibraryItem[] = [];
    try {
      items = convertSymbolLibrary(f.read(), stem(f.name), (id) => exists.has(id), report);
    } catch (e) {
      report.add('Symbol', `library not read: ${e instanceof Error ? e.message : String(e)}`, f.name);
    }
    for (const it of items) if (it.footprint) used.add(it.footprint);
    done += 20;
    yield { items, progress: { stage: 'symbols', lib: stem(f.name), done, total } };
  }
  const boxes = new Map<string, SymbolData>();
  for (const l of src.footprintLibs) {
    const items: LibraryItem[] = [];
    for (const f of l.files) {
      try {
        const fp = convertFootprint(f.read(), l.name, f.name, report);
        items.push(fp);
        if (!used.has(fp.uuid)) {
          const { device, symbol } = footprintDevice(fp, boxes);
          if (symbol) items.push(symbol);
          items.push(device);
        }
      } catch (e) {
        report.add('Footprint', `not converted: ${e instanceof Error ? e.message : String(e)}`, `${l.name}:${f.name}`);
      }
    }
    done += l.files.length;
    yield { items, progress: { stage: 'footprints', lib: l.name, done, total } };
  }
}

export interface LibraryCounts { symbols: number; footprints: number; devices: number }

export function countItems(items: Iterable<LibraryItem>, into: LibraryCounts = { symbols: 0, footprints: 0, devices: 0 }): LibraryCounts {
  for (const it of items) {
    if (it.type === LIB_TYPE.SYMBOL) into.symbols++;
    else if (it.type === LIB_TYPE.FOOTPRINT) into.footprints++;
    else into.devices++;
  }
  return into;
}

export type { ReportEntry };
