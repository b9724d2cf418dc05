/**
 * A big board's picture made from its parsed records without the editor's document and scene (issue 14 part 6, view/board-picture.ts) is
 * the editor's own first frame: the same pixels as cpu-preview.ts's previewPixels of the editor's
 * scene (a PcbEditor on the parsed document, its primitives grouped as gl-pcb.ts groups them, in the
 * layers panel's order and colours) at the view the editor's Fit gives. Every fixture PCB, a
 * generated board, and blocks that hold no PCB.
 */
import { describe, expect, it } from 'vitest';
import { parseDocuments } from '@copperplate/format';
import { EditorDocument } from '@copperplate/schematic';
import { PcbEditor } from '../src/pcb/editor.ts';
import { findPcbDoc, pcbDocNames } from '../src/pcb/load.ts';
import { Viewport } from '../src/core/viewport.ts';
import { layerGroups } from '../src/view/gl-geometry.ts';
import { layerPaints } from '../src/view/gl-pcb.ts';
import { previewPixels } from '../src/view/cpu-preview.ts';
import { boardPicture, type BoardPictureInput } from '../src/view/board-picture.ts';
import { fixture, fixtureNames } from './fixtures.ts';

const W = 320, H = 200, PX = 0.1;
const BG = '#10141a';

/** The editor's first frame on the CPU: what PcbGlView.showPreview draws after pcb-view.ts's fit. */
function editorPicture(input: BoardPictureInput): Uint8ClampedArray {
  const ed = new PcbEditor(new EditorDocument(input.blocks as ReturnType<typeof parseDocuments>), { project: input.project, pcbUuid: input.pcbUuid });
  const vp = new Viewport({ width: W, height: H, pxPerUnit: PX });
  vp.fit(ed.extent());
  const paints = layerPaints(layerGroups(ed.scene.all()), (g) => g, new Set(ed.panel.visibleIds()), ed.panel.drawOrder(), (l) => ed.panel.paint(l));
  const bg = [0x10 / 255, 0x14 / 255, 0x1a / 255];
  return previewPixels(paints.map((q) => ({ prims: q.l.prims, rgba: q.rgba })), { cx: vp.cx, cy: vp.cy, scale: vp.scale, width: W, height: H }, bg);
}

/** Pixels (of W x H) whose colour differs by more than `tol` in a channel. */
function differing(a: Uint8ClampedArray, b: Uint8ClampedArray, tol = 0): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) if (Math.abs(a[i] - b[i]) > tol || Math.abs(a[i + 1] - b[i + 1]) > tol || Math.abs(a[i + 2] - b[i + 2]) > tol) n++;
  return n;
}

/** Pixels that are not the background: the picture shows something. */
function drawn(a: Uint8ClampedArray): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) if (a[i] !== 0x10 || a[i + 1] !== 0x14 || a[i + 2] !== 0x1a) n++;
  return n;
}

const generated = (cols: number, rows: number): string => {
  const lines = ['["DOCTYPE","PCB","1.8"]', '["HEAD",{"editorVersion":"test"}]'];
  let id = 1;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const x = c * 50, y = -r * 50, net = `N${r}_${c >> 1}`;
    lines.push(JSON.stringify(['PAD', `e${id++}`, 0, net, 1, '1', x, y, 0, null, ['RECT', 24, 16, 20], [], 0, 0, 0, 0, 0, null, null, null, null, 0]));
    if (c % 2 === 1) lines.push(JSON.stringify(['LINE', `e${id++}`, 0, net, 1, x - 50, y, x, y, 8, 0]));
  }
  lines.push(JSON.stringify(['POLY', `e${id++}`, 0, '', 11, 10, ['R', -100, 100, cols * 50 + 150, rows * 50 + 150, 0, 0], 0]));
  return lines.join('\n');
};

describe('[issue-14] a board picture made from the text is the editor\'s first frame', () => {
  for (const name of fixtureNames()) {
    const a = fixture(name);
    for (const { uuid } of pcbDocNames(a).pcbs) {
      it(`${name} PCB ${uuid.slice(0, 8)}: the same pixels`, () => {
        const ref = findPcbDoc(a, uuid);
        const input: BoardPictureInput = { blocks: parseDocuments(ref.text), pcbUuid: ref.uuid, project: ref.project, width: W, height: H, pxPerUnit: PX, background: BG };
        const pic = boardPicture(input);
        expect(pic).not.toBeNull();
        expect(drawn(pic!.pixels)).toBeGreaterThan(W * H * 0.02);
        expect(differing(pic!.pixels, editorPicture(input))).toBe(0);
      });
    }
  }

  it('a generated board of 2,000 pads and 1,000 tracks: the same pixels', () => {
    const input: BoardPictureInput = { blocks: parseDocuments(generated(50, 40)), width: W, height: H, pxPerUnit: PX, background: BG };
    const pic = boardPicture(input)!;
    expect(pic.prims).toBe(3001);
    expect(drawn(pic.pixels)).toBeGreaterThan(W * H * 0.2);
    expect(differing(pic.pixels, editorPicture(input))).toBe(0);
  });

  it('blocks without a PCB give no picture, nor a PCB that draws nothing', () => {
    const none = (text: string) => boardPicture({ blocks: parseDocuments(text), width: W, height: H, pxPerUnit: PX, background: BG });
    expect(none('["DOCTYPE","SCH","1.1"]\n["HEAD",{}]')).toBeNull();
    expect(none('["DOCTYPE","PCB","1.8"]\n["HEAD",{}]')).toBeNull();
  });
});
