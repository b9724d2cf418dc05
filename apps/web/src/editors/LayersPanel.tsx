/**
 * The PCB layers panel: one row per layer in stack-up order (copper first, then the other used
 * layers): a visibility checkbox, the colour, the name (click: make it the active layer), and a
 * "view from bottom" switch. State lives in packages/editor's LayersPanel.
 */
import { useEffect, useReducer } from 'react';
import type { LayersPanel as PanelState } from '@copperplate/editor';

export function LayersPanel({ panel, onSide }: { panel: PanelState; onSide: (bottom: boolean) => void }) {
  // re-render in the same event as the change (controlled checkboxes must not lag a frame)
  const [, bump] = useReducer((x: number) => x + 1, 0);
  useEffect(() => panel.subscribe(bump), [panel]);
  const rows = panel.rows().filter((r) => r.used);
  return (
    <aside className="cp-layers" aria-label="Layers">
      <div className="cp-layers-head">
        <span>Layers</span>
        <label className="cp-check small" title="View the board from the bottom">
          <input type="checkbox" checked={panel.side === 'bottom'} onChange={(e) => onSide(e.target.checked)} />
          Bottom view
        </label>
      </div>
      <ul>
        {rows.map((r) => (
          <li key={r.id} className={r.active ? 'on' : ''} data-layer={r.id}>
            <input type="checkbox" aria-label={`Show ${r.name}`} checked={r.visible} onChange={() => panel.toggle(r.id)} />
            <span className="cp-swatch" style={{ background: r.color }} />
            <button type="button" className="cp-layer-name" aria-pressed={r.active} disabled={r.locked || (!r.copper && r.id === 12)} title={r.active ? `${r.name} (active)` : `Make ${r.name} the active layer`} onClick={() => panel.setActive(r.id)}>
              {r.name}
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
