/**
 * The PCB editor's side of the library panel: a device (or a footprint alone) is brought into the
 * project (importPart), its footprint and device added to the open board's project context (taken
 * once when the PCB opens), and a component placed: at the drop point when dragged, else at the
 * centre of the view. One undo step; the pads get (empty) pad-net records like "Update Schematic
 * to PCB" gives them, so that wiring the schematic and updating the PCB fills their nets.
 */
import { useCallback, useState } from 'react';
import { mainBlockOr, parseDocuments } from '@copperplate/format';
import { Pad, PadNet, PcbAttr, PcbComponent } from '@copperplate/format/records';
import type { PcbEditor } from '@copperplate/editor';
import { toast } from '../ui/toasts.tsx';
import type { DocSync } from '../editors/doc-sync.ts';
import type { PcbView } from '../editors/pcb-view.ts';
import { componentDetail, importPart } from './library-api.ts';
import { partDropProps } from './part-drop.ts';
import { useLibraryAutoUpdate } from './auto-update.ts';

type Rec = unknown[];

export function usePcbLibrary(sync: DocSync, ed: PcbEditor, view: PcbView | null, canvas: HTMLCanvasElement | null, kick: () => void) {
  const [open, setOpen] = useState(false);
  useLibraryAutoUpdate(sync); // LIB-1, LIB-2: library parts of the project refreshed when the editor is idle
  const [busy, setBusy] = useState(false);
  const place = useCallback(async (uuid: string, at?: { x: number; y: number }) => {
    if (!view || !ed.opts.project) return;
    setBusy(true);
    try {
      const d = await componentDetail(uuid);
      const ids = await importPart(sync.session, d);
      const fp = d.type === 4 ? d : d.footprint;
      if (!fp?.dataStr) throw new Error('This part has no footprint');
      const recs = (mainBlockOr(parseDocuments(fp.dataStr), 'FOOTPRINT')?.records ?? []) as Rec[];
      const project = ed.opts.project as { footprint?: (u: string) => unknown; devices: Record<string, unknown> };
      const before = project.footprint?.bind(project);
      project.footprint = (u: string) => (u === fp.uuid ? recs : before?.(u)) as never;
      if (ids.device) project.devices[ids.device] = { title: d.title, attributes: d.fields.attributes ?? {} };
      const r = canvas?.getBoundingClientRect();
      const p = at ? view.toBoard(at.x, at.y) : r ? view.toBoard(r.left + r.width / 2, r.top + r.height / 2) : { x: 0, y: 0 };
      const x = Math.round(p.x / 5) * 5, y = Math.round(p.y / 5) * 5;
      const pads = [...new Set(recs.filter((x) => Pad.is(x)).map((x) => String(Pad.get(x, 'number'))).filter(Boolean))];
      const designator = `${d.designator || 'U'}?`;
      ed.commit('Place from the library', (tx) => {
        const id = tx.newId();
        const attr = (key: string, value: string, shown = false) => PcbAttr.create({
          id: tx.newId(), group: 0, parentId: id, layer: 3, x: shown ? x : null, y: shown ? y + 40 : null, key, value, keyVisible: false, valueVisible: shown,
          font: 'default', height: 40, strokeWidth: 6, bold: false, italic: false, origin: 6, angle: 0, reverse: false, expansion: 0, mirror: false, locked: false,
        });
        tx.add(PcbComponent.create({ id, group: 0, layer: 1, x, y, angle: 0, attrs: { 'Unique ID': '', 'Reuse Block': '', 'Group ID': '', 'Channel ID': '' }, locked: false }));
        if (ids.device) tx.add(attr('Device', ids.device));
        tx.add(attr('Footprint', fp.uuid));
        tx.add(attr('Designator', designator, true));
        for (const pad of pads) tx.add(PadNet.create({ componentId: id, padNumber: pad, net: '' }, { upToGiven: true }));
      });
      view.invalidate();
      kick();
    } catch (e) {
      toast((e as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  }, [sync, ed, view, canvas, kick]);
  const dropProps = partDropProps(place);
  return { open, setOpen, busy, place, dropProps };
}
