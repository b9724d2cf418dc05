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
import { buildNetlist, type SheetInput } from '../sch/netlist.ts';
import type { SchContext } from '../sch/context.ts';
import { componentInfos, type PcbProject } from './scene.ts';
import { emptyBox, isEmptyBox, unionBox } from './geom.ts';
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
      for (const ak of doc.childrenOf(str(r[1]) || key)) { const a = doc.get(ak)!; if (a[0] === 'ATTR') attrs.set(str(a[3]), str(a[4])); }
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
      out.push({ uniqueId, schId: str(r[1]) || key, designator: attrs.get('Designator') ?? '', device, footprint, pinNets });
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

function padNumbers(project: PcbProject | undefined, fp: string): string[] {
  const recs = project?.footprint?.(fp) ?? [];
  const out: string[] = [];
  for (const r of recs) if (r[0] === 'PAD' && !out.includes(str(r[5]))) out.push(str(r[5]));
  return out;
}

/** Compare the schematic with the board: what an update would change (nothing is changed). */
export function planUpdate(doc: EditorDocument, parts: SchPart[], project?: PcbProject): UpdatePlan {
  const entries = doc.keys().map((k) => [k, doc.get(k)!] as [string, Rec]);
  const infos = componentInfos(entries);
  const byUid = new Map<string, { key: string; id: string }>();
  for (const [k, r] of entries) if (r[0] === 'COMPONENT') { const uid = str((r[7] as Record<string, unknown> | null)?.['Unique ID']); if (uid) byUid.set(uid, { key: k, id: str(r[1]) }); }
  const changes: UpdateChange[] = [];
  const nets = new Set(entries.filter(([, r]) => r[0] === 'NET').map(([, r]) => str(r[1])));
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

/** Apply a plan (or a chosen subset of its changes) as one commit. New components are placed in a row beside the board. */
export function applyUpdate(ed: PcbEditor, plan: UpdatePlan, only?: (c: UpdateChange) => boolean): number {
  const changes = plan.changes.filter((c) => !only || only(c));
  if (!changes.length) return 0;
  const doc = ed.doc;
  const partOf = new Map(plan.parts.map((p) => [p.uniqueId, p]));
  let box = emptyBox();
  for (const k of doc.keys()) { const b = ed.boxOf(k); if (b) box = unionBox(box, b); }
  let px = isEmptyBox(box) ? 0 : box.maxX + 200, py = isEmptyBox(box) ? 0 : box.maxY;
  const compIds = new Map<string, string>(); // uid -> component id
  for (const k of doc.keys()) { const r = doc.get(k)!; if (r[0] === 'COMPONENT') compIds.set(str((r[7] as Record<string, unknown> | null)?.['Unique ID']), str(r[1])); }
  ed.commit('Update Schematic to PCB', (tx) => {
    const padNetKey = (compId: string, pad: string) => doc.keys().find((k) => { const r = tx.get(k); return r?.[0] === 'PAD_NET' && r[1] === compId && str(r[2]) === pad; });
    const attrKey = (compId: string, key: string) => doc.keys().find((k) => { const r = tx.get(k); return r?.[0] === 'ATTR' && r[3] === compId && r[7] === key; });
    for (const c of changes) {
      if (c.kind === 'add-net') tx.add(['NET', c.net, null, null, 1, null, 0, null]);
      else if (c.kind === 'add-component') {
        const p = partOf.get(c.uniqueId)!;
        const id = tx.newId();
        tx.add(['COMPONENT', id, 0, 1, px, py, 0, { 'Unique ID': p.uniqueId, 'Reuse Block': '', 'Group ID': '', 'Channel ID': `$1${p.schId}` }, 0]);
        for (const [key, value] of [['Device', p.device], ['Footprint', p.footprint], ['Designator', p.designator]] as const) {
          tx.add(['ATTR', tx.newId(), 0, id, 3, null, null, key, value, 0, 0, 'default', 45, 6, 0, 0, 3, 0, 0, 0, 0, 0]);
        }
        const pads = padNumbers(ed.opts.project, p.footprint);
        for (const pad of pads) tx.add(['PAD_NET', id, pad, p.pinNets.get(pad) ?? '']);
        compIds.set(p.uniqueId, id);
        px += 300;
        if (px > (isEmptyBox(box) ? 3000 : box.maxX + 3000)) { px = isEmptyBox(box) ? 0 : box.maxX + 200; py -= 300; }
      } else if (c.kind === 'remove-component') {
        const id = str(tx.get(c.key)?.[1]);
        for (const k of doc.keys()) { const r = tx.get(k); if (r && ((r[0] === 'ATTR' && r[3] === id) || (r[0] === 'PAD_NET' && r[1] === id))) tx.remove(k); }
        tx.remove(c.key);
      } else if (c.kind === 'designator' || c.kind === 'footprint') {
        const id = str(tx.get(c.key)?.[1]);
        const ak = attrKey(id, c.kind === 'designator' ? 'Designator' : 'Footprint');
        if (ak) tx.update(ak, (r) => { const o = r.slice(); o[8] = c.to; return o; });
        else tx.add(['ATTR', tx.newId(), 0, id, 3, null, null, c.kind === 'designator' ? 'Designator' : 'Footprint', c.to, 0, 0, 'default', 45, 6, 0, 0, 3, 0, 0, 0, 0, 0]);
      } else if (c.kind === 'pad-net') {
        const id = compIds.get(c.uniqueId);
        if (!id) continue;
        const k = padNetKey(id, c.pad);
        if (k) tx.update(k, (r) => { const o = r.slice(); o[3] = c.to; return o; });
        else tx.add(['PAD_NET', id, c.pad, c.to]);
      }
    }
  });
  return changes.length;
}

export { num };
