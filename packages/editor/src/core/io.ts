/** Text <-> EditorDocument through the codec of @copperplate/format. */
import { parseDocuments, serializeDocuments } from '@copperplate/format';
import { EditorDocument, type DocumentOptions } from './document.ts';

/** Parse document text (FORMAT.md). Throws the codec's CatalogueError on a bad line. */
export function openDocument(text: string, opts: DocumentOptions = {}): EditorDocument {
  return new EditorDocument(parseDocuments(text), opts);
}

/** Document text of the current state (unchanged records keep their exact text). */
export function serializeDocument(doc: EditorDocument): string {
  return serializeDocuments(doc.toBlocks());
}
