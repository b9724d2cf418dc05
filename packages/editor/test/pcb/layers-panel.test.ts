import { describe, expect, it } from 'vitest';
import { LayersPanel } from '../../src/pcb/layers-panel.ts';
import { LayerTable } from '../../src/pcb/layers.ts';
import { findPcbDoc, pcbDocNames, sceneInputOf } from '../../src/pcb/load.ts';
import { PcbScene } from '../../src/pcb/scene.ts';
import { fixture } from './fixtures.ts';

describe('layers panel', () => {
  const a = fixture('STM32G431-mini');
  const ref = findPcbDoc(a, pcbDocNames(a).pcbs[0].uuid);
  const scene = new PcbScene(sceneInputOf(ref.text, ref.project, ref.uuid));

  it('[PCB-LAYERS] rows follow the stack-up; show/hide, colour, active layer notify and persist to LAYER records', () => {
    const p = new LayersPanel(scene.layers);
    let n = 0;
    p.subscribe(() => n++);
    expect(p.rows()[0].id).toBe(1);
    expect(p.rows()[1].id).toBe(2); // two-layer board: no inner layers
    p.toggle(3);
    expect(p.visibleIds()).not.toContain(3);
    p.setColor(1, '#123456');
    expect(p.paint(1).color).toBe('#123456');
    p.setColor(1, 'not a colour');
    expect(p.paint(1).color).toBe('#123456');
    expect(p.setActive(2)).toBe(true);
    expect(p.rows().find((r) => r.active)?.id).toBe(2);
    p.dimInactive = true;
    expect(p.paint(1).alpha).toBe(0.5);
    expect(n).toBeGreaterThanOrEqual(3);
    const recs = p.toRecords([['LAYER', 1, 'TOP', 'Top Layer', 3, '#ff0000', 1, '#7f0000', 0.5, 'extra'], ['LAYER', 3, 'TOP_SILK', 'Top Silkscreen Layer', 3, '#ffcc00', 1, '#7f6600', 0.5]]);
    expect(recs[0]).toEqual(['LAYER', 1, 'TOP', 'Top Layer', 3, '#123456', 1, '#7f0000', 0.5, 'extra']);
    expect(recs[1][4]).toBe(1); // used, hidden
    // the scene's own table is untouched
    expect(scene.layers.get(1).color).toBe('#ff0000');
  });

  it('[PCB-LAYERS] inner layers come from LAYER_PHYS; view from the bottom reverses the draw order', () => {
    const t = new LayerTable([['LAYER', 15, 'SIGNAL', 'Inner1', 3, '#999966', 1, '#4c4c33', 0.5], ['LAYER', 16, 'SIGNAL', 'Inner2', 3, '#008000', 1, '#004000', 0.5],
      ['LAYER_PHYS', 1], ['LAYER_PHYS', 15], ['LAYER_PHYS', 16], ['LAYER_PHYS', 2]]);
    const p = new LayersPanel(t);
    expect(p.copperLayers()).toEqual([1, 15, 16, 2]);
    expect(p.rows().slice(0, 4).map((r) => r.name)).toEqual(['Top Layer', 'Inner1', 'Inner2', 'Bottom Layer']);
    const top = p.drawOrder();
    p.setSide('bottom');
    expect(p.active).toBe(2);
    const bottom = p.drawOrder();
    expect(top.indexOf(1)).toBeGreaterThan(top.indexOf(2));
    expect(bottom.indexOf(2)).toBeGreaterThan(bottom.indexOf(1));
    expect(bottom.indexOf(16)).toBeGreaterThan(bottom.indexOf(15));
    expect(top.indexOf(15)).toBeGreaterThan(top.indexOf(16));
  });
});
