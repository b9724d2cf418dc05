/**
 * Symbol editing on the symbol canvas: the Pin tool (a click adds a pin of length 10 pointing right
 * at the grid point, numbered after the last one), undo/redo (Ctrl+Z, Ctrl+Y), and "Generate from
 * pin list": lines of `name, number[, part]` laid out by the pin sorter of SPEC §5 (auto, sop or
 * qfn; packages/editor generateSymbol), replacing the symbol's content in one commit.
 * Frame: symbol 0.01 inch, Y up; grid 5 units.
 */
import { useEffect, useState } from 'react';
import { addPin, generateSymbol, num, type CanvasView, type EditorDocument } from '@copperplate/editor';
import { Head, SchAttr } from '@copperplate/format/records';
import type { PinRecord } from '@copperplate/model';
import { CancelOk, Modal } from '../ui/Modal.tsx';
import { Toolbar, type ToolButton } from './Toolbar.tsx';

const GRID = 5;

/** Pin-list text -> pin records; returns the 1-based numbers of unreadable lines instead when there are any. */
export function parsePinList(text: string): PinRecord[] | { bad: number[] } {
  const pins: PinRecord[] = [];
  const bad: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const [name = '', number = '', part] = line.split(/[,\t;]/).map((s) => s.trim());
    if (!number || number.length > 32 || name.length > 128) bad.push(i + 1);
    else pins.push(part ? { name, number, part } : { name, number });
  });
  return bad.length ? { bad } : pins;
}

function nextPinNumber(doc: EditorDocument): number {
  let n = 0;
  for (const [, r] of doc.ofType('ATTR')) if (SchAttr.raw(r, 'key') === 'NUMBER') n = Math.max(n, num(Number(SchAttr.get(r, 'value')), 0));
  return n + 1;
}

export function SymbolTools({ doc, view, canvas, readOnly, title, kick }: { doc: EditorDocument; view: CanvasView | null; canvas: HTMLCanvasElement | null; readOnly: boolean; title: string; kick: () => void }) {
  const [pinTool, setPinTool] = useState(false);
  const [gen, setGen] = useState<{ text: string; layout: string; error: string } | null>(null);

  useEffect(() => {
    if (!canvas || !view || readOnly) return;
    const onDown = (e: PointerEvent) => {
      if (!pinTool || e.button !== 0) return;
      const r = canvas.getBoundingClientRect();
      const p = view.viewport.toWorld(e.clientX - r.left, e.clientY - r.top);
      const x = Math.round(p.x / GRID) * GRID, y = Math.round(p.y / GRID) * GRID;
      const n = nextPinNumber(doc);
      doc.commit('Pin', (tx) => void addPin(tx, doc, { x, y, length: 10, rot: 0, name: `P${n}`, number: String(n) }));
    };
    const onKey = (e: KeyboardEvent) => {
      const k = e.key.toLowerCase(), mod = e.ctrlKey || e.metaKey;
      if (mod && k === 'z') doc[e.shiftKey ? 'redo' : 'undo']();
      else if (mod && k === 'y') doc.redo();
      else if (!mod && k === 'escape') setPinTool(false);
      else return;
      e.preventDefault();
    };
    canvas.addEventListener('pointerdown', onDown);
    canvas.addEventListener('keydown', onKey);
    return () => {
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('keydown', onKey);
    };
  }, [canvas, view, doc, pinTool, readOnly]);

  useEffect(() => doc.subscribe(kick), [doc, kick]);

  const generate = () => {
    if (!gen) return;
    const pins = parsePinList(gen.text);
    if (!Array.isArray(pins)) return setGen({ ...gen, error: `Lines ${pins.bad.join(', ')} need a name and a pin number.` });
    if (!pins.length) return setGen({ ...gen, error: 'Enter one pin per line.' });
    const made = generateSymbol(pins, { title, layout: gen.layout || undefined });
    doc.commit('Generate symbol', (tx) => {
      for (const k of doc.keys()) { const r = doc.get(k); if (!r || !Head.is(r)) tx.remove(k); }
      for (const k of made.keys()) { const r = made.get(k)!; if (!Head.is(r)) tx.add(r.slice()); }
    });
    setGen(null);
    view?.fit();
  };

  const groups: ToolButton[][] = [
    [{ label: 'Pin', glyph: 'line', active: pinTool, disabled: readOnly, onClick: () => { setPinTool(!pinTool); canvas?.focus(); } }],
    [
      { label: 'Undo', shortcut: 'Ctrl+Z', glyph: 'undo', disabled: readOnly || !doc.canUndo(), onClick: () => doc.undo() },
      { label: 'Redo', shortcut: 'Ctrl+Y', glyph: 'redo', disabled: readOnly || !doc.canRedo(), onClick: () => doc.redo() },
    ],
    [
      { label: 'Zoom in', shortcut: '+', glyph: 'zoomIn', disabled: !view, onClick: () => { view?.viewport.zoomBy(1.25); view?.invalidate(); kick(); } },
      { label: 'Zoom out', shortcut: '-', glyph: 'zoomOut', disabled: !view, onClick: () => { view?.viewport.zoomBy(0.8); view?.invalidate(); kick(); } },
      { label: 'Fit all', shortcut: 'K', glyph: 'fit', disabled: !view, onClick: () => { view?.fit(); kick(); } },
    ],
  ];
  return (
    <Toolbar label="Symbol tools" groups={groups}>
      <button type="button" className="btn small" disabled={readOnly} onClick={() => setGen({ text: '', layout: '', error: '' })}>
        Generate from pin list…
      </button>
      {gen && (
        <Modal
          title="Generate symbol from a pin list"
          width={520}
          onClose={() => setGen(null)}
          testId="generate-symbol"
          footer={<CancelOk onCancel={() => setGen(null)} onOk={generate} label="Generate" />}
        >
          <label className="field">
            <span>Pins: name, number[, part] — one per line</span>
            <textarea rows={10} value={gen.text} onChange={(e) => setGen({ ...gen, text: e.target.value, error: '' })} placeholder={'VCC, 1\nGND, 2\nPA0, 3'} />
          </label>
          <label className="field">
            <span>Layout</span>
            <select value={gen.layout} onChange={(e) => setGen({ ...gen, layout: e.target.value })}>
              <option value="">Automatic (SOP under 48 pins, else QFN)</option>
              <option value="sop">SOP (left and right)</option>
              <option value="qfn">QFN (four sides)</option>
            </select>
          </label>
          <p className="small muted">The symbol's content is replaced (one undo step).</p>
          {gen.error && <p className="form-error small">{gen.error}</p>}
        </Modal>
      )}
    </Toolbar>
  );
}
