/**
 * The fabrication outputs of one board, by kind, and the fabrication zip named as EasyEDA Pro names
 * it (Gerber_<board>_<YYYY-MM-DD>.zip holding Gerber_TopLayer.GTL, Drill_PTH_Through.DRL, ...).
 * Pure: the caller reads the project and writes the files. Problems (no outline, unknown pad shapes,
 * missing footprints) never stop the export: every file that can be written is, and the list of
 * problems goes with them (and into the zip as PROBLEMS.txt, so a partial set never looks whole).
 */
import { zipSync, strToU8 } from 'fflate';
import { CatalogueError } from '@copperplate/model';
import { type FabBoard, type FabInput, fabBoard } from './board.ts';
import { gerberFiles } from '../gerber/layers.ts';
import { drillFiles } from '../excellon/writer.ts';
import { bomCsv, bomLines, bomXlsx } from '../bom/bom.ts';
import { pnpCsv } from '../pnp/pnp.ts';
import { ipc356 } from '../netlist/ipc356.ts';

export type FabKind = 'gerber' | 'drill' | 'bom' | 'pnp' | 'netlist' | 'fab';
export const FAB_KINDS: readonly FabKind[] = ['gerber', 'drill', 'bom', 'pnp', 'netlist', 'fab'];

export interface FabFile {
  name: string;
  data: string | Uint8Array;
}

export interface FabOptions {
  /** The export moment; dates in names and headers come from it (deterministic outputs). */
  now: Date;
  /** Gerber layers to write (FORMAT.md ids); default every used layer. */
  layers?: readonly number[];
  /** Drill table beside the board on the drill drawing (default: as the EasyEDA Pro version that saved the board; gerber/layers.ts). */
  drillTable?: boolean;
  /** BOM as XLSX instead of CSV. */
  xlsx?: boolean;
  /** false: Gerbers without aperture macros (their shapes as regions). */
  macros?: boolean;
  /** Write copper from stale stored fills anyway (default: refuse with FAB_STALE_FILLS). */
  allowStale?: boolean;
  /** Progress callback: fraction 0..1 and what is being written. */
  progress?: (fraction: number, step: string) => void;
}

export interface FabResult {
  files: FabFile[];
  problems: string[];
  board: FabBoard;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
export const isoDate = (d: Date): string => `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
const isoDateTime = (d: Date): string => `${isoDate(d)}T${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}Z`;

/** A board name as it may stand in a file name. */
export const safeName = (s: string): string => s.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'PCB';

/** EasyEDA's zip name: Gerber_<board>_<YYYY-MM-DD>.zip. */
export const fabZipName = (board: string, now: Date): string => `Gerber_${safeName(board)}_${isoDate(now)}.zip`;

/** The outputs of one kind (for 'fab': the zip holding Gerbers and drills, with BOM and pick-and-place beside it). */
export function fabOutputs(input: FabInput | FabBoard, kind: FabKind, opts: FabOptions): FabResult {
  const p = opts.progress ?? (() => {});
  const stale = 'pads' in input ? [] : input.staleFills ?? [];
  if (stale.length && !opts.allowStale && (kind === 'gerber' || kind === 'fab')) {
    throw CatalogueError.named('FAB_STALE_FILLS', { pours: stale.map((s) => s.name).join(', '), board: input.name });
  }
  p(0, 'reading the board');
  const board = 'pads' in input ? input : fabBoard(input);
  const problems = [...board.problems];
  const date = isoDateTime(opts.now);
  const files: FabFile[] = [];
  const gerbers = () => {
    p(0.1, 'Gerber');
    return gerberFiles(board, { date, layers: opts.layers, drillTable: opts.drillTable, macros: opts.macros }).map((g) => ({ name: g.name, data: g.text }));
  };
  const drills = () => {
    p(0.7, 'drill');
    return drillFiles(board, { date }).map((d) => ({ name: d.name, data: d.text }));
  };
  const bom = () => {
    p(0.85, 'BOM');
    const lines = bomLines(board);
    return { name: `BOM_${safeName(board.name)}_${isoDate(opts.now)}.${opts.xlsx ? 'xlsx' : 'csv'}`, data: opts.xlsx ? bomXlsx(lines) : bomCsv(lines) };
  };
  const pnp = () => ({ name: `PickAndPlace_${safeName(board.name)}_${isoDate(opts.now)}.csv`, data: pnpCsv(board) });
  const netlist = () => ({ name: `Netlist_${safeName(board.name)}_${isoDate(opts.now)}.ipc`, data: ipc356(board, { date }) });
  switch (kind) {
    case 'gerber': files.push(...gerbers()); break;
    case 'drill': files.push(...drills()); break;
    case 'bom': files.push(bom()); break;
    case 'pnp': files.push(pnp()); break;
    case 'netlist': files.push(netlist()); break;
    case 'fab': {
      const inner: FabFile[] = [...gerbers(), ...drills()];
      inner.push({ name: 'How-to-order-PCB.txt', data: 'How to Order PCB\n\nUpload this zip as it is to the board house: it holds Gerber X2 layers and Excellon drill files.\n' });
      if (problems.length) inner.push({ name: 'PROBLEMS.txt', data: `This fabrication set is incomplete:\n${problems.map((s) => `- ${s}`).join('\n')}\n` });
      p(0.9, 'zip');
      const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
      for (const f of inner) entries[f.name] = [typeof f.data === 'string' ? strToU8(f.data) : f.data, { mtime: opts.now }];
      files.push({ name: fabZipName(board.name, opts.now), data: zipSync(entries, { level: 6 }) });
      files.push(bom(), pnp());
      break;
    }
  }
  p(1, 'done');
  return { files, problems, board };
}
