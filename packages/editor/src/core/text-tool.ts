/**
 * The one text tool of every editor (T): a click places a text with the tool's `text` at the pointer,
 * snapped as the domain snaps, as one commit through the domain's `place` (a sheet's TEXT record, a
 * board's STRING on the silkscreen or the active non-copper layer). Document units, Y up.
 */
import type { Pt } from './geometry.ts';
import type { PointerEv, Tool } from './tools.ts';

export interface TextDomain {
  /** The point a click places at (a sheet snaps to its grid; a board takes the pointer as it is). */
  snap(p: Pt): Pt;
  /** Add the text at (x, y) as one commit; returns its key. */
  place(x: number, y: number, text: string): string;
}

export class TextTool implements Tool {
  readonly id = 'text';
  state = 'idle';
  constructor(private readonly d: TextDomain, public text: string) {}
  pointer(ev: PointerEv): void {
    if (ev.kind !== 'down') return;
    const p = this.d.snap({ x: ev.x, y: ev.y });
    this.d.place(p.x, p.y, this.text);
  }
}
