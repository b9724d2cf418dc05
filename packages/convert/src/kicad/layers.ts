/**
 * KiCad layer names -> Copperplate V2 layer ids (FORMAT.md "Layer ids"), in one place.
 * Layers without a counterpart go to custom layers 71.. (named after the KiCad layer) and are listed
 * in the report by the caller.
 */

const FIXED: Record<string, number> = {
  'F.Cu': 1,
  'B.Cu': 2,
  'F.SilkS': 3,
  'F.Silkscreen': 3,
  'B.SilkS': 4,
  'B.Silkscreen': 4,
  'F.Mask': 5,
  'B.Mask': 6,
  'F.Paste': 7,
  'B.Paste': 8,
  'F.Fab': 9,
  'B.Fab': 10,
  'Edge.Cuts': 11,
  'Dwgs.User': 13,
  'User.Drawings': 13,
  'Margin': 14,
  'F.CrtYd': 48,
  'F.Courtyard': 48,
};

/** Ids of the V2 layer records we write, with their type and display name. */
export const V2_LAYERS: [number, string, string, string][] = [
  [1, 'TOP', 'Top Layer', '#ff0000'],
  [2, 'BOTTOM', 'Bottom Layer', '#0000ff'],
  [3, 'TOP_SILK', 'Top Silkscreen Layer', '#ffcc00'],
  [4, 'BOT_SILK', 'Bottom Silkscreen Layer', '#66cc33'],
  [5, 'TOP_SOLDER_MASK', 'Top Solder Mask Layer', '#800080'],
  [6, 'BOT_SOLDER_MASK', 'Bottom Solder Mask Layer', '#aa00ff'],
  [7, 'TOP_PASTE_MASK', 'Top Paste Mask Layer', '#808080'],
  [8, 'BOT_PASTE_MASK', 'Bottom Paste Mask Layer', '#800000'],
  [9, 'TOP_ASSEMBLY', 'Top Assembly Layer', '#33cc99'],
  [10, 'BOT_ASSEMBLY', 'Bottom Assembly Layer', '#5555ff'],
  [11, 'OUTLINE', 'Board Outline Layer', '#ff00ff'],
  [12, 'MULTI', 'Multi-Layer', '#c0c0c0'],
  [13, 'DOCUMENT', 'Document Layer', '#ffffff'],
  [14, 'MECHANICAL', 'Mechanical Layer', '#f022f0'],
];

export const MULTI_LAYER = 12;
export const FIRST_CUSTOM = 71;
export const LAST_CUSTOM = 100;

/** Assigns ids to a document's layers; custom ids are handed out in first-use order. */
export class LayerMap {
  readonly custom = new Map<string, number>();
  readonly unmapped = new Set<string>();

  id(name: string): number {
    const fixed = FIXED[name];
    if (fixed !== undefined) return fixed;
    const inner = /^In(\d+)\.Cu$/.exec(name);
    if (inner) return 14 + Number(inner[1]);
    let c = this.custom.get(name);
    if (c === undefined) {
      c = FIRST_CUSTOM + this.custom.size;
      if (c > LAST_CUSTOM) { this.unmapped.add(name); return 13; }
      this.custom.set(name, c);
    }
    return c;
  }

  /** true for copper layers (top, bottom, inner). */
  static isCopper(name: string): boolean {
    return name.endsWith('.Cu');
  }
}

/** Copper layer count of a KiCad board from its layer table. */
export function copperCount(layerNames: string[]): number {
  return layerNames.filter((n) => n.endsWith('.Cu')).length;
}
