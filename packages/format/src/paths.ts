/** Paths of documents inside an .epro archive (SPEC §3, FORMAT.md, ARC-1). */

export const sheetPath = (schematicUuid: string, sheetId: number | string) => `SHEET/${schematicUuid}/${sheetId}.esch`;
export const symbolPath = (uuid: string) => `SYMBOL/${uuid}.esym`;
export const footprintPath = (uuid: string) => `FOOTPRINT/${uuid}.efoo`;
export const pcbPath = (uuid: string) => `PCB/${uuid}.epcb`;
export const panelPath = (uuid: string) => `PANEL/${uuid}.epan`;
export const blobPath = (hash: string) => `BLOB/${hash}.eblob`;

/** ARC-1: pour and font files are named base64(path), path = `{pcbUuid}_{n}` (the first is `_0`). */
export function base64Name(path: string): string {
  const bytes = new TextEncoder().encode(path);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** Inverse of base64Name; null when the name is not base64 of UTF-8 text. */
export function fromBase64Name(name: string): string | null {
  try {
    const bin = atob(name);
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export const pourPath = (path: string) => `POUR/${base64Name(path)}.ecop`;
export const fontPath = (path: string) => `FONT/${base64Name(path)}.efon`;

/** The path of the first pour or font file of a PCB: `{pcbUuid}_0`. */
export const firstPcbResourcePath = (pcbUuid: string) => `${pcbUuid}_0`;

/** Split `FOLDER/name.ext` into folder, base name and extension ('' when absent). */
export function splitEntry(entry: string): { folder: string; base: string; ext: string } {
  const slash = entry.lastIndexOf('/');
  const folder = slash < 0 ? '' : entry.slice(0, slash);
  const file = entry.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  return dot <= 0 ? { folder, base: file, ext: '' } : { folder, base: file.slice(0, dot), ext: file.slice(dot) };
}
