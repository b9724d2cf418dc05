/** The work of a fabrication-output job (issue 12), run inside the worker thread (fab-worker.mjs). */
import { existsSync, readFileSync } from 'node:fs';
import { type FabKind, fabInputFromEpro, fabOutputs, substituteFonts } from '@copperplate/convert';
import { zipSync, strToU8 } from 'fflate';
import gerberToSvg from 'gerber-to-svg';
import { archiveOfRows, type ProjectRows } from './files-job.ts';
import { loadKicadFont } from '../kicad-font.ts';

export interface FabJob {
  /** The project as stored: inflated and parsed here, in the worker (never on the event loop). */
  rows: ProjectRows;
  /** PCB name or uuid (undefined: the first PCB). */
  pcb?: string;
  kind: FabKind | 'preview';
  /** Export moment, ms since the epoch. */
  now: number;
  layers?: number[];
  xlsx?: boolean;
  /** Refill the pours whose stored fill is stale before writing (else copper outputs are refused: FAB_STALE_FILLS). */
  refill?: boolean;
}

/** Named fonts without stored outlines (V3 boards' Verdana) set in Debian's substitutes when installed (scripts/ensure.mjs). */
const fonts = substituteFonts((p) => (existsSync(p) ? new Uint8Array(readFileSync(p)) : undefined));
/** Text imported from KiCad in KiCad's stroke font, when ensure --kicad cached it (kicad-font.ts). */
loadKicadFont();

export interface FabJobResult {
  /** The answer's file name and bytes: the Gerber zip for 'fab'; the one file of bom/pnp/netlist; else a zip of the files. */
  name: string;
  bytes: Uint8Array;
  problems: string[];
  board: string;
}

export interface FabPreview {
  board: string;
  problems: string[];
  /** Each Gerber drawn back by gerber-to-svg (tracespace), an independent reader: not our painter. */
  layers: Array<{ name: string; svg: string }>;
}

/** The Gerbers of a board (chosen layers), each drawn back to SVG by gerber-to-svg. */
export async function runFabPreview(job: FabJob): Promise<FabPreview> {
  const input = fabInputFromEpro(archiveOfRows(job.rows), job.pcb, { refill: job.refill, fonts });
  const res = fabOutputs(input, 'gerber', { now: new Date(job.now), layers: job.layers });
  const layers: FabPreview['layers'] = [];
  for (const f of res.files) {
    const svg = await new Promise<string>((resolve, reject) => gerberToSvg(f.data as string, { id: f.name.replace(/\W+/g, '_') }, (e: Error | null, s: string) => (e ? reject(e) : resolve(s))));
    layers.push({ name: f.name, svg });
  }
  return { board: input.name, problems: res.problems, layers };
}

export function runFabJob(job: FabJob & { kind: FabKind }): FabJobResult {
  const input = fabInputFromEpro(archiveOfRows(job.rows), job.pcb, { refill: job.refill, fonts });
  const res = fabOutputs(input, job.kind, { now: new Date(job.now), layers: job.layers, xlsx: job.xlsx });
  const bytes = (d: string | Uint8Array) => (typeof d === 'string' ? strToU8(d) : d);
  if (job.kind === 'fab' || res.files.length === 1) return { name: res.files[0].name, bytes: bytes(res.files[0].data), problems: res.problems, board: input.name };
  const entries: Record<string, Uint8Array> = {};
  for (const f of res.files) entries[f.name] = bytes(f.data);
  if (res.problems.length) entries['PROBLEMS.txt'] = strToU8(`This set is incomplete:\n${res.problems.map((p) => `- ${p}`).join('\n')}\n`);
  const date = new Date(job.now).toISOString().slice(0, 10);
  return { name: `${job.kind === 'gerber' ? 'Gerber' : 'Drill'}_${input.name.replace(/[\\/:*?"<>|]+/g, '_')}_${date}.zip`, bytes: zipSync(entries, { level: 6 }), problems: res.problems, board: input.name };
}
