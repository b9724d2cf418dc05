/**
 * The layers panel as headless state: show/hide, colours, the active layer, inner layers from the
 * stack-up (LAYER_PHYS), view from the bottom. Changes notify subscribers; `toRecords` gives the
 * LAYER records for saving (state bits 1 used, 2 visible, 4 locked) keeping unknown trailing fields.
 */
import type { Rec } from '../core/records.ts';
import { type LayerInfo, LayerTable, isCopper, L } from './layers.ts';
import { Layer } from '@copperplate/format/records';

export interface PanelRow extends LayerInfo { active: boolean; copper: boolean }

export class LayersPanel {
  readonly table: LayerTable;
  active: number;
  side: 'top' | 'bottom' = 'top';
  /** Dim the layers that are not active (inactive colour and alpha). */
  dimInactive = false;
  private listeners = new Set<() => void>();

  constructor(table: LayerTable, active: number = L.TOP) {
    this.table = table.clone();
    this.active = active;
  }

  /** Rows in panel order: copper stack-up top to bottom, then the other used layers by id. */
  rows(): PanelRow[] {
    const copper = this.table.copperLayers();
    const rest = this.table.all().filter((l) => l.used && !copper.includes(l.id) && l.id !== L.MULTI);
    const ids = [...copper, L.MULTI, ...rest.map((l) => l.id)];
    return ids.map((id) => ({ ...this.table.get(id), active: id === this.active, copper: isCopper(id) }));
  }

  /** Copper layers a route may use (stack-up order). */
  copperLayers(): number[] { return this.table.copperLayers(); }

  setVisible(id: number, visible: boolean): void { this.table.get(id).visible = visible; this.emit(); }
  toggle(id: number): void { this.setVisible(id, !this.table.get(id).visible); }
  showOnly(ids: number[]): void { for (const l of this.table.all()) l.visible = ids.includes(l.id); this.emit(); }
  setColor(id: number, color: string): void {
    if (!/^#[0-9a-fA-F]{6}$/.test(color)) return;
    this.table.get(id).color = color;
    this.emit();
  }
  /** Make a layer active (it becomes visible); locked or unused layers cannot be active. */
  setActive(id: number): boolean {
    const l = this.table.get(id);
    if (l.locked || !l.used) return false;
    this.active = id;
    l.visible = true;
    this.emit();
    return true;
  }
  /** Flip the view: looking at the board from the bottom; the active copper layer follows. */
  setSide(side: 'top' | 'bottom'): void {
    this.side = side;
    if (side === 'bottom' && this.active === L.TOP) this.active = L.BOTTOM;
    if (side === 'top' && this.active === L.BOTTOM) this.active = L.TOP;
    this.emit();
  }
  visibleIds(): number[] { return this.table.all().filter((l) => l.used && l.visible).map((l) => l.id); }
  drawOrder(): number[] { return this.table.drawOrder(this.side, this.active); }
  /** Colour and alpha a layer is drawn with now. */
  paint(id: number): { color: string; alpha: number } {
    const l = this.table.get(id);
    return this.dimInactive && id !== this.active ? { color: l.inactiveColor, alpha: l.inactiveAlpha } : { color: l.color, alpha: l.alpha };
  }

  /** The document's LAYER records updated with the panel's colours and visibility. */
  toRecords(existing: readonly Rec[]): Rec[] {
    return existing.map((r) => {
      if (!Layer.is(r)) return r;
      const l = this.table.get(Layer.get(r, 'id'));
      const bits = (l.used ? 1 : 0) | (l.visible ? 2 : 0) | (l.locked ? 4 : 0);
      return Layer.with(r, { state: bits, color: l.color });
    });
  }

  subscribe(fn: () => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }
  private emit(): void { for (const f of this.listeners) f(); }
}
