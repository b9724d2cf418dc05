/**
 * `copperplate convert IN OUT`: read IN, write OUT, formats by extension. From this issue: .epro to
 * .epro (through the import pipeline and back, DEFLATE 9), and a single document to the same kind of
 * document. A partly bad project is not written: its failure report goes to stderr, exit 1.
 */
import { basename, extname } from 'node:path';
import { CatalogueError } from '@copperplate/model';
import {
  checkProjectPath,
  eproToProjectData,
  exportFileName,
  formatFailureReport,
  parseDocuments,
  projectDataToEpro,
  readEpro,
  serializeDocuments,
  writeEpro,
} from '@copperplate/format';
import type { Command } from '../commands.ts';
import { fileKind, readInput, writeOutput } from './files.ts';

export function convertFile(input: string, output: string): { report?: string } {
  checkProjectPath(output);
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
  const r = eproToProjectData(readEpro(readInput(input), { name: basename(input) }));
  if (!r.ok) return { report: formatFailureReport(r.failures) };
  writeOutput(output, writeEpro(projectDataToEpro(r.data)));
  return {};
}

export const convert: Command = {
  name: 'convert',
  usage: 'convert IN OUT',
  summary: 'read IN and write OUT, formats by extension (.epro to .epro; a document to its kind)',
  async run(args) {
    if (args.length !== 2) {
      console.error('usage: copperplate convert IN OUT');
      return 2;
    }
    const { report } = convertFile(args[0], args[1]);
    if (report) {
      console.error(report);
      return 1;
    }
    return 0;
  },
};
