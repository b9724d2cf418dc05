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
const TIME = { sch: 'copperplate:clipboard:time:sch', pcb: 'copperplate:clipboard:time:pcb' } as const;
const memory: Record<keyof typeof KEY, string | undefined> = { sch: undefined, pcb: undefined };

/** Where copies also go (the user's clipboard in the cloud cache, lib/client-cache.ts; set by the app once signed in). */
let sink: ((kind: keyof typeof KEY, text: string, time: number) => void) | null = null;
export function setClipboardSink(fn: typeof sink): void {
  sink = fn;
}

/** `fromCloud`: a copy made in another browser or tab, taken in when this page gains focus (not sent back). */
export function writeClipboard(kind: keyof typeof KEY, text: string, time = Date.now(), fromCloud = false): void {
  memory[kind] = text;
  try {
    localStorage.setItem(KEY[kind], text);
    localStorage.setItem(TIME[kind], String(time));
  } catch {
    /* quota or privacy mode: memory only */
  }
  if (!fromCloud) sink?.(kind, text, time);
}

/** When this browser's copy of a kind was made (0: none). */
export function clipboardTime(kind: keyof typeof KEY): number {
  try {
    return Number(localStorage.getItem(TIME[kind]) ?? 0) || 0;
  } catch {
    return 0;
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
