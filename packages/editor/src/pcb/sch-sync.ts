/**
 * 'Update Schematic to PCB': the schematic's components become footprints on the board (through
 * their devices) and its nets become PAD_NET records (hence the ratsnest). A later update compares by
 * the components' Unique ID and applies only the differences; `planUpdate` lists them first,
 * `applyUpdate` applies a plan as one commit (one undo step).
 * Netlist: the schematic engineer's connectivity (sch/netlist.ts, buildNetlist).
 * Board frame: mil, Y up.
 */
import type { EditorDocument } from '../core/document.ts';
import { type Rec, num, str } from '../core/records.ts';
import { Net, Pad, PadNet, PcbAttr, PcbComponent, SchAttr, SchComponent } from '@copperplate/format/records';
import { buildNetlist, type SheetInput } from '../sch/netlist.ts';
import type { SchContext } from '../sch/context.ts';
import { componentInfos, type PcbProject } from './scene.ts';
import type { Box } from '@copperplate/board';
import { footprintBox, placeParts } from './place-parts.ts';
import type { PcbEditor } from './editor.ts';

export interface SchPart {
  uniqueId: string;
  /** Schematic component id (Channel ID is "$1" + it). */
  schId: string;
  designator: string;
  device: string;
  footprint: string;
  /** pin number -> net name */
  pinNets: Map<string, string>;
  /** The sheet and the position on it (0.01 inch): new parts are grouped on the board as on the schematic. */
  sheet: string;
  x: number;
  y: number;
}

/** Parts and pin nets of a schematic (all its sheets). Components without a footprint are left out. */
export function schematicParts(sheets: SheetInput[], ctx: SchContext): SchPart[] {
  const nets = buildNetlist(sheets, ctx);
  const pinNet = new Map<string, string>(); // sheet|component|number -> net
  for (const n of nets) for (const p of n.pins) pinNet.set(`${p.sheet}|${p.component}|${p.number}`, n.name);
  const out: SchPart[] = [];
  const seen = new Set<string>();
  for (const { name: sheet, doc } of sheets) {
    for (const [key, r] of doc.ofType('COMPONENT')) {
      const attrs = new Map<string, string>();
      const schId = SchComponent.get(r, 'id');
      for (const ak of doc.childrenOf(schId || key)) { const a = doc.get(ak)!; if (SchAttr.is(a)) attrs.set(SchAttr.get(a, 'key'), SchAttr.get(a, 'value')); }
      const device = attrs.get('Device') ?? '';
      const footprint = attrs.get('Footprint') || str(ctx.devices[device]?.attributes?.Footprint);
      if (!footprint) continue;
      let uniqueId = attrs.get('Unique ID') || `${sheet}:${key}`;
      if (seen.has(uniqueId)) uniqueId = `${uniqueId}:${sheet}:${key}`;
      seen.add(uniqueId);
      const pinNets = new Map<string, string>();
      for (const [k, v] of pinNet) {
        const [s, c, numb] = k.split('|');
        if (s === sheet && c === key) pinNets.set(numb, v);
      }
      out.push({ uniqueId, schId: schId || key, designator: attrs.get('Designator') ?? '', device, footprint, pinNets, sheet, x: SchComponent.get(r, 'x'), y: SchComponent.get(r, 'y') });
    }
  }
  return out;
}

export type UpdateChange =
  | { kind: 'add-component'; uniqueId: string; designator: string; footprint: string }
  | { kind: 'remove-component'; uniqueId: string; designator: string; key: string }
  | { kind: 'designator'; uniqueId: string; key: string; from: string; to: string }
  | { kind: 'footprint'; uniqueId: string; key: string; from: string; to: string }
  | { kind: 'pad-net'; uniqueId: string; designator: string; pad: string; from: string; to: string }
  | { kind: 'add-net'; net: string };

export interface UpdatePlan { changes: UpdateChange[]; parts: SchPart[] }

/** Human-readable lines of a plan (the list shown before applying). */
export function describePlan(p: UpdatePlan): string[] {
  return p.changes.map((c) => {
    switch (c.kind) {
      case 'add-component': return `Add component ${c.designator} (${c.footprint})`;
      case 'remove-component': return `Remove component ${c.designator}`;
      case 'designator': return `Rename ${c.from} to ${c.to}`;
      case 'footprint': return `Change footprint of ${c.uniqueId}: ${c.from} -> ${c.to}`;
      case 'pad-net': return `Pad ${c.designator}.${c.pad}: net ${c.from || '(none)'} -> ${c.to || '(none)'}`;
      case 'add-net': return `Add net ${c.net}`;
    }
  });
}

/** The "Unique ID" a PCB component carries in its attrs object (links it to its schematic part). */
function uniqueIdOf(r: Rec): string {
  const attrs = PcbComponent.get(r, 'attrs') as Record<string, unknown> | null | undefined;
  return str(attrs?.['Unique ID']);
}

function padNumbers(project: PcbProject | undefined, fp: string): string[] {
  const recs = project?.footprint?.(fp) ?? [];
  const out: string[] = [];
  for (const r of recs) if (Pad.is(r) && !out.includes(Pad.get(r, 'number'))) out.push(Pad.get(r, 'number'));
  return out;
}

/** Compare the schematic with the board: what an update would change (nothing is changed). */
export function planUpdate(doc: EditorDocument, parts: SchPart[], project?: PcbProject): UpdatePlan {
  const entries = doc.keys().map((k) => [k, doc.get(k)!] as [string, Rec]);
  const infos = componentInfos(entries);
  const byUid = new Map<string, { key: string; id: string }>();
  for (const [k, r] of entries) if (PcbComponent.is(r)) { const uid = uniqueIdOf(r); if (uid) byUid.set(uid, { key: k, id: PcbComponent.get(r, 'id') }); }
  const changes: UpdateChange[] = [];
  const nets = new Set(entries.filter(([, r]) => Net.is(r)).map(([, r]) => Net.get(r, 'name')));
  const wanted = new Set<string>();
  for (const p of parts) {
    for (const n of p.pinNets.values()) if (n && !nets.has(n)) { nets.add(n); changes.push({ kind: 'add-net', net: n }); }
    wanted.add(p.uniqueId);
    const on = byUid.get(p.uniqueId);
    if (!on) { changes.push({ kind: 'add-component', uniqueId: p.uniqueId, designator: p.designator, footprint: p.footprint }); continue; }
    const info = infos.get(on.id)!;
    if ((info.designator ?? '') !== p.designator) changes.push({ kind: 'designator', uniqueId: p.uniqueId, key: on.key, from: info.designator ?? '', to: p.designator });
    if ((info.footprintUuid ?? '') !== p.footprint && info.footprintUuid) changes.push({ kind: 'footprint', uniqueId: p.uniqueId, key: on.key, from: info.footprintUuid, to: p.footprint });
    const pads = new Set([...padNumbers(project, p.footprint), ...info.padNets.keys()]);
    for (const pad of pads) {
      const from = info.padNets.get(pad) ?? '', to = p.pinNets.get(pad) ?? '';
      if (from !== to) changes.push({ kind: 'pad-net', uniqueId: p.uniqueId, designator: p.designator, pad, from, to });
    }
  }
  for (const [uid, on] of byUid) if (!wanted.has(uid)) changes.push({ kind: 'remove-component', uniqueId: uid, designator: infos.get(on.id)?.designator ?? '', key: on.key });
  return { changes, parts };
}

/**
 * Apply a plan (or a chosen subset of its changes) as one commit. New components land to the right of
 * the board outline, grouped as on the schematic (place-parts.ts), with their designator shown on the
 * silkscreen above the footprint.
 */
export function applyUpdate(ed: PcbEditor, plan: UpdatePlan, only?: (c: UpdateChange) => boolean): number {
  const changes = plan.changes.filter((c) => !only || only(c));
  if (!changes.length) return 0;
  const doc = ed.doc;
  const partOf = new Map(plan.parts.map((p) => [p.uniqueId, p]));
  const fpOf = (p: SchPart) => ed.opts.project?.footprint?.(p.footprint);
  const adds = changes.filter((c) => c.kind === 'add-component').map((c) => partOf.get(c.uniqueId)!).filter(Boolean);
  const taken: Box[] = [];
  for (const k of doc.keys()) { const r = doc.get(k)!; const b = ed.boxOf(k); if (b && PcbComponent.is(r)) taken.push(b); }
  const at = placeParts(adds.map((p) => ({ uniqueId: p.uniqueId, sheet: p.sheet, x: p.x, y: p.y, footprint: fpOf(p) })), ed.boardBox(), taken);
  const compIds = new Map<string, string>(); // uid -> component id
  for (const k of doc.keys()) { const r = doc.get(k)!; if (PcbComponent.is(r)) compIds.set(uniqueIdOf(r), PcbComponent.get(r, 'id')); }
  ed.commit('Update Schematic to PCB', (tx) => {
    const padNetKey = (compId: string, pad: string) => doc.keys().find((k) => { const r = tx.get(k); return r !== undefined && PadNet.is(r) && PadNet.raw(r, 'componentId') === compId && PadNet.get(r, 'padNumber') === pad; });
    const attrKey = (compId: string, key: string) => doc.keys().find((k) => { const r = tx.get(k); return r !== undefined && PcbAttr.is(r) && PcbAttr.raw(r, 'parentId') === compId && PcbAttr.raw(r, 'key') === key; });
    const newAttr = (parentId: string, key: string, value: string) => PcbAttr.create({
      id: tx.newId(), group: 0, parentId, layer: 3, x: null, y: null, key, value, keyVisible: false, valueVisible: false,
      font: 'default', height: 45, strokeWidth: 6, bold: false, italic: false, origin: 3, angle: 0, reverse: false, expansion: 0, mirror: false, locked: false,
    });
    for (const c of changes) {
      if (c.kind === 'add-net') tx.add(Net.create({ name: c.net }));
      else if (c.kind === 'add-component') {
        const p = partOf.get(c.uniqueId)!;
        const id = tx.newId();
        const { x, y } = at.get(p.uniqueId) ?? { x: 0, y: 0 };
        tx.add(PcbComponent.create({ id, group: 0, layer: 1, x, y, angle: 0, attrs: { 'Unique ID': p.uniqueId, 'Reuse Block': '', 'Group ID': '', 'Channel ID': `$1${p.schId}` }, locked: false }));
        for (const [key, value] of [['Device', p.device], ['Footprint', p.footprint]] as const) tx.add(newAttr(id, key, value));
        // the designator on the top silkscreen, centred above the footprint
        const fb = footprintBox(fpOf(p));
        tx.add(PcbAttr.with(newAttr(id, 'Designator', p.designator), { x: x + Math.round((fb.minX + fb.maxX) / 2), y: y + Math.round(fb.maxY) + 15, valueVisible: true, origin: 6, height: 40 }));
        const pads = padNumbers(ed.opts.project, p.footprint);
        for (const pad of pads) tx.add(PadNet.create({ componentId: id, padNumber: pad, net: p.pinNets.get(pad) ?? '' }, { upToGiven: true }));
        compIds.set(p.uniqueId, id);
      } else if (c.kind === 'remove-component') {
        const cr = tx.get(c.key);
        const id = cr ? PcbComponent.get(cr, 'id') : '';
        for (const k of doc.keys()) { const r = tx.get(k); if (r && ((PcbAttr.is(r) && PcbAttr.raw(r, 'parentId') === id) || (PadNet.is(r) && PadNet.raw(r, 'componentId') === id))) tx.remove(k); }
        tx.remove(c.key);
      } else if (c.kind === 'designator' || c.kind === 'footprint') {
        const cr = tx.get(c.key);
        const id = cr ? PcbComponent.get(cr, 'id') : '';
        const ak = attrKey(id, c.kind === 'designator' ? 'Designator' : 'Footprint');
        if (ak) tx.update(ak, (r) => PcbAttr.with(r, { value: c.to }));
        else tx.add(newAttr(id, c.kind === 'designator' ? 'Designator' : 'Footprint', c.to));
      } else if (c.kind === 'pad-net') {
        const id = compIds.get(c.uniqueId);
        if (!id) continue;
        const k = padNetKey(id, c.pad);
        if (k) tx.update(k, (r) => PadNet.with(r, { net: c.to }));
        else tx.add(PadNet.create({ componentId: id, padNumber: c.pad, net: c.to }, { upToGiven: true }));
      }
    }
  });
  return changes.length;
}

export { num };
