/**
 * 'Update Schematic to PCB' in the PCB editor: the board's schematic (the project's board entry
 * pairing it with this PCB) is read sheet by sheet, its parts and nets compared with the board
 * (packages/editor planUpdate), the changes listed, and applied as one commit (one undo step) when
 * the user confirms. Nothing changes before "Apply".
 */
import { useState } from 'react';
import { openDocument, type SheetInput } from '@copperplate/editor';
import type { PcbEditor } from '@copperplate/editor';
import { applyUpdate, describePlan, planUpdate, schematicParts, type UpdatePlan } from '@copperplate/editor';
import { CancelOk, Modal } from '../ui/Modal.tsx';
import { itemName } from '../project/http-session.ts';
import { contextOf } from '../project/painters.ts';
import type { ProjectSession } from '../project/types.ts';

const SHOWN = 400;

/** The sheets of the schematic paired with board `pcbId`, opened. */
async function boardSheets(session: ProjectSession, pcbId: string): Promise<SheetInput[] | string> {
  const snap = session.snapshot();
  const board = snap.detail.boards.find((b) => b.pcb === pcbId);
  if (!board?.sch) return 'This PCB is not paired with a schematic in a board.';
  const out: SheetInput[] = [];
  for (const [id, s] of snap.items.sheets) {
    if (s.schematic_uuid !== board.sch) continue;
    const item = await session.loadItem('sheets', id);
    if (typeof item?.dataStr !== 'string') continue;
    out.push({ name: itemName(item), doc: openDocument(item.dataStr) });
  }
  return out.length ? out : 'The schematic has no sheets.';
}

export function UpdateFromSchematic({ session, ed, pcbId, disabled, onApplied }: { session: ProjectSession; ed: PcbEditor; pcbId: string; disabled: boolean; onApplied: () => void }) {
  const [state, setState] = useState<{ plan?: UpdatePlan; lines?: string[]; error?: string; busy?: boolean } | null>(null);
  const open = async () => {
    setState({ busy: true });
    try {
      const sheets = await boardSheets(session, pcbId);
      if (typeof sheets === 'string') return setState({ error: sheets });
      const ctx = contextOf(session.snapshot().items);
      const plan = planUpdate(ed.doc, schematicParts(sheets, ctx.sch), ctx.pcb);
      setState({ plan, lines: describePlan(plan) });
    } catch (err) {
      setState({ error: err instanceof Error ? err.message : String(err) });
    }
  };
  const close = () => setState(null);
  const apply = () => {
    if (state?.plan) applyUpdate(ed, state.plan);
    close();
    onApplied();
  };
  const lines = state?.lines ?? [];
  return (
    <>
      <button type="button" className="btn small" disabled={disabled || state?.busy} onClick={() => void open()} title="Update Schematic to PCB: place the schematic's components and nets on this board">
        Update from schematic
      </button>
      {state && !state.busy && (
        <Modal
          title="Update Schematic to PCB"
          width={560}
          onClose={close}
          testId="update-from-schematic"
          footer={<CancelOk onCancel={close} onOk={apply} disabled={!lines.length} label={`Apply ${lines.length} changes`} />}
        >
          {state.error ? (
            <p className="form-error">{state.error}</p>
          ) : lines.length ? (
            <ul className="cp-changes" aria-label="Changes">
              {lines.slice(0, SHOWN).map((l, i) => (
                <li key={i}>{l}</li>
              ))}
              {lines.length > SHOWN && <li className="muted">… and {lines.length - SHOWN} more</li>}
            </ul>
          ) : (
            <p>The board is up to date with the schematic.</p>
          )}
        </Modal>
      )}
    </>
  );
}
