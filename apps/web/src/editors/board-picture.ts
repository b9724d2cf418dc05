/**
 * A big board's picture while the PCB editor opens it (issue 14 part 6). The editor's own first frame
 * comes after the parse, the document, the scene (every record's primitives kept: most of the time is
 * the garbage collector copying them) and the view. The picture comes after the parse alone: the
 * same pixels (packages/editor board-picture.ts: the primitives made record by record and dropped,
 * drawn by the editor's CPU rasteriser at the editor's fit), on a canvas over the editor canvas's
 * place, shown before the rest of the open begins; the document editor takes it away once the
 * editor drew its first frame. Only for big boards; `localStorage['cp.picture'] = 'off'` turns it off
 * (the bench's baseline).
 */
import { boardPicture, type BoardPicture } from '@copperplate/editor';
import { parseDocuments } from '@copperplate/format';
import type { Item } from '../api/schemas.ts';
import type { ProjectSnapshot } from '../project/types.ts';
import { contextOf } from '../project/painters.ts';
import { fontsFor, pouredFor } from './pour-items.ts';
import { PCB_BACKGROUND, PCB_PX_PER_MIL } from './pcb-view.ts';

/** From this many characters of PCB text (about 15k records) the board is opened behind its picture. */
export const PICTURE_MIN_CHARS = 1_500_000;

/** Is this document opened behind a picture? */
export function pictureWanted(kind: string, item: Item): boolean {
  if (kind !== 'pcbs' || typeof item.dataStr !== 'string' || item.dataStr.length < PICTURE_MIN_CHARS) return false;
  try {
    return localStorage.getItem('cp.picture') !== 'off';
  } catch {
    return true;
  }
}

/**
 * Draw the picture of the board `blocks` hold on `canvas` (sized in device pixels, laid over the
 * editor canvas's place): false when there is nothing to show.
 */
export function drawPicture(canvas: HTMLCanvasElement, blocks: ReturnType<typeof parseDocuments>, pcbUuid: string, snap: ProjectSnapshot): BoardPicture | null {
  const dpr = window.devicePixelRatio || 1;
  const project = { ...contextOf(snap.items).pcb, poured: pouredFor(snap.coppers, pcbUuid), fonts: fontsFor(snap.fonts, pcbUuid) };
  const pic = boardPicture({ blocks, pcbUuid, project, width: canvas.width, height: canvas.height, pxPerUnit: PCB_PX_PER_MIL * dpr, background: PCB_BACKGROUND });
  const g = canvas.getContext('2d');
  if (!pic || !g) return null;
  g.putImageData(new ImageData(pic.pixels as Uint8ClampedArray<ArrayBuffer>, pic.view.width, pic.view.height), 0, 0);
  // the picture's first row is the bottom of the view (WebGL's order): the canvas shows it upside down
  canvas.style.transform = 'scaleY(-1)';
  return pic;
}

type Blocks = ReturnType<typeof parseDocuments>;

/**
 * Once the page showed the opening shell (an animation frame, then a task): parse the text, draw the
 * picture on `canvas` (`took` receives it: the view's first frame takes its pixels), show it (the
 * frame after the one that took it), then `open` the document from the parsed text. Without a
 * picture (`took(null)`) the document opens at once; when the text cannot be parsed, `open()` without
 * blocks (the document's own open reports the error). `live() === false` (the tab was closed) stops it.
 * Marks: cp:picture-parse, -parsed, -drawn, -shown.
 */
export function openBehindPicture(canvas: HTMLCanvasElement, item: Item, snap: () => ProjectSnapshot, o: { live: () => boolean; took: (pic: BoardPicture | null) => void; open: (blocks?: Blocks) => void }): void {
  requestAnimationFrame(() => setTimeout(() => {
    if (!o.live()) return;
    performance.mark('cp:picture-parse');
    let blocks: Blocks;
    try {
      blocks = parseDocuments(String(item.dataStr));
    } catch {
      o.open();
      return;
    }
    performance.mark('cp:picture-parsed');
    let pic: BoardPicture | null = null;
    try {
      pic = drawPicture(canvas, blocks, String(item.uuid ?? ''), snap());
    } catch {
      pic = null;
    }
    o.took(pic);
    if (!pic) { o.open(blocks); return; }
    performance.mark('cp:picture-drawn');
    requestAnimationFrame(() => {
      performance.mark('cp:picture-shown');
      setTimeout(() => o.open(blocks), 0);
    });
  }, 0));
}
