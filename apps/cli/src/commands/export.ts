/**
 * `copperplate export gerber|drill|bom|pnp|netlist|fab FILE.epro --doc PCB OUTDIR`: fabrication
 * outputs of one PCB (packages/convert). FILE may be KiCad input (.kicad_pcb, .kicad_pro), imported on the way. Writes the files into OUTDIR, prints one line per file and
 * every problem met (exit 0 when there is none, 3 when the files are written but incomplete).
 * `export panel FILE.epro --doc PANEL OUTDIR [--png] [--pdf]`: a front panel's cutter SVG and DXF, its
 * picture in colour and its dimensioned drawing (SVG; PNG / PDF too, drawn by Chromium).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEpro } from '@copperplate/format';
import { FAB_KINDS, type FabKind, fabInputFromEpro, fabOutputs, substituteFonts } from '@copperplate/convert';
import type { Command } from '../commands.ts';
import { readInput, writeOutput } from './files.ts';
import { exportPanel } from './export-panel.ts';
import { isKicadInput, kicadArchive } from './kicad.ts';

export const exportCmd: Command = {
  name: 'export',
  usage: 'export gerber|drill|bom|pnp|netlist|fab FILE.epro|BOARD.kicad_pcb [--doc PCB] OUTDIR [--layers 1,2,11] [--xlsx] [--drill-table | --no-drill-table] [--date YYYY-MM-DD] [--refill | --allow-stale] [--no-macros] | export panel FILE.epro [--doc PANEL] OUTDIR [--png] [--pdf]',
  summary: 'fabrication outputs of a PCB: Gerber X2, Excellon drill, BOM, pick-and-place, IPC-D-356A netlist, or the fabrication zip; a front panel: SVG and DXF for the cutter, a picture',
  async run(args: string[]): Promise<number> {
    if (args[0] === 'panel') return exportPanel(args.slice(1), this.usage);
    let doc: string | undefined;
    let layers: number[] | undefined;
    let xlsx = false;
    let refill = false, allowStale = false;
    let drillTable: boolean | undefined; // default: as the EasyEDA Pro version that saved the board
    let now = new Date();
    let macros: boolean | undefined;
    const pos: string[] = [];
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '--doc') doc = args[++i];
      else if (args[i] === '--layers') layers = (args[++i] ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
      else if (args[i] === '--xlsx') xlsx = true;
      else if (args[i] === '--drill-table' || args[i] === '--no-drill-table') drillTable = args[i] === '--drill-table';
      else if (args[i] === '--refill') refill = true; // refill pours whose stored fill is stale first
      else if (args[i] === '--allow-stale') allowStale = true; // write stale fills as they are
      else if (args[i] === '--date') now = new Date(`${args[++i]}T00:00:00Z`);
      else if (args[i] === '--no-macros') macros = false; // rounded and turned pads as regions (readers without aperture macros)
      else pos.push(args[i]);
    }
    const [kind, file, outDir] = pos;
    if (!FAB_KINDS.includes(kind as FabKind) || !file || !outDir || Number.isNaN(now.getTime())) {
      console.error(`usage: copperplate ${this.usage}`);
      return 2;
    }
    // a KiCad board or project is imported on the way (as `convert` does), nothing written but the outputs
    const archive = isKicadInput(file) ? kicadArchive(file).archive : readEpro(readInput(file), { name: file });
    // Named fonts without stored outlines (V3 boards' Verdana) are set in Debian's substitutes when installed (scripts/ensure.mjs --fonts).
    const fonts = substituteFonts((p) => (existsSync(p) ? new Uint8Array(readFileSync(p)) : undefined));
    const input = fabInputFromEpro(archive, doc, { refill, fonts });
    const res = fabOutputs(input, kind as FabKind, { now, layers, xlsx, allowStale, drillTable, macros });
    mkdirSync(outDir, { recursive: true });
    for (const f of res.files) {
      writeOutput(join(outDir, f.name), f.data);
      console.log(`${f.name} (${typeof f.data === 'string' ? f.data.length : f.data.byteLength} bytes)`);
    }
    for (const p of res.problems) console.error(`problem: ${p}`);
    return res.problems.length ? 3 : 0;
  },
};
