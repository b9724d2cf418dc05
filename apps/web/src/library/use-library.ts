/**
 * The editors' side of the library panel: a part chosen in the panel is brought into the project
 * (importPart), added to the open editor's project context (which is taken once when a document
 * opens), and placed: at the drop point when dragged, else on the place tool (a click puts it).
 */
import { useCallback, useState } from 'react';
import { openDocument, type CanvasView, type PlaceTool, type SchContext } from '@copperplate/editor';
import { toast } from '../ui/toasts.tsx';
import type { DocSync } from '../editors/doc-sync.ts';
import { componentDetail, importPart } from './library-api.ts';
import { partDropProps } from './part-drop.ts';
import { useLibraryAutoUpdate } from './auto-update.ts';

export function useSchematicLibrary(sync: DocSync, view: CanvasView | null, ctx: SchContext, canvas: HTMLCanvasElement | null, kick: () => void) {
  const [open, setOpen] = useState(false);
  useLibraryAutoUpdate(sync); // LIB-1, LIB-2: library parts of the project refreshed when the editor is idle
  const [busy, setBusy] = useState(false);
  const place = useCallback(async (uuid: string, at?: { x: number; y: number }) => {
    const ed = view?.editor;
    if (!ed) return;
    setBusy(true);
    try {
      const d = await componentDetail(uuid);
      const ids = await importPart(sync.session, d);
      if (!ids.symbol) throw new Error('A footprint is placed in the PCB editor');
      const sym = d.type === 3 ? d.symbol! : d;
      if (!ctx.symbols.has(ids.symbol)) ctx.symbols.set(ids.symbol, { uuid: ids.symbol, title: sym.title, type: Number(sym.fields.docType ?? 2), doc: openDocument(sym.dataStr ?? '') });
      if (ids.device) ctx.devices[ids.device] = { title: d.title, attributes: (d.fields.attributes ?? {}) as Record<string, unknown> };
      if (ids.footprint && d.footprint) (ctx.footprints ??= {})[ids.footprint] = { title: d.footprint.title };
      if (at && canvas) {
        const r = canvas.getBoundingClientRect();
        const p = ed.grid.snapPt(view.viewport.toWorld(at.x - r.left, at.y - r.top));
        ed.placeComponent(ids.symbol, ids.device, p.x, p.y);
        view.invalidate();
      } else {
        (ed.tools.get('place') as PlaceTool).arm(ids.symbol, ids.device);
        ed.tools.activate('place');
        canvas?.focus();
      }
      kick();
    } catch (e) {
      toast((e as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  }, [sync, view, ctx, canvas, kick]);
  const dropProps = partDropProps(place);
  return { open, setOpen, busy, place, dropProps };
}
