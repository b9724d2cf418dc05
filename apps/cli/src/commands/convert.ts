/**
 * `copperplate convert IN OUT`: read IN, write OUT, formats by extension. From this issue: .epro to
 * .epro (through the import pipeline and back, DEFLATE 9), and a single document to the same kind of
 * document. A partly bad project is not written: its failure report goes to stderr, exit 1.
 * KiCad input (issue 15) becomes an .epro; what could not be carried is listed on stderr (exit 0).
 * Warnings (kept items that are not whole, e.g. system-library parts) go to stderr too; the output is written, exit 0.
 */
import { parseArgs } from 'node:util';
import { basename, extname } from 'node:path';
import { CatalogueError } from '@copperplate/model';
import {
  checkProjectPath,
  eproToProjectData,
  exportFileName,
  formatConversionReport,
  formatFailureReport,
  formatWarningReport,
  parseDocuments,
  projectDataToEpro,
  readEpro,
  serializeDocuments,
  writeEpro,
} from '@copperplate/format';
import type { Command } from '../commands.ts';
import { fileKind, readInput, writeOutput } from './files.ts';
import { convertKicad, isKicadInput } from './kicad.ts';
import { listZip } from '@copperplate/format';

/** A zip of a KiCad project folder (no project.json, some .kicad_* file). */
function isKicadZip(path: string): boolean {
  try {
    const names = listZip(readInput(path)).map((e) => e.name);
    return !names.some((n) => /(^|\/)project2?\.json$/.test(n)) && names.some((n) => /\.kicad_(pro|pcb|sch|sym|mod)$/i.test(n));
  } catch {
    return false;
  }
}

/** `password`: of an encrypted IN (IMP-10); `encrypt`: OUT is written encrypted with it. */
export function convertFile(input: string, output: string, opts: { password?: string; encrypt?: string } = {}): { report?: string; info?: string; warnings?: string } {
  checkProjectPath(output);
  if (isKicadInput(input) || (extname(input).toLowerCase() === '.zip' && isKicadZip(input))) {
    const outExt0 = extname(output).toLowerCase();
    if (outExt0 !== '.epro' && outExt0 !== '.zip') throw CatalogueError.named('FORMAT_NOT_SUPPORTED');
    return { info: convertKicad(input, output) };
  }
  const inKind = fileKind(input);
  const outExt = extname(output).toLowerCase();
  // EXP-2: only known extensions; the output must be the kind of the input (here: same extension).
  exportFileName(basename(output), outExt || '.none');
  if (inKind === 'document') {
    if (outExt !== extname(input).toLowerCase()) throw CatalogueError.named('FORMAT_NOT_SUPPORTED');
    const text = new TextDecoder().decode(readInput(input));
    writeOutput(output, serializeDocuments(parseDocuments(text)));
    return {};
  }
  if (outExt !== '.epro' && outExt !== '.zip') throw CatalogueError.named('FORMAT_NOT_SUPPORTED');
  const r = eproToProjectData(readEpro(readInput(input), { name: basename(input), password: opts.password }));
  if (!r.ok) return { report: formatFailureReport(r.failures) };
  writeOutput(output, writeEpro(projectDataToEpro(r.data), opts.encrypt));
  // An EasyEDA Pro V3 archive (.epro2) was converted: say what was not carried (not a failure).
  const warnings = formatWarningReport(r.warnings);
  return { ...(r.conversion ? { info: formatConversionReport(r.conversion) } : {}), ...(warnings ? { warnings } : {}) };
}

export const convert: Command = {
  name: 'convert',
  usage: 'convert IN OUT [--password P] [--encrypt P]',
  summary: 'read IN and write OUT, formats by extension (.epro or .epro2 to .epro; a document to its kind; KiCad .kicad_pro/.kicad_pcb/.kicad_sch/.kicad_sym/.kicad_mod or a zip of a KiCad project to .epro, with a report of what was not carried)',
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { password: { type: 'string' }, encrypt: { type: 'string' } } });
    if (positionals.length !== 2) {
      console.error('usage: copperplate convert IN OUT [--password P] [--encrypt P]');
      return 2;
    }
    const { report, info, warnings } = convertFile(positionals[0], positionals[1], { password: values.password, encrypt: values.encrypt });
    if (info) console.error(info);
    if (warnings) console.error(warnings);
    if (report) {
      console.error(report);
      return 1;
    }
    return 0;
  },
};
