/**
 * `copperplate simulate FILE.epro --doc SHEET` and `copperplate simulate NETLIST.cir`: SPICE
 * simulation with ngspice in batch mode (the engine the server uses), results as CSV on stdout:
 * the sweep column (time, frequency or the DC sweep; none for .op), then v(node) and i(source)
 * (AC: magnitudes, then phases in degrees as ph(...)). Several analyses: one CSV block each,
 * separated by a blank line. For a schematic, the netlist is written from the sheet's schematic and the
 * child sheets of its blocks in other schematics (@copperplate/schematic, as the server does), with the
 * project's model files (blobs) and `--model` files; `--netlist` prints it instead.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import { readEpro } from '@copperplate/format';
import { missingIncludeErrors, projectCircuit } from '@copperplate/schematic';
import { plotToCsv, writeNetlist, type Analysis, type ModelFile, type NetlistResult } from '@copperplate/spice';
import { runNgspice } from '@copperplate/server/spice/ngspice';
import type { Command } from '../commands.ts';
import { readInput, writeOutput } from './files.ts';

/** Reads analysis options (--op, --tran STEP STOP [START [MAXSTEP]], --ac dec|oct|lin N F1 F2, --dc SRC START STOP STEP). */
export function parseAnalysis(args: string[], i: number): { analysis: Analysis; next: number } | undefined {
  const a = args[i];
  const at = (k: number) => args[i + k];
  if (a === '--op') return { analysis: { kind: 'op' }, next: i };
  if (a === '--tran') return { analysis: { kind: 'tran', step: at(1), stop: at(2) }, next: i + 2 };
  if (a === '--ac') return { analysis: { kind: 'ac', sweep: at(1) as 'dec', points: Number(at(2)), fstart: at(3), fstop: at(4) }, next: i + 4 };
  if (a === '--dc') return { analysis: { kind: 'dc', source: at(1), start: at(2), stop: at(3), step: at(4) }, next: i + 4 };
  return undefined;
}

/**
 * The netlist of a sheet in an archive: its schematic's sheets and the child sheets of its blocks in
 * other schematics, the project's model files and `opts.models` (@copperplate/schematic projectCircuit,
 * the server's code). Errors of the circuit are returned (the caller throws the first; all on stderr).
 */
export function netlistOfSheet(bytes: Uint8Array, file: string, docName: string, opts: { analysis?: Analysis; models?: ModelFile[] } = {}): NetlistResult {
  const { circuit, missingIncludes, warnings } = projectCircuit(readEpro(bytes, { name: file }), docName, { models: opts.models });
  const result = writeNetlist(circuit, { analysis: opts.analysis });
  result.errors.unshift(...missingIncludeErrors(missingIncludes));
  result.warnings.unshift(...warnings);
  return result;
}

export const simulate: Command = {
  name: 'simulate',
  usage: 'simulate FILE.epro --doc SHEET | NETLIST.cir [--tran STEP STOP|--ac dec N F1 F2|--dc SRC A B STEP|--op] [--model FILE.lib] [--netlist] [--out FILE.csv]',
  summary: 'SPICE simulation with ngspice: CSV of time/frequency/sweep, v(node), i(source)',
  async run(args: string[]): Promise<number> {
    let docName: string | undefined;
    let analysis: Analysis | undefined;
    let out: string | undefined;
    let printNetlist = false;
    let timeoutMs: number | undefined;
    const models: ModelFile[] = [];
    const pos: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const an = parseAnalysis(args, i);
      if (an) { analysis = an.analysis; i = an.next; continue; }
      if (args[i] === '--doc') docName = args[++i];
      else if (args[i] === '--out') out = args[++i];
      else if (args[i] === '--netlist') printNetlist = true;
      else if (args[i] === '--timeout') timeoutMs = Number(args[++i]) * 1000;
      else if (args[i] === '--model') { const p = args[++i]; models.push({ name: basename(p), text: new TextDecoder().decode(readInput(p)) }); }
      else pos.push(args[i]);
    }
    const [file] = pos;
    if (!file) { console.error(`usage: copperplate ${this.usage}`); return 2; }
    const ext = extname(file).toLowerCase();
    let netlist: string;
    let maps: Pick<NetlistResult, 'partOf' | 'netOf'> = { partOf: {}, netOf: {} };
    let cwd: string | undefined;
    if (ext === '.epro' || ext === '.zip') {
      if (!docName) { console.error(`usage: copperplate ${this.usage}`); return 2; }
      const r = netlistOfSheet(readInput(file), file, docName, { analysis, models });
      if (r.errors.length) {
        for (const e of r.errors.slice(1)) console.error(e.message);
        throw r.errors[0];
      }
      for (const w of r.warnings) console.error(`warning: ${w}`);
      netlist = r.text;
      maps = r;
    } else {
      netlist = readFileSync(resolve(file), 'utf8');
      cwd = dirname(resolve(file));
      if (analysis) console.error('note: analysis options apply to schematics; the netlist runs as written');
    }
    if (printNetlist) {
      if (out) writeOutput(out, netlist); else process.stdout.write(netlist);
      return 0;
    }
    const run = await runNgspice(netlist, { ...maps, cwd, timeoutMs });
    const csv = run.plots.map(plotToCsv).join('\n');
    if (out) writeOutput(out, csv); else process.stdout.write(csv);
    return 0;
  },
};
