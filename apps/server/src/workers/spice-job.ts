/**
 * SPICE runs in a worker thread (issue 18): the circuit of a stored project's sheet
 * (@copperplate/schematic projectCircuit: its schematic, the child sheets of its blocks in other
 * schematics, the project's model files), the netlist (@copperplate/spice), ngspice in a child process
 * with its limits (spice/ngspice.ts) and the raw results parsed here and written as the JSON answer
 * (bytes handed over, not copied), so neither the project's documents nor up to 256 MB of results are
 * read or serialised on the server's event loop.
 */
import { CatalogueError, CODES } from '@copperplate/model';
import { listSheets, missingIncludeErrors, projectCircuit } from '@copperplate/schematic';
import { writeNetlist, type Analysis, type Circuit, type NetlistResult, type Plot } from '@copperplate/spice';
import { runNgspice } from '../spice/ngspice.ts';
import { archiveOfRows, type ProjectRows } from './files-job.ts';

export interface SpiceJob {
  /** A stored project and the sheet to simulate (name, `schematic/sheet`, uuid; default the first sheet). */
  rows?: ProjectRows;
  sheet?: string;
  /** Or a circuit (the netlist call's JSON), or a netlist text already checked by the caller. */
  circuit?: Circuit;
  netlist?: string;
  analysis?: Analysis;
  /** Write the netlist only, no run. */
  netlistOnly?: boolean;
}

export interface PlotJson { title: string; plotname: string; complex: boolean; points: number; vectors: Array<{ name: string; type: string; re: number[]; im?: number[] }> }

export interface SpiceJobResult {
  netlist: string;
  netOf: Record<string, string>;
  partOf: Record<string, string>;
  nodeOf: Record<string, string>;
  warnings: string[];
  /** The sheet simulated and the sheets taken (project runs). */
  title?: string;
  sheets?: string[];
  plots?: PlotJson[];
  ms?: number;
}

/** A run's answer: the JSON text of `{code: 0, result: SpiceJobResult}` as UTF-8 bytes, and figures for the log. */
export interface SpiceRunAnswer { bytes: Uint8Array; ms: number; points: number }

/** Plots as JSON: numbers in full (float64 survives JSON). */
export function plotsJson(plots: Plot[]): PlotJson[] {
  return plots.map((p) => ({
    title: p.title, plotname: p.plotname, complex: p.complex, points: p.points,
    vectors: p.vectors.map((v) => ({ name: v.name, type: v.type, re: Array.from(v.re), ...(v.im ? { im: Array.from(v.im) } : {}) })),
  }));
}

/** The netlist's problems as one SPICE_ERROR naming every part or net. */
function failWith(errors: CatalogueError[]): never {
  throw new CatalogueError(CODES.SPICE_ERROR, errors.map((e) => e.message).join('\n'));
}

export function netlistOfCircuit(circuit: Circuit, analysis?: Analysis, before: CatalogueError[] = []): NetlistResult {
  const r = writeNetlist(circuit, { analysis });
  const errors = [...before, ...r.errors];
  if (errors.length) failWith(errors);
  return r;
}

export async function runSpiceJob(job: SpiceJob): Promise<SpiceJobResult | SpiceRunAnswer> {
  let out: SpiceJobResult;
  if (job.rows) {
    const archive = archiveOfRows(job.rows);
    const first = listSheets(archive)[0];
    const sheet = job.sheet ?? (first && `${first.schematicName}/${first.sheetName}`);
    if (!sheet) throw CatalogueError.fromCode(1000010, { documentName: 'sheet' });
    const pc = projectCircuit(archive, sheet);
    const r = netlistOfCircuit(pc.circuit, job.analysis, missingIncludeErrors(pc.missingIncludes));
    out = { netlist: r.text, netOf: r.netOf, partOf: r.partOf, nodeOf: r.nodeOf, warnings: [...pc.warnings, ...r.warnings], title: pc.title, sheets: pc.sheets };
  } else if (job.circuit) {
    const r = netlistOfCircuit(job.circuit, job.analysis);
    out = { netlist: r.text, netOf: r.netOf, partOf: r.partOf, nodeOf: r.nodeOf, warnings: r.warnings };
  } else out = { netlist: job.netlist ?? '', netOf: {}, partOf: {}, nodeOf: {}, warnings: [] };
  if (job.netlistOnly) return out;
  const run = await runNgspice(out.netlist, out);
  const answer = { code: 0, result: { ...out, plots: plotsJson(run.plots), ms: run.ms } };
  return { bytes: new TextEncoder().encode(JSON.stringify(answer)), ms: run.ms, points: run.plots[0]?.points ?? 0 };
}

