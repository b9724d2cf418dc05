/**
 * `copperplate inspect FILE`: a JSON summary of an archive or a single document. Per kind the count;
 * per document its record counts by type. A bad file: exit 1 and one catalogue line on stderr.
 * A partly bad project: the summary (with `failures`) on stdout, the failure report on stderr, exit 1.
 * Warnings (kept items that are not whole: system-library parts, pours of an absent PCB): in the
 * summary (`warnings`) and on stderr, exit 0.
 */
import { basename } from 'node:path';
import { blobPath, fontPath, footprintPath, panelPath, pcbPath, pourPath, sheetPath, symbolPath, countRecordTypes, docTypeOfPath, eproToProjectData, failureCount, mainBlockIndex, formatFailureReport, formatWarningReport, parseDocuments, readEpro, type DocumentBlock } from '@copperplate/format';
import type { Command } from '../commands.ts';
import { fileKind, readInput } from './files.ts';

export const KINDS = ['schematic', 'sheet', 'symbol', 'footprint', 'device', 'pcb', 'panel', 'pour', 'font', 'blob'] as const;

export interface DocumentSummary {
  path?: string;
  kind?: string;
  id?: string;
  blocks: { docType: string; version: string; records: Record<string, number> }[];
  records: Record<string, number>;
}

export function summarizeBlocks(blocks: DocumentBlock[]): DocumentSummary {
  const records: Record<string, number> = {};
  const bs = blocks.map((b) => {
    const c = countRecordTypes(b);
    for (const [k, n] of Object.entries(c)) records[k] = (records[k] ?? 0) + n;
    return { docType: b.docType, version: b.version, records: c };
  });
  return { blocks: bs, records };
}

export function inspectFile(path: string): { summary: Record<string, unknown>; report?: string; warnings?: string } {
  const bytes = readInput(path);
  const name = basename(path);
  if (fileKind(path) === 'document') {
    const blocks = parseDocuments(new TextDecoder().decode(bytes));
    // `main`: index of the document's own block (the block of the file's DOCTYPE wherever it stands;
    // a .epcb may hold FOOTPRINT blocks before its PCB block)
    const want = docTypeOfPath(name);
    const i = want === undefined ? -1 : mainBlockIndex(blocks, want);
    return { summary: { file: name, type: 'document', main: i >= 0 ? i : mainBlockIndex(blocks), ...summarizeBlocks(blocks) } };
  }
  const archive = readEpro(bytes, { name });
  const documents: Record<string, DocumentSummary> = {};
  const r = eproToProjectData(archive, {
    onDocument: (kind, id, blocks) => {
      documents[`${kind}:${id}`] = { path: undefined, kind, id, ...summarizeBlocks(blocks) };
    },
  });
  const d = r.data;
  const paths: Record<string, string> = {};
  for (const s of d.sheets) paths[`sheet:${s.uuid}`] = sheetPath(s.schematic_uuid, s.sheet_id);
  for (const s of d.symbols) paths[`symbol:${s.uuid}`] = symbolPath(s.uuid);
  for (const s of d.footprints) paths[`footprint:${s.uuid}`] = footprintPath(s.uuid);
  for (const s of d.pcbs) paths[`pcb:${s.uuid}`] = pcbPath(s.uuid);
  for (const s of d.panels) paths[`panel:${s.uuid}`] = panelPath(s.uuid);
  for (const s of d.coppers) paths[`pour:${s.path}`] = pourPath(s.path);
  for (const s of d.fonts) paths[`font:${s.path}`] = fontPath(s.path);
  for (const s of d.blobs) paths[`blob:${s.hash}`] = blobPath(s.hash);
  for (const [k, doc] of Object.entries(documents)) doc.path = paths[k];
  const counts = {
    schematic: d.schematics.length,
    sheet: d.sheets.length,
    symbol: d.symbols.length,
    footprint: d.footprints.length,
    device: d.devices.length,
    pcb: d.pcbs.length,
    panel: d.panels.length,
    pour: d.coppers.length,
    font: d.fonts.length,
    blob: d.blobs.length,
  };
  const summary: Record<string, unknown> = {
    file: name,
    type: 'archive',
    title: d.title,
    ok: r.ok,
    counts,
    boards: d.boards,
    documents: Object.values(documents),
    otherFiles: Object.keys(d.files),
  };
  if (!r.ok) summary.failures = r.failures;
  const warned = failureCount(r.warnings) > 0;
  if (warned) summary.warnings = r.warnings;
  if (r.conversion) summary.conversion = r.conversion;
  return { summary, report: failureCount(r.failures) > 0 ? formatFailureReport(r.failures) : undefined, warnings: warned ? formatWarningReport(r.warnings) : undefined };
}

export const inspect: Command = {
  name: 'inspect',
  usage: 'inspect FILE',
  summary: 'JSON summary of an .epro or .epro2 archive or a single document',
  async run(args) {
    if (args.length !== 1) {
      console.error('usage: copperplate inspect FILE');
      return 2;
    }
    const { summary, report, warnings } = inspectFile(args[0]);
    process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
    if (warnings) console.error(warnings);
    if (report) {
      console.error(report);
      return 1;
    }
    return 0;
  },
};
