/**
 * `copperplate export panel FILE.epro [--doc PANEL] OUTDIR [--png] [--pdf]` (packages/convert/src/panel):
 * the cutter's SVG and DXF, the picture and the dimensioned drawing (SVG); --png the picture as PNG,
 * --pdf the drawing as PDF (both drawn by headless Chromium).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { CatalogueError } from '@copperplate/model';
import { join } from 'node:path';
import { readEpro } from '@copperplate/format';
import { panelFiles, panelFromEpro } from '@copperplate/convert/panel/index';
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
    const d = files.find((f) => f.kind === 'drawing-svg')!;
    out.push({ name: d.name.replace(/\.svg$/, '.pdf'), data: await printPdf(d.data) });
  }
  for (const f of out) {
    writeOutput(join(outDir, f.name), f.data);
    console.log(`${f.name} (${typeof f.data === 'string' ? f.data.length : f.data.byteLength} bytes)`);
  }
  return 0;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A PDF of an SVG drawing (A4 landscape, the drawing fitted), printed by headless Chromium. */
async function printPdf(svg: string): Promise<Uint8Array> {
  if (!existsSync(CHROMIUM)) throw CatalogueError.named('FORMAT_NOT_SUPPORTED');
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  try {
    const page = await browser.newPage();
    const fitted = svg.replace(/ width="[\d.]+mm" height="[\d.]+mm"/, ' width="100%" height="100%"');
    await page.setContent(`<!doctype html><html><head><style>@page{size:A4 landscape;margin:10mm}html,body{margin:0;height:100%}svg{display:block;width:277mm;height:190mm}</style></head><body>${fitted}</body></html>`);
    return new Uint8Array(await page.pdf({ format: 'A4', landscape: true, printBackground: true }));
  } finally {
    await browser.close();
  }
}
