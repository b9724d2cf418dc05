/**
 * The PCB layer table: which layers exist, their colours, visibility and inactive dimming, as the
 * LAYER records of a .epcb/.efoo hold them (LAYER `1 id, 2 type, 3 name, 4 state bits (1 used,
 * 2 visible, 4 locked), 5 color, 6 alpha, 7 inactiveColor, 8 inactiveAlpha`), plus the stack-up
 * order from LAYER_PHYS. Layer ids are FORMAT.md file ids (FormatLayer of @copperplate/model).
 */
import { FormatLayer, formatInnerIndex } from '@copperplate/model';
import { type Rec, num, str } from '../core/records.ts';
import { Layer, LayerPhys } from '@copperplate/format/records';

export const L = FormatLayer;

export interface LayerInfo {
  id: number;
  type: string;
  name: string;
  used: boolean;
  visible: boolean;
  locked: boolean;
  color: string;
  alpha: number;
  inactiveColor: string;
  inactiveAlpha: number;
}

/** Defaults as EasyEDA Pro writes them (LAYER lines of the real fixtures), for files without LAYER records. */
const DEFAULTS: Array<[number, string, string, string, string]> = [
  [1, 'TOP', 'Top Layer', '#ff0000', '#7f0000'],
  [2, 'BOTTOM', 'Bottom Layer', '#0000ff', '#00007f'],
  [3, 'TOP_SILK', 'Top Silkscreen Layer', '#ffcc00', '#7f6600'],
  [4, 'BOT_SILK', 'Bottom Silkscreen Layer', '#66cc33', '#336619'],
  [5, 'TOP_SOLDER_MASK', 'Top Solder Mask Layer', '#800080', '#400040'],
  [6, 'BOT_SOLDER_MASK', 'Bottom Solder Mask Layer', '#aa00ff', '#55007f'],
  [7, 'TOP_PASTE_MASK', 'Top Paste Mask Layer', '#808080', '#404040'],
  [8, 'BOT_PASTE_MASK', 'Bottom Paste Mask Layer', '#800000', '#400000'],
  [9, 'TOP_ASSEMBLY', 'Top Assembly Layer', '#33cc99', '#19664c'],
  [10, 'BOT_ASSEMBLY', 'Bottom Assembly Layer', '#5555ff', '#2a2a7f'],
  [11, 'OUTLINE', 'Board Outline Layer', '#ff00ff', '#7f007f'],
  [12, 'MULTI', 'Multi-Layer', '#c0c0c0', '#606060'],
  [13, 'DOCUMENT', 'Document Layer', '#ffffff', '#7f7f7f'],
  [14, 'MECHANICAL', 'Mechanical Layer', '#f022f0', '#781178'],
  [47, 'HOLE', 'Hole Layer', '#222222', '#111111'],
  [48, 'COMPONENT_SHAPE', 'Component Shape Layer', '#00cccc', '#006666'],
  [49, 'COMPONENT_MARKING', 'Component Marking Layer', '#66ffcc', '#337f66'],
  [50, 'PIN_SOLDERING', 'Pin Soldering Layer', '#cc9999', '#664c4c'],
  [51, 'PIN_FLOATING', 'Pin Floating Layer', '#ff99ff', '#7f4c7f'],
  [56, 'DRILL_DRAWING', 'Drill Drawing Layer', '#008080', '#004040'],
  [57, 'OTHER', 'Ratline Layer', '#6464ff', '#32327f'],
];
const INNER_COLORS = ['#999966', '#008000', '#00ff00', '#bc8e00', '#70dbfa', '#00cc66', '#9966ff', '#800080'];

export const isInner = (id: number): boolean => formatInnerIndex(id) !== undefined;
export const isCopper = (id: number): boolean => id === L.TOP || id === L.BOTTOM || isInner(id);

/** Moved to @copperplate/board (shared with the fabrication outputs). */
export { flipLayer, isBottomSide } from '@copperplate/board';

export class LayerTable {
  private byId = new Map<number, LayerInfo>();
  /** Copper stack-up top to bottom (file ids), from LAYER_PHYS; defaults to [TOP, BOTTOM]. */
  stackup: number[] = [L.TOP, L.BOTTOM];

  constructor(records: Iterable<Rec> = []) {
    for (const [id, type, name, color, inactive] of DEFAULTS) {
      this.byId.set(id, { id, type, name, used: true, visible: true, locked: false, color, alpha: 1, inactiveColor: inactive, inactiveAlpha: 0.5 });
    }
    for (let i = 0; i < 32; i++) {
      const id = L.INNER_FIRST + i;
      const c = INNER_COLORS[i % INNER_COLORS.length];
      this.byId.set(id, { id, type: 'SIGNAL', name: `Inner${i + 1}`, used: false, visible: true, locked: false, color: c, alpha: 1, inactiveColor: c, inactiveAlpha: 0.5 });
    }
    const phys: number[] = [];
    for (const r of records) {
      if (Layer.is(r)) {
        const l = Layer.parse(r);
        const id = l.id;
        if (id < 0) continue;
        const bits = l.state;
        const color = Layer.raw(r, 'color');
        this.byId.set(id, {
          id, type: l.type, name: str(Layer.raw(r, 'name'), `Layer${id}`),
          used: (bits & 1) !== 0, visible: (bits & 2) !== 0, locked: (bits & 4) !== 0,
          color: validColor(color, '#888888'), alpha: l.alpha,
          inactiveColor: validColor(Layer.raw(r, 'inactiveColor'), validColor(color, '#444444')), inactiveAlpha: l.inactiveAlpha,
        });
      } else if (LayerPhys.is(r)) {
        const id = LayerPhys.get(r, 'id');
        if (isCopper(id)) phys.push(id);
      }
    }
    if (phys.length >= 2) this.stackup = phys;
    else {
      const inner = [...this.byId.values()].filter((l) => isInner(l.id) && l.used).map((l) => l.id).sort((a, b) => a - b);
      this.stackup = [L.TOP, ...inner, L.BOTTOM];
    }
  }

  get(id: number): LayerInfo {
    let l = this.byId.get(id);
    if (!l) {
      l = { id, type: 'CUSTOM', name: `Layer${id}`, used: true, visible: true, locked: false, color: '#888888', alpha: 1, inactiveColor: '#444444', inactiveAlpha: 0.5 };
      this.byId.set(id, l);
    }
    return l;
  }
  has(id: number): boolean { return this.byId.has(id); }
  all(): LayerInfo[] { return [...this.byId.values()].sort((a, b) => a.id - b.id); }
  /** Copper layers of the stack-up, top to bottom. */
  copperLayers(): number[] { return this.stackup.slice(); }
  /** Inner copper layers in use, top to bottom. */
  innerLayers(): number[] { return this.stackup.filter(isInner); }

  /** A copy (the layers panel edits copies, never the document's table in place). */
  clone(): LayerTable {
    const t = new LayerTable();
    t.byId = new Map([...this.byId].map(([k, v]) => [k, { ...v }]));
    t.stackup = this.stackup.slice();
    return t;
  }

  /**
   * Draw order, first drawn first (below): the far side first, then inner layers from the far side,
   * the near side copper, its mask/paste/silk/assembly, then multi-layer, holes, outline and the
   * rest; the ratline layer last. `side` is the side the viewer looks at.
   */
  drawOrder(side: 'top' | 'bottom', active?: number): number[] {
    const far = side === 'top' ? [10, 8, 6, 4, 2] : [9, 7, 5, 3, 1];
    const near = side === 'top' ? [1, 5, 7, 3, 9] : [2, 6, 8, 4, 10];
    const inner = this.innerLayers();
    if (side === 'top') inner.reverse();
    const head = [...far, ...inner, ...near];
    // The active copper layer is drawn above the other copper layers.
    if (active !== undefined && active !== near[0] && isCopper(active) && head.includes(active)) {
      head.splice(head.indexOf(active), 1);
      head.splice(head.indexOf(near[0]) + 1, 0, active);
    }
    const tail = [12, 47, 11, 13, 14, 48, 49, 50, 51, 56];
    const seen = new Set([...head, ...tail, 57]);
    const rest = this.all().map((l) => l.id).filter((id) => !seen.has(id));
    return [...head, ...tail, ...rest, 57];
  }
}

function validColor(v: unknown, dflt: string): string {
  return typeof v === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(v) ? v : dflt;
}
