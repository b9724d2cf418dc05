/**
 * `copperplate export panel FILE.epro [--doc PANEL] OUTDIR [--png] [--pdf]` (packages/convert/src/panel):
 * the cutter's SVG and DXF, the picture and the dimensioned drawing (SVG); --png the picture as PNG,
 * --pdf the drawing as PDF (our own PDF writer, packages/convert/src/panel/pdf.ts; --png is drawn by headless Chromium).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { CatalogueError } from '@copperplate/model';
import { join } from 'node:path';
import { readEpro } from '@copperplate/format';
import { panelDrawingPdf, panelFiles, panelFromEpro } from '@copperplate/convert/panel/index';
import { readInput, writeOutput } from './files.ts';
import { rasterize } from './render.ts';

export async function exportPanel(args: string[], usage: string): Promise<number> {
  let doc: string | undefined;
  let png = false;
  let pdf = false;
  const pos: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--doc') doc = args[++i];
    else if (args[i] === '--png') png = true;
    else if (args[i] === '--pdf') pdf = true;
    else pos.push(args[i]);
  }
  const [file, outDir] = pos;
  if (!file || !outDir) {
    console.error(`usage: copperplate ${usage}`);
    return 2;
  }
  const panel = panelFromEpro(readEpro(readInput(file), { name: file }), doc);
  const files = panelFiles(panel.name, panel.records);
  mkdirSync(outDir, { recursive: true });
  const out: { name: string; data: string | Uint8Array }[] = [...files];
  if (png) {
    const pic = files.find((f) => f.kind === 'picture-svg')!;
    out.push({ name: pic.name.replace(/\.svg$/, '.png'), data: await rasterize(pic.data.replace(/ width="[\d.]+mm" height="[\d.]+mm"/, ' width="1" height="1"')) });
  }
  if (pdf) {
    out.push(panelDrawingPdf(panel.name, panel.records));
  }
  for (const f of out) {
    writeOutput(join(outDir, f.name), f.data);
    console.log(`${f.name} (${typeof f.data === 'string' ? f.data.length : f.data.byteLength} bytes)`);
  }
  return 0;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
