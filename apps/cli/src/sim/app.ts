/**
 * What the web app does with a project, done by a simulated tab through its sync session the way
 * apps/web/src/project/{copy,paste}.ts do it: edit records, add and delete sheets, copy a page to
 * the clipboard and paste it (with the symbol it uses) into another project, copy a schematic or a
 * board, back up a project and restore the backup as a new project. The oracle learns what each
 * action saved.
 */
import type { HttpTransport, ItemData, Kind } from '@copperplate/sync';
import type { SimClient } from './client.ts';
import { HEADER, Oracle, PCB_HEADER, SYM_HEADER, TEXT_KINDS, ownRecords, withRecord, type DocRef } from './docs.ts';
import { readProject } from './check.ts';
import type { Rng } from './rng.ts';

/** A project of the simulation: its main schematic and PCB, and the documents tabs may edit. */
export interface SimProject { uuid: string; sch: string; pcb: string; symbol: string; docs: DocRef[] }

export interface SimWorldState {
  label: string;
  rng: Rng;
  oracle: Oracle;
  admin: HttpTransport;
  projects: SimProject[];
  seq: { rec: number; doc: number; backup: number };
  counts: { switches: number; pastes: number; copies: number; restores: number };
}

/** At most this many projects (the two made at the start plus restored ones): keeps a seed fast. */
export const MAX_PROJECTS = 4;

const projectOf = (w: SimWorldState, uuid: string): SimProject => w.projects.find((p) => p.uuid === uuid)!;

/** Everything but the sync fields: a copy is a new item (copy.ts `fresh`). */
function fresh(d: ItemData): ItemData {
  const { ticket: _t, base_ticket: _b, updateTime: _u, ...rest } = d;
  return rest;
}

/** Creates a project in the cloud with a schematic of two pages, a symbol and a PCB on one board. */
export async function makeProject(w: SimWorldState, n: number): Promise<SimProject> {
  const created = await w.admin.createProject(`sim-${w.label}-${n}`);
  if (!created.success) throw new Error(`cannot create a simulation project: ${created.message}`);
  const P = created.result.uuid;
  // The same document keys in every project (a page confusing projects would show), but not the symbol.
  const sch = `${w.label}-sch`, pcb = `${w.label}-pcb0`, symbol = `${w.label}-sym${n}`;
  const sheets = [`${w.label}-shared0`, `${w.label}-shared1`];
  const writes: [Kind, ItemData][] = [
    ['schematics', { uuid: sch, name: 'SimSchematic', display_name: 'SimSchematic', sort: sheets }], // the create call's board has Schematic1 (ERR-2: names are unique)
    ...sheets.map((k, i): [Kind, ItemData] => ['sheets', { uuid: k, schematic_uuid: sch, title: k, display_title: k, sheet_id: i + 1, dataStr: HEADER.join('\n') }]),
    ['symbols', { uuid: symbol, title: symbol, display_title: symbol, docType: 2, dataStr: SYM_HEADER.join('\n') }],
    ['pcbs', { uuid: pcb, title: 'PCB1', display_title: 'PCB1', dataStr: PCB_HEADER.join('\n') }],
  ];
  for (const [kind, item] of writes) {
    const r = await w.admin.bulk(P, kind, [{ ...item, base_ticket: 0 }], `${w.label}-init-${P}-${String(item.uuid)}`);
    if (!r.success || !r.result[0]?.success) throw new Error(`cannot create ${kind} ${String(item.uuid)}`);
  }
  const u = await w.admin.call('POST', `/api/projects/${P}/update`, { project: P, body: { boards: [{ name: 'Board1', sch, pcb }] } });
  if (!u.success) throw new Error(`cannot set the boards: ${u.message}`);
  const docs: DocRef[] = [...sheets.map((key) => ({ kind: 'sheets' as Kind, key, owner: 'shared' as const })), { kind: 'symbols', key: symbol, owner: 'shared' }, { kind: 'pcbs', key: pcb, owner: 'shared' }];
  return { uuid: P, sch, pcb, symbol, docs };
}

/** Adds, changes or removes one of the tab's own records in a document it may edit. */
export async function editRecord(w: SimWorldState, c: SimClient): Promise<boolean> {
  const p = projectOf(w, c.project);
  const docs = p.docs.filter((d) => TEXT_KINDS.includes(d.kind) && (d.owner === 'shared' || d.owner === c.id));
  if (!docs.length) return false;
  const d = w.rng.pick(docs);
  const cur = await c.session.get(d.kind, d.key);
  if (!cur || typeof cur.dataStr !== 'string') return false; // not in this tab's cache yet
  const mine = ownRecords(cur.dataStr, c.id);
  const op = mine.length === 0 ? 0 : w.rng.int(3);
  const rec = op === 0 ? `c${c.id}r${++w.seq.rec}` : w.rng.pick(mine);
  const line = op === 2 ? undefined : JSON.stringify(['TEXT', rec, w.rng.int(1000), w.rng.int(1000), 0, `v${w.seq.rec}-${w.rng.int(1e6)}`]);
  if (process.env.SIM_DEBUG) console.error(`[edit] client ${c.id} ${['add', 'set', 'del'][op]} ${rec} in ${d.key} (local ticket ${(await c.store.getItem(c.project, d.kind, d.key))?.ticket})`);
  await c.session.edit(d.kind, d.key, { ...cur, dataStr: withRecord(cur.dataStr, rec, line) });
  w.oracle.saved(c.project, d.kind, d.key, rec, line);
  return true;
}

/** Appends `ids` to the order of the project's main schematic (as copy.ts and paste.ts do). */
async function appendToSchematic(c: SimClient, p: SimProject, ids: string[]): Promise<void> {
  const sch = await c.session.get('schematics', p.sch);
  if (!sch) return;
  const sort = Array.isArray(sch.sort) ? (sch.sort as unknown[]).map(String) : [];
  await c.session.edit('schematics', p.sch, { ...sch, sort: [...sort, ...ids] });
}

export async function newSheet(w: SimWorldState, c: SimClient): Promise<void> {
  const p = projectOf(w, c.project);
  const key = `${w.label}-c${c.id}d${++w.seq.doc}`;
  const rec = `c${c.id}r${++w.seq.rec}`;
  const line = JSON.stringify(['TEXT', rec, 0, 0, 0, 'first']);
  await c.session.edit('sheets', key, { uuid: key, schematic_uuid: p.sch, title: key, display_title: key, sheet_id: 2, dataStr: [...HEADER, line].join('\n') });
  await appendToSchematic(c, p, [key]);
  p.docs.push({ kind: 'sheets', key, owner: c.id });
  w.oracle.saved(c.project, 'sheets', key, rec, line);
}

/** Deletes one of the tab's own sheets (never its last one). */
export async function deleteSheet(w: SimWorldState, c: SimClient): Promise<void> {
  const p = projectOf(w, c.project);
  const mine = p.docs.filter((d) => d.kind === 'sheets' && d.owner === c.id);
  if (mine.length < 2) return;
  const d = w.rng.pick(mine);
  p.docs.splice(p.docs.indexOf(d), 1);
  await c.session.edit('sheets', d.key, null);
  w.oracle.docDeleted(c.project, 'sheets', d.key);
}

/** 'Copy to clipboard' on a page: the page and the project's symbol it uses. */
export async function copyToClipboard(w: SimWorldState, c: SimClient): Promise<boolean> {
  const p = projectOf(w, c.project);
  const sheets = p.docs.filter((d) => d.kind === 'sheets');
  if (!sheets.length) return false;
  const d = w.rng.pick(sheets);
  const sheet = await c.session.get('sheets', d.key);
  if (!sheet || typeof sheet.dataStr !== 'string') return false;
  const sym = await c.session.get('symbols', p.symbol);
  c.clipboard = { from: c.project, sheet, symbol: sym ? { key: p.symbol, data: sym } : undefined };
  return true;
}

/** 'Paste page' into the main schematic (paste.ts): the symbol first when the project lacks it, then the order, then the page. */
export async function paste(w: SimWorldState, c: SimClient): Promise<boolean> {
  const clip = c.clipboard;
  const p = projectOf(w, c.project);
  if (!clip || !(await c.session.get('schematics', p.sch))) return false;
  if (clip.symbol && !(await c.session.get('symbols', clip.symbol.key))) {
    await c.session.edit('symbols', clip.symbol.key, fresh(clip.symbol.data));
    w.oracle.exists(c.project, 'symbols', clip.symbol.key);
  }
  const key = `${w.label}-c${c.id}d${++w.seq.doc}`;
  await appendToSchematic(c, p, [key]);
  const text = String(clip.sheet.dataStr);
  await c.session.edit('sheets', key, { ...fresh(clip.sheet), uuid: key, schematic_uuid: p.sch, title: key, display_title: key, sheet_id: 3 });
  p.docs.push({ kind: 'sheets', key, owner: c.id });
  w.oracle.savedText(c.project, 'sheets', key, text);
  w.counts.pastes++;
  return true;
}

/** Copies the main schematic with its pages (copy.ts copySchematic). Returns the new schematic id. */
export async function copySchematic(w: SimWorldState, c: SimClient): Promise<string | undefined> {
  const p = projectOf(w, c.project);
  const sch = await c.session.get('schematics', p.sch);
  if (!sch) return undefined;
  const pages = (await c.store.listItems(c.project, 'sheets')).filter((i) => i.data && i.data.schematic_uuid === p.sch && typeof i.data.dataStr === 'string').slice(0, 6);
  const nsch = `${w.label}-c${c.id}s${++w.seq.doc}`;
  const ids = pages.map(() => `${w.label}-c${c.id}d${++w.seq.doc}`);
  await c.session.edit('schematics', nsch, { ...fresh(sch), uuid: nsch, name: nsch, display_name: nsch, sort: ids });
  for (let i = 0; i < pages.length; i++) {
    const text = String(pages[i].data!.dataStr);
    await c.session.edit('sheets', ids[i], { ...fresh(pages[i].data!), uuid: ids[i], schematic_uuid: nsch });
    p.docs.push({ kind: 'sheets', key: ids[i], owner: c.id });
    w.oracle.savedText(c.project, 'sheets', ids[i], text);
  }
  w.counts.copies++;
  return nsch;
}

/** Copies the board: its schematic, its PCB (uuid replaced inside the text), and names the new board online (copy.ts copyBoard). */
export async function copyBoard(w: SimWorldState, c: SimClient): Promise<boolean> {
  const p = projectOf(w, c.project);
  const src = await c.session.get('pcbs', p.pcb);
  if (!src || typeof src.dataStr !== 'string') return false;
  const sch = await copySchematic(w, c);
  const pcb = `${w.label}-c${c.id}p${++w.seq.doc}`;
  const text = src.dataStr.split(p.pcb).join(pcb);
  await c.session.edit('pcbs', pcb, { ...fresh(src), uuid: pcb, title: pcb, display_title: pcb, dataStr: text });
  p.docs.push({ kind: 'pcbs', key: pcb, owner: c.id });
  w.oracle.savedText(c.project, 'pcbs', pcb, text);
  // The board list is project detail, written online only (the app shows a failure when offline).
  if (!c.net.offline && c.engine.mode !== 'OFFLINE') {
    const boards = [...((c.session.detail.boards as unknown[]) ?? []), { name: pcb, sch: sch ?? '', pcb }];
    await c.http.call('POST', `/api/projects/${c.project}/update`, { project: c.project, body: { boards } });
  }
  return true;
}

/**
 * Backs up the open project and restores the backup as a new project (online only); the tab then
 * opens the restored project. Its documents are whatever the backup held: the oracle starts from
 * the server's copy, and every tab may edit its own records in them.
 */
export async function backupAndRestore(w: SimWorldState, c: SimClient): Promise<SimProject | undefined> {
  if (w.projects.length >= MAX_PROJECTS || c.net.offline || c.engine.mode === 'OFFLINE') return undefined;
  const from = projectOf(w, c.project);
  const b = await c.http.call<{ id: string }>('POST', `/api/projects/${from.uuid}/backups`, { project: from.uuid, body: { name: `${w.label}-b${++w.seq.backup}` } });
  if (!b.success) return undefined;
  const r = await c.http.call<{ uuid: string }>('POST', `/api/projects/${from.uuid}/backups/${b.result.id}/restore`, { project: from.uuid, body: {} });
  if (!r.success) return undefined;
  const R = r.result.uuid;
  const server = { text: new Map<string, string>(), tickets: new Map<string, number>() };
  await readProject(w.admin, R, server);
  const docs: DocRef[] = [];
  for (const [id, text] of server.text) {
    const [, kind, key] = id.split('/') as [string, Kind, string];
    if (!TEXT_KINDS.includes(kind)) continue;
    docs.push({ kind, key, owner: 'shared' });
    w.oracle.savedText(R, kind, key, text);
  }
  const p: SimProject = { uuid: R, sch: from.sch, pcb: from.pcb, symbol: from.symbol, docs };
  w.projects.push(p);
  w.counts.restores++;
  return p;
}
