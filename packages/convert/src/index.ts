/**
 * @copperplate/convert: outputs and conversions over our records (pure: no DOM, no Node built-ins).
 * KiCad import (kicad/); fabrication outputs: Gerber X2 (gerber/), Excellon (excellon/), BOM (bom/),
 * pick-and-place (pnp/), IPC-D-356A (netlist/) and the fabrication zip (fab/).
 */
export * from './kicad/index.ts';
export * from './fab/board.ts';
export * from './fab/epro.ts';
export * from './fab/stale.ts';
export * from './fab/export.ts';
export * from './gerber/writer.ts';
export * from './gerber/layers.ts';
export { drillGroups, type DrillGroup } from './gerber/drillmap.ts';
export { drillTableRow } from './gerber/drilltable.ts';
// The font substitutes hosts read for named fonts without stored outlines (the server imports convert, not board).
export { substituteFonts, FONT_SUBSTITUTES } from '@copperplate/board';
export * from './gerber/region.ts';
export * from './excellon/writer.ts';
export * from './bom/bom.ts';
export * from './pnp/pnp.ts';
export * from './netlist/ipc356.ts';
