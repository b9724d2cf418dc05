/**
 * KiCad input of `copperplate convert` (issue 15): a .kicad_pro (its folder: boards, sheets and
 * libraries), a .kicad_pcb, .kicad_sch, .kicad_sym, .kicad_mod, or a .zip of a project folder.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import { kicadToProject, type KicadFile } from '@copperplate/convert';
import { type EproArchive, projectDataToEpro, writeEpro } from '@copperplate/format';
import { readInput, writeOutput } from './files.ts';

export const KICAD_EXTENSIONS = ['.kicad_pro', '.kicad_pcb', '.kicad_sch', '.kicad_sym', '.kicad_mod'];

export function isKicadInput(path: string): boolean {
  return KICAD_EXTENSIONS.includes(extname(path).toLowerCase());
}

/** Every KiCad file under `dir` (sub-folders such as libs/ and *.pretty included), names relative to `dir`. */
export function kicadFolderFiles(dir: string, depth = 0): KicadFile[] {
  const out: KicadFile[] = [];
  const walk = (d: string, level: number) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      const st = statSync(p);
      if (st.isDirectory()) { if (level < 3 && !n.startsWith('.')) walk(p, level + 1); }
      else if (/\.kicad_(pro|pcb|sch|sym|mod)$/i.test(n)) out.push({ name: relative(dir, p), data: readInput(p) });
    }
  };
  walk(dir, depth);
  return out;
}

/** KiCad input imported in memory: the project as an archive, and the report text (what was not carried). */
export function kicadArchive(input: string): { archive: EproArchive; info: string } {
  const ext = extname(input).toLowerCase();
  let files: KicadFile[];
  let only: string | undefined;
  if (ext === '.kicad_pro') {
    files = kicadFolderFiles(dirname(input));
    only = basename(input, extname(input));
  } else if (ext === '.kicad_pcb' || ext === '.kicad_sch') {
    // The board or sheet alone; for a root sheet, its child sheets beside it.
    files = ext === '.kicad_sch' ? kicadFolderFiles(dirname(input)).filter((f) => f.name.endsWith('.kicad_sch')) : [{ name: basename(input), data: readInput(input) }];
    only = basename(input, extname(input));
  } else {
    files = [{ name: basename(input), data: readInput(input) }];
  }
  const { data, report } = kicadToProject(files, { only });
  const counts = `${data.schematics.length} schematic(s), ${data.sheets.length} sheet(s), ${data.pcbs.length} PCB(s), ${data.symbols.length} symbol(s), ${data.footprints.length} footprint(s), ${data.devices.length} device(s)`;
  return { archive: projectDataToEpro(data), info: `Imported ${basename(input)}: ${counts}\n${report.text()}` };
}

/** Convert KiCad input to an .epro at `output`; returns the report text (what was not carried). */
export function convertKicad(input: string, output: string): string {
  const { archive, info } = kicadArchive(input);
  writeOutput(output, writeEpro(archive));
  return info;
}
