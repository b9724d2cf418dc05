/**
 * The simulated documents and the oracle of what must survive. Each client owns the records it
 * creates (ids c<client>r<n>), in shared and in its own documents, so that every concurrent edit
 * merges by record id and no edit may legitimately disappear.
 */
import type { Kind } from '@copperplate/sync';

export const HEADER = ['["DOCTYPE","SCH","1.1"]', '["HEAD",{"sim":1}]'];
export const SYM_HEADER = ['["DOCTYPE","SYMBOL","1.1"]', '["HEAD",{"sim":1}]'];
export const PCB_HEADER = ['["DOCTYPE","PCB","1.1"]', '["HEAD",{"sim":1}]'];

/** Kinds whose items carry a document text (dataStr) the simulation edits record by record. */
export const TEXT_KINDS: readonly Kind[] = ['sheets', 'symbols', 'pcbs'];

export interface DocRef { kind: Kind; key: string; owner: number | 'shared'; }

/**
 * Expected content: per document (project/kind/key), record id -> its line (undefined = deleted),
 * documents that must exist (library items brought along by a paste), and deleted documents.
 */
export class Oracle {
  records = new Map<string, Map<string, string | undefined>>();
  mustExist = new Set<string>();
  deletedDocs = new Set<string>();
  edits = 0;
  id(project: string, kind: Kind, key: string): string { return `${project}/${kind}/${key}`; }
  saved(project: string, kind: Kind, key: string, rec: string, line: string | undefined): void {
    const id = this.id(project, kind, key);
    let m = this.records.get(id);
    if (!m) this.records.set(id, (m = new Map()));
    m.set(rec, line);
    this.edits++;
  }
  /** Every TEXT record of a new document (a paste, a copy, a restored project) is expected as it is. */
  savedText(project: string, kind: Kind, key: string, text: string): void {
    const m = this.records.get(this.id(project, kind, key)) ?? new Map<string, string | undefined>();
    this.records.set(this.id(project, kind, key), m);
    for (const l of text.split('\n')) {
      const r = /^\["TEXT","([^"]+)"/.exec(l);
      if (r) m.set(r[1], l);
    }
    this.edits++;
  }
  exists(project: string, kind: Kind, key: string): void { this.mustExist.add(this.id(project, kind, key)); }
  docDeleted(project: string, kind: Kind, key: string): void { this.deletedDocs.add(this.id(project, kind, key)); this.edits++; }
  /** Problems with the server's final documents (project/kind/key -> dataStr, absent = not on the server). */
  check(server: Map<string, string>): string[] {
    const out: string[] = [];
    for (const id of this.mustExist) if (!this.deletedDocs.has(id) && !server.has(id)) out.push(`document ${id} missing on the server`);
    for (const [id, recs] of this.records) {
      if (this.deletedDocs.has(id)) continue;
      const text = server.get(id);
      if (text === undefined) { out.push(`document ${id} missing on the server`); continue; }
      const lines = new Map<string, string>();
      for (const l of text.split('\n')) {
        const m = /^\["TEXT","([^"]+)"/.exec(l);
        if (m) lines.set(m[1], l);
      }
      for (const [rec, line] of recs) {
        const got = lines.get(rec);
        if (line === undefined && got !== undefined) out.push(`${id}: deleted record ${rec} is back`);
        if (line !== undefined && got !== line) out.push(`${id}: record ${rec} lost (want ${line}, have ${got ?? 'nothing'})`);
      }
    }
    for (const id of this.deletedDocs) if (server.has(id)) out.push(`deleted document ${id} is still on the server`);
    return out;
  }
}

/** A new version of a document: `rec` set to `line` (undefined removes it). */
export function withRecord(text: string, rec: string, line: string | undefined): string {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.startsWith(`["TEXT","${rec}"`));
  if (line === undefined) { if (i >= 0) lines.splice(i, 1); }
  else if (i >= 0) lines[i] = line;
  else lines.push(line);
  return lines.join('\n');
}

export function ownRecords(text: string, client: number): string[] {
  const out: string[] = [];
  for (const l of text.split('\n')) {
    const m = /^\["TEXT","(c(\d+)r\d+)"/.exec(l);
    if (m && Number(m[2]) === client) out.push(m[1]);
  }
  return out;
}
