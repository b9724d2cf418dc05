/**
 * Stale pour fills (issue 12 with issue 13's stamps): the pours of a PCB whose stored fill was written
 * by Copperplate for a board that has changed since (board/poured.ts `fillStatus` 'stale'). Fills
 * EasyEDA wrote carry no stamp ('unknown') and are taken as they are, the board as the designer saw
 * it. Only boards with stamped fills are resolved (the check costs nothing for the others).
 */
import type { EproArchive } from '@copperplate/format';
import { boardSourceFromArchive, fillStatus, resolveBoard, storedStamps } from '@copperplate/board';

export function staleFills(a: EproArchive, pcbUuid: string): Array<{ id: string; name: string }> {
  const src = boardSourceFromArchive(a, pcbUuid);
  const stamps = storedStamps([...src.records, ...(src.poured ?? [])]);
  if (![...stamps.values()].some((s) => s !== undefined)) return [];
  const model = resolveBoard(src);
  return model.pours
    .filter((p) => fillStatus(model, p.id, stamps) === 'stale')
    .map((p) => ({ id: p.id, name: p.name || p.id }));
}
