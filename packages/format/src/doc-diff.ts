/** The record changes between two texts of one document (two versions of a sheet, PCB, ...): see records/diff.ts. */
import { parseDocuments } from './codec.ts';
import { mainBlock } from './main-block.ts';
import { diffRecords, type DocumentDiff } from './records/diff.ts';

export { changedElementIds, type DocumentDiff, type RecordChange } from './records/diff.ts';

/** Compares the main blocks of two document texts; an empty or unreadable side counts as no records. */
export function diffDocumentTexts(before: string | undefined, after: string | undefined): DocumentDiff {
  const records = (t: string | undefined) => {
    if (!t) return [];
    try {
      return mainBlock(parseDocuments(t))?.records ?? [];
    } catch {
      return [];
    }
  };
  return diffRecords(records(before), records(after));
}
