/**
 * `copperplate render FILE.epro --doc NAME OUT.svg`: draw one document of a project with the editor's
 * painters. NAME is a sheet name ("P1"), a schematic name (its first sheet), "schematic/sheet", or a
 * symbol title. Unknown names: "document NAME not exists" (1000010), exit 1.
 */
import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { readEpro } from '@copperplate/format';
import { CatalogueError } from '@copperplate/model';
import { contextFromArchive, listSheets, openDocument, renderSchematicSvg, renderSymbolSvg, textOf, type ArchiveLike, type PaintWarning } from '@copperplate/editor';
import { renderPcbSvg } from '@copperplate/editor';
import { findPcbDoc } from '@copperplate/editor';
import type { Command } from '../commands.ts';
import { readInput, writeOutput } from './files.ts';

export interface FoundDoc { kind: 'sheet' | 'symbol' | 'pcb' | 'footprint'; path: string; title: string }

/** Find a document by name: sheets first, then symbols (by title); PCBs and footprints by title. */
export function findDocument(a: ArchiveLike, name: string): FoundDoc | undefined {
  const sheets = listSheets(a);
  const pj = a.projectJson as Record<string, Record<string, unknown> | undefined>;
  // A board's PCB often shares its schematic's name: an exact sheet name wins, then the PCB, then the schematic.
  const pcbByName = Object.entries(pj.pcbs ?? {}).find(([uuid, v]) => v === name || uuid === name);
  const bySheet = sheets.find((s) => s.sheetName === name || `${s.schematicName}/${s.sheetName}` === name) ?? (pcbByName ? undefined : sheets.find((s) => s.schematicName === name));
  if (bySheet) return { kind: 'sheet', path: bySheet.path, title: `${bySheet.schematicName}/${bySheet.sheetName}` };
  for (const [uuid, v] of Object.entries(pj.symbols ?? {})) {
    if ((v as { title?: string }).title === name || uuid === name) return { kind: 'symbol', path: `SYMBOL/${uuid}.esym`, title: name };
  }
  for (const [uuid, v] of Object.entries(pj.pcbs ?? {})) {
    if (v === name || uuid === name) return { kind: 'pcb', path: `PCB/${uuid}.epcb`, title: name };
  }
  for (const [uuid, v] of Object.entries(pj.footprints ?? {})) {
    if ((v as { title?: string }).title === name || uuid === name) return { kind: 'footprint', path: `FOOTPRINT/${uuid}.efoo`, title: name };
  }
  return undefined;
}

/** SVG text of a schematic sheet or symbol found in the archive; records that could not be drawn go to `onWarning`. */
export function renderSchematicDocument(a: ArchiveLike, found: FoundDoc, onWarning?: (w: PaintWarning) => void): string {
  const text = textOf(a.entries.get(found.path));
  if (text === undefined) throw CatalogueError.named('FILE_MISSING');
  const doc = openDocument(text);
  const ctx = contextFromArchive(a);
  return found.kind === 'sheet' ? renderSchematicSvg(doc, { ctx, onWarning }) : renderSymbolSvg(doc, { blobs: ctx.blobs });
}

export const render: Command = {
  name: 'render',
  usage: 'render FILE.epro --doc NAME OUT.svg|OUT.png [--side bottom] [--layers 1,3,11]',
  summary: 'draw a sheet, symbol, PCB or footprint (by name) as SVG (or PNG through Chromium)',
  async run(args: string[]): Promise<number> {
    let docName: string | undefined;
    let side: 'top' | 'bottom' = 'top';
    let layers: number[] | undefined;
    const pos: string[] = [];
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '--doc') docName = args[++i];
      else if (args[i] === '--side') side = args[++i] === 'bottom' ? 'bottom' : 'top';
      else if (args[i] === '--layers') layers = (args[++i] ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
      else pos.push(args[i]);
    }
    const [file, out] = pos;
    if (!file || !out || !docName) {
      console.error(`usage: copperplate ${this.usage}`);
      return 2;
    }
    const ext = extname(out).toLowerCase();
    if (ext !== '.svg' && ext !== '.png') throw CatalogueError.named('FORMAT_NOT_SUPPORTED');
    const archive = readEpro(readInput(file), { name: file });
    const found = findDocument(archive, docName);
    if (!found) throw CatalogueError.fromCode(1000010, { documentName: docName });
    let svg: string;
    if (found.kind === 'sheet' || found.kind === 'symbol') {
      svg = renderSchematicDocument(archive, found, (w) => console.error(`warning: ${w.type} ${w.id}: ${w.message}`));
    }
    else {
      // PCB and footprint: the PCB painters (packages/editor/src/pcb).
      const ref = findPcbDoc(archive, found.path.replace(/^[A-Z]+\/|\.e(pcb|foo)$/g, ''));
      svg = renderPcbSvg(ref.text, { side, layers, project: ref.project, pcbUuid: ref.uuid });
    }
    writeOutput(out, ext === '.png' ? await rasterize(svg) : svg);
    console.log(`${found.kind} ${found.title} -> ${out}`);
    return 0;
  },
};

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** PNG of an SVG, drawn by headless Chromium (longest side 2400 px). No Chromium: 'Format is not supported!'. */
export async function rasterize(svg: string, longest = 2400): Promise<Uint8Array> {
  if (!existsSync(CHROMIUM)) throw CatalogueError.named('FORMAT_NOT_SUPPORTED');
  const m = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(svg);
  const w = m ? Number(m[1]) : 1000, h = m ? Number(m[2]) : 1000;
  const k = longest / Math.max(w, h, 1);
  const width = Math.max(1, Math.round(w * k)), height = Math.max(1, Math.round(h * k));
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  try {
    const page = await browser.newPage({ viewport: { width, height } });
    const sized = svg.replace(/ width="[\d.]+" height="[\d.]+"/, ` width="${width}" height="${height}"`);
    await page.setContent(`<!doctype html><html><body style="margin:0">${sized}</body></html>`);
    return new Uint8Array(await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } }));
  } finally {
    await browser.close();
  }
}
