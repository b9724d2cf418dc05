/**
 * Test helper: STM32G431-mini with its stored fills stamped as Copperplate stamps fresh fills, and
 * then with every via moved 20 mil (inside the pours' reach), which makes those fills stale. Used by
 * the convert, CLI and server tests of FAB_STALE_FILLS.
 */
import { readFileSync } from 'node:fs';
import { type EproArchive, parseDocuments, readEpro, serializeDocuments, withRecords, writeEpro } from '@copperplate/format';
import { boardSourceFromArchive, pourFingerprint, pourFilePath, resolveBoard } from '@copperplate/board';

export const PCB = 'b7538fca9eb647bb99b8d93291ea64aa';
const FIX = new URL('../../../../../shared/fixtures/epro/STM32G431-mini.epro', import.meta.url);
const text = (v: Uint8Array | string | undefined) => (typeof v === 'string' ? v : new TextDecoder().decode(v));

/** The archive with every stored fill stamped as Copperplate stamps a fresh fill. */
export function stamped(a: EproArchive): EproArchive {
  const model = resolveBoard(boardSourceFromArchive(a, PCB));
  const fp = new Map(model.pours.map((p) => [p.id, pourFingerprint(model, p)]));
  const path = pourFilePath(PCB);
  const blocks = parseDocuments(text(a.entries.get(path))).map((b) => withRecords(b, b.records.map((r) => (r[0] === 'POURED' ? [...r, { cpStamp: fp.get(String(r[2])) }] : [...r]))));
  return { ...a, entries: new Map(a.entries).set(path, serializeDocuments(blocks)) };
}

/** The archive with every via moved 20 mil to the right. */
export function viasMoved(a: EproArchive): EproArchive {
  const path = `PCB/${PCB}.epcb`;
  const blocks = parseDocuments(text(a.entries.get(path))).map((b) => withRecords(b, b.records.map((r) => (r[0] === 'VIA' ? [...r.slice(0, 5), (r[5] as number) + 20, ...r.slice(6)] : [...r]))));
  return { ...a, entries: new Map(a.entries).set(path, serializeDocuments(blocks)) };
}

/** The .epro bytes of the board with stale fills. */
export function staleEpro(): Uint8Array {
  return writeEpro(viasMoved(stamped(readEpro(new Uint8Array(readFileSync(FIX))))));
}
