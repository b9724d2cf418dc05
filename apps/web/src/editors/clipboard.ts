/**
 * The editors' copy-and-paste store: what was copied in one sheet (FORMAT.md text from the
 * schematic editor) or board (PCB records) can be pasted into another, also in another tab or
 * project of the same browser (kept in localStorage; memory only when storage is unavailable).
 * Pasted text is parsed by the engine (unreadable text pastes nothing); PCB records are checked to
 * be arrays of records with a string type.
 */
import { z } from 'zod';
import { recType } from '@copperplate/format/records';

const KEY = { sch: 'copperplate:clipboard:sch', pcb: 'copperplate:clipboard:pcb' } as const;
const memory: Record<keyof typeof KEY, string | undefined> = { sch: undefined, pcb: undefined };

export function writeClipboard(kind: keyof typeof KEY, text: string): void {
  memory[kind] = text;
  try {
    localStorage.setItem(KEY[kind], text);
  } catch {
    /* quota or privacy mode: memory only */
  }
}

export function readClipboard(kind: keyof typeof KEY): string | undefined {
  try {
    return localStorage.getItem(KEY[kind]) ?? memory[kind];
  } catch {
    return memory[kind];
  }
}

const PcbClip = z.object({
  anchor: z.object({ x: z.number(), y: z.number() }),
  records: z.array(z.array(z.unknown()).refine((r) => recType(r) !== '')).min(1),
});
export type PcbClip = z.infer<typeof PcbClip>;

export function writePcbClip(clip: PcbClip): void { writeClipboard('pcb', JSON.stringify(clip)); }

/** PCB records from the store and the point they were copied around (board mil); undefined when absent or not valid. */
export function readPcbClip(): PcbClip | undefined {
  const t = readClipboard('pcb');
  if (!t) return undefined;
  try {
    const r = PcbClip.safeParse(JSON.parse(t));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}
