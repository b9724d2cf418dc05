/**
 * @copperplate/board: pure board geometry and algorithms (PCB frame: mil, Y up), shared by the
 * editor, the fabrication outputs (packages/convert), pours and DRC; runs in a browser worker, a
 * Node worker thread and the CLI alike (no DOM, no Node built-ins).
 */
export * from './geom.ts';
export * from './path.ts';
export * from './shapes.ts';
export * from './placement.ts';
export * from './image.ts';
export * from './font.ts';
export * from './text.ts';
export * from './text-hershey.ts';
export * from './ttf.ts';
export * from './template.ts';
export * from './attr-text.ts';
export { KICAD_FONT, kicadTextLayout, setKicadStrokeFont, kicadStrokeFont, parseKicadStrokeFont, type KicadTextStyle, type KicadTextLayout, type KicadGlyph, type KicadStrokeFont } from './text-kicad.ts';
export { hersheyGlyph, type HersheyGlyph } from './hershey.ts';
export * from './clip.ts';
export * from './model.ts';
export * from './rules.ts';
export * from './pour.ts';
export * from './pour-par.ts';
export { type FlatRings, flatRings, flatPolys, polysOf, buffersOf, encodePourJob } from './pour-job.ts';
export * from './tiles.ts';
export * from './source.ts';
export * from './raster.ts';
export * from './poured.ts';
export * from './drc.ts';
export * from './knock.ts';
export * from './update.ts';
export * from './grid.ts';
export { PieceIndex } from './piece-index.ts';
export { type Core, coreDistance, coreSegDist2 } from './edges.ts';
export { DEFAULT2_FONT, default2Layout, type Default2Layout } from './text-default2.ts';
