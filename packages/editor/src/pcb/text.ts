/** PCB text layout lives in @copperplate/board (shared with the fabrication outputs); re-exported for the editor. */
export { type TextSpec, type TextShape, type FontIndex, indexFonts, layoutText, textTransform, IDENTITY } from '@copperplate/board';
