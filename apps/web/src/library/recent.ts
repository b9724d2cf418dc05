/**
 * The recently used library parts of this browser (issue 16, the library panel): the last parts
 * placed from the panel, newest first, kept in localStorage (memory only when storage is unavailable).
 */
import { z } from 'zod';
import { ComponentRowSchema, type ComponentRow } from '@copperplate/model';

const KEY = 'cp.library.recent';
const MAX = 15;
let memory: ComponentRow[] = [];

export function recentParts(): ComponentRow[] {
  try {
    const v = z.array(ComponentRowSchema).safeParse(JSON.parse(localStorage.getItem(KEY) ?? '[]'));
    return v.success ? v.data : [];
  } catch {
    return memory;
  }
}

/** Records a part as used now (first in the list, once). */
export function rememberPart(row: ComponentRow): ComponentRow[] {
  const next = [row, ...recentParts().filter((r) => r.uuid !== row.uuid)].slice(0, MAX);
  memory = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch { /* storage unavailable: memory only */ }
  return next;
}

/** Leaves a part out (deleted from the library). */
export function forgetRecentPart(uuid: string): void {
  const next = recentParts().filter((r) => r.uuid !== uuid);
  memory = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch { /* memory only */ }
}
