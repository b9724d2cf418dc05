/**
 * PCB layer ids. Two numberings exist (FORMAT.md note):
 * - PcbLayer: SPEC §3's own model numbering.
 * - FormatLayer: the layer ids written in EasyEDA Pro files (.epcb/.efoo), per FORMAT.md.
 * The one mapping between them is FORMAT_TO_PCB below; nothing else may translate layer ids.
 */

/** SPEC §3 numbering. Inner layers 21-52, board layers 53-84. */
export const PcbLayer = {
  TOP: 1,
  BOTTOM: 2,
  TOP_SILK: 3,
  BOTTOM_SILK: 4,
  TOP_PASTE: 5,
  BOTTOM_PASTE: 6,
  TOP_SOLDER: 7,
  BOTTOM_SOLDER: 8,
  RATLINES: 9,
  BOARD_OUTLINE: 10,
  ALL: 11,
  DOCUMENT: 12,
  TOP_ASSEMBLY: 13,
  BOTTOM_ASSEMBLY: 14,
  MECHANICAL: 15,
  TOP_COMPONENT: 16,
  BOTTOM_COMPONENT: 17,
  SUBSTRATE: 18,
  MODEL_3D: 19,
  INNER_FIRST: 21,
  INNER_LAST: 52,
  BOARD_FIRST: 53,
  BOARD_LAST: 84,
} as const;
export type PcbLayer = number;

/** FORMAT.md numbering (file layer ids). Inner1-32 = 15-46, custom 71-100, dielectric 101+. */
export const FormatLayer = {
  TOP: 1,
  BOTTOM: 2,
  TOP_SILK: 3,
  BOT_SILK: 4,
  TOP_SOLDER_MASK: 5,
  BOT_SOLDER_MASK: 6,
  TOP_PASTE: 7,
  BOT_PASTE: 8,
  TOP_ASSEMBLY: 9,
  BOT_ASSEMBLY: 10,
  OUTLINE: 11,
  MULTI: 12,
  DOCUMENT: 13,
  MECHANICAL: 14,
  INNER_FIRST: 15,
  INNER_LAST: 46,
  HOLE: 47,
  COMPONENT_SHAPE: 48,
  COMPONENT_MARKING: 49,
  PIN_SOLDERING: 50,
  PIN_FLOATING: 51,
  COMPONENT_MODEL: 52,
  DRILL_DRAWING: 56,
  RATLINE: 57,
  CUSTOM_FIRST: 71,
  CUSTOM_LAST: 100,
  DIELECTRIC_FIRST: 101,
} as const;
export type FormatLayer = number;

export const INNER_LAYER_COUNT = 32;

/**
 * THE mapping, file id -> SPEC id, for the layers both numberings name. Choices:
 * MULTI (pads on every copper layer) -> ALL; COMPONENT_SHAPE -> TOP_COMPONENT (the file keeps the
 * side in the component, not in the layer id); COMPONENT_MODEL -> MODEL_3D. Layers that SPEC does not
 * name (HOLE, COMPONENT_MARKING, PIN_*, DRILL_DRAWING, CUSTOM, dielectric) have no SPEC id.
 */
const FORMAT_TO_PCB = new Map<number, number>([
  [FormatLayer.TOP, PcbLayer.TOP],
  [FormatLayer.BOTTOM, PcbLayer.BOTTOM],
  [FormatLayer.TOP_SILK, PcbLayer.TOP_SILK],
  [FormatLayer.BOT_SILK, PcbLayer.BOTTOM_SILK],
  [FormatLayer.TOP_SOLDER_MASK, PcbLayer.TOP_SOLDER],
  [FormatLayer.BOT_SOLDER_MASK, PcbLayer.BOTTOM_SOLDER],
  [FormatLayer.TOP_PASTE, PcbLayer.TOP_PASTE],
  [FormatLayer.BOT_PASTE, PcbLayer.BOTTOM_PASTE],
  [FormatLayer.TOP_ASSEMBLY, PcbLayer.TOP_ASSEMBLY],
  [FormatLayer.BOT_ASSEMBLY, PcbLayer.BOTTOM_ASSEMBLY],
  [FormatLayer.OUTLINE, PcbLayer.BOARD_OUTLINE],
  [FormatLayer.MULTI, PcbLayer.ALL],
  [FormatLayer.DOCUMENT, PcbLayer.DOCUMENT],
  [FormatLayer.MECHANICAL, PcbLayer.MECHANICAL],
  [FormatLayer.COMPONENT_SHAPE, PcbLayer.TOP_COMPONENT],
  [FormatLayer.COMPONENT_MODEL, PcbLayer.MODEL_3D],
  [FormatLayer.RATLINE, PcbLayer.RATLINES],
  ...Array.from({ length: INNER_LAYER_COUNT }, (_, i) => [FormatLayer.INNER_FIRST + i, PcbLayer.INNER_FIRST + i] as [number, number]),
]);
const PCB_TO_FORMAT = new Map<number, number>([...FORMAT_TO_PCB].map(([f, p]) => [p, f]));
PCB_TO_FORMAT.set(PcbLayer.BOTTOM_COMPONENT, FormatLayer.COMPONENT_SHAPE);

/** File layer id -> SPEC layer id, or undefined for layers SPEC does not name. */
export function formatLayerToPcbLayer(id: number): number | undefined {
  return FORMAT_TO_PCB.get(id);
}
/** SPEC layer id -> file layer id, or undefined (board layers 53-84, SUBSTRATE have no file id). */
export function pcbLayerToFormatLayer(id: number): number | undefined {
  return PCB_TO_FORMAT.get(id);
}
/** 1-based inner copper layer number for a file layer id, or undefined. */
export function formatInnerIndex(id: number): number | undefined {
  return id >= FormatLayer.INNER_FIRST && id <= FormatLayer.INNER_LAST ? id - FormatLayer.INNER_FIRST + 1 : undefined;
}
export function isCopperFormatLayer(id: number): boolean {
  return id === FormatLayer.TOP || id === FormatLayer.BOTTOM || id === FormatLayer.MULTI || formatInnerIndex(id) !== undefined;
}
