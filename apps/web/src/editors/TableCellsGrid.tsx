/**
 * The cells of the selected schematic TABLE in the side panel. Click a cell, Shift+click another to
 * select a block; Ctrl+C copies it (table-cells.ts: this tab, the local store and the user's cloud
 * cache), Ctrl+V pastes the newest copy (of any tab or browser of the user) from the first selected
 * cell on. Double-click a cell (or on the canvas), F2 / Enter, or just type to edit its text: Enter or
 * leaving the cell writes it, Escape drops it. The buttons add and remove rows and columns at the
 * chosen cell. Every change is one commit (one undo step) of the sheet, saved and synced like any edit.
 */
import { useEffect, useRef, useState } from 'react';
import { insertLine, removeLine, setCellValue, tableShape, type EditorDocument, type TableCellInfo } from '@copperplate/editor';
import { copyCells, pasteCells, pullCells, type CellRange, type CellStores } from './table-cells.ts';
import { httpCache } from '../lib/cloud-clipboard.ts';
import { pageStore } from '../project/sync-session.ts';
import { toast } from '../ui/toasts.tsx';

const browserStores: CellStores = { local: pageStore, cloud: httpCache };

export interface CellEditRequest { cell: string; n: number }

export function TableCellsGrid({ doc, tableId, readOnly, onChanged, stores = browserStores, editRequest, onActiveCell }: {
  doc: EditorDocument; tableId: string; readOnly: boolean; onChanged: () => void; stores?: CellStores;
  /** Open this cell for editing (a double-click on the canvas); `n` tells requests apart. */
  editRequest?: CellEditRequest | null;
  /** The chosen cell (the editor's table actions act on it). */
  onActiveCell?: (key: string | undefined) => void;
}) {
  const [range, setRange] = useState<CellRange | null>(null);
  const [editing, setEditingState] = useState<{ key: string; value: string } | null>(null);
  // what commit writes: a ref, so that a blur after Escape (the input going away) writes nothing
  const editRef = useRef<{ key: string; value: string } | null>(null);
  const setEditing = (v: { key: string; value: string } | null) => { editRef.current = v; setEditingState(v); };
  const tableRef = useRef<HTMLTableElement>(null);
  const shape = tableShape(doc, tableId);
  const cells = shape?.cells ?? [];
  const rows = shape?.rowHeights.length ?? 0;
  const cols = shape?.colWidths.length ?? 0;
  const at = new Map(cells.map((c) => [`${c.row}:${c.col}`, c]));
  const covered = new Set<string>();
  for (const c of cells) for (let i = 0; i < c.rowSpan; i++) for (let j = 0; j < c.colSpan; j++) if (i || j) covered.add(`${c.row + i}:${c.col + j}`);
  const inRange = (r: number, c: number) => !!range && r >= Math.min(range.r0, range.r1) && r <= Math.max(range.r0, range.r1) && c >= Math.min(range.c0, range.c1) && c <= Math.max(range.c0, range.c1);
  const chosen: TableCellInfo | undefined = range ? at.get(`${Math.min(range.r0, range.r1)}:${Math.min(range.c0, range.c1)}`) : undefined;

  useEffect(() => { onActiveCell?.(chosen?.key); }, [chosen?.key, onActiveCell]);
  useEffect(() => () => onActiveCell?.(undefined), [onActiveCell]);
  useEffect(() => {
    const c = editRequest && cells.find((x) => x.key === editRequest.cell);
    if (!c || readOnly) return;
    setRange({ r0: c.row, c0: c.col, r1: c.row, c1: c.col });
    setEditing({ key: c.key, value: c.value });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editRequest?.n]);

  const commit = () => {
    const e = editRef.current;
    if (!e) return;
    setEditing(null);
    if (!readOnly && setCellValue(doc, e.key, e.value)) onChanged();
    tableRef.current?.focus();
  };
  const line = (f: () => boolean) => {
    if (readOnly || !chosen) return;
    if (f()) { setRange(null); onChanged(); }
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (editing || !range) return;
    if (e.ctrlKey || e.metaKey) {
      const k = e.key.toLowerCase();
      if (k !== 'c' && k !== 'v') return;
      e.preventDefault();
      e.stopPropagation(); // the canvas's copy and paste are for records
      if (k === 'c') {
        void copyCells(doc, tableId, range, stores).then((b) => toast(`${b.rows.length * (b.rows[0]?.length ?? 0)} cells copied`, 'success', 3000));
      } else if (!readOnly) {
        void pullCells(stores).catch(() => false).then(() => {
          const n = pasteCells(doc, tableId, Math.min(range.r0, range.r1), Math.min(range.c0, range.c1));
          toast(n ? `${n} cells pasted` : 'Nothing to paste', n ? 'success' : 'info', 3000);
          onChanged();
        });
      }
      return;
    }
    if (readOnly || !chosen || e.altKey) return;
    // typing starts editing the chosen cell (the key replaces its text); F2 / Enter edit it as it is
    if (e.key.length === 1) setEditing({ key: chosen.key, value: e.key });
    else if (e.key === 'F2' || e.key === 'Enter') setEditing({ key: chosen.key, value: chosen.value });
    else if (e.key === 'Delete' || e.key === 'Backspace') { if (setCellValue(doc, chosen.key, '')) onChanged(); }
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const btn = (label: string, title: string, f: () => boolean) => (
    <button type="button" className="btn small" disabled={readOnly || !chosen} title={title} onClick={() => line(f)}>
      {label}
    </button>
  );
  return (
    <section className="cp-props cp-table-cells" aria-label="Table cells">
      <div className="cp-props-head">Cells <span className="muted small">(double-click or type to edit; Shift+click a block, Ctrl+C / Ctrl+V)</span></div>
      <div className="row gap wrap" role="group" aria-label="Rows and columns">
        {btn('+ Row above', 'Insert a row above the chosen cell', () => insertLine(doc, tableId, 'row', chosen!.row))}
        {btn('+ Row below', 'Insert a row below the chosen cell', () => insertLine(doc, tableId, 'row', chosen!.row + chosen!.rowSpan))}
        {btn('+ Column left', 'Insert a column left of the chosen cell', () => insertLine(doc, tableId, 'col', chosen!.col))}
        {btn('+ Column right', 'Insert a column right of the chosen cell', () => insertLine(doc, tableId, 'col', chosen!.col + chosen!.colSpan))}
        {btn('− Row', 'Remove the chosen cell\'s row', () => removeLine(doc, tableId, 'row', chosen!.row))}
        {btn('− Column', 'Remove the chosen cell\'s column', () => removeLine(doc, tableId, 'col', chosen!.col))}
      </div>
      <table ref={tableRef} tabIndex={0} onKeyDown={onKeyDown} className="cp-cells" aria-label="Cells">
        <tbody>
          {Array.from({ length: rows }, (_, r) => (
            <tr key={r}>
              {Array.from({ length: cols }, (_, c) => {
                if (covered.has(`${r}:${c}`)) return null;
                const cell = at.get(`${r}:${c}`);
                const isEditing = !!cell && editing?.key === cell.key;
                return (
                  <td
                    key={c}
                    data-cell={`${r}:${c}`}
                    rowSpan={cell && cell.rowSpan > 1 ? cell.rowSpan : undefined}
                    colSpan={cell && cell.colSpan > 1 ? cell.colSpan : undefined}
                    aria-selected={inRange(r, c)}
                    onMouseDown={(e) => { if (!isEditing) setRange(e.shiftKey && range ? { ...range, r1: r, c1: c } : { r0: r, c0: c, r1: r, c1: c }); }}
                    onDoubleClick={() => { if (cell && !readOnly) setEditing({ key: cell.key, value: cell.value }); }}
                  >
                    {isEditing ? (
                      <input
                        autoFocus
                        aria-label={`Cell ${r + 1}, ${c + 1}`}
                        value={editing.value}
                        onChange={(e) => setEditing({ key: cell.key, value: e.target.value })}
                        onBlur={commit}
                        onKeyDown={(e) => {
                          e.stopPropagation();
                          if (e.key === 'Enter') { e.preventDefault(); commit(); }
                          else if (e.key === 'Escape') { e.preventDefault(); setEditing(null); tableRef.current?.focus(); }
                        }}
                      />
                    ) : (
                      cell?.value ?? ''
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
