/**
 * The check the simulation runs after every step: every item a tab shows as saved (local ticket > 0,
 * not held) is on the server, at that ticket or later, and where the server is still at that ticket,
 * with the content the tab shows. Plus the final reading of a project's documents.
 */
import { KIND_INFO, KINDS, type HttpTransport, type ItemData, type Kind, type LocalItem } from '@copperplate/sync';
import type { SimClient } from './client.ts';

/** What is compared: the document text, else the fields a container carries. */
function shown(d: ItemData | null | undefined): string {
  if (!d) return '';
  if (typeof d.dataStr === 'string') return d.dataStr;
  return JSON.stringify([d.sort ?? null, d.name ?? null, d.title ?? null]);
}

/** The server's tickets of a project: live items and deletions (with the ticket of the deletion). */
async function serverTickets(admin: HttpTransport, project: string): Promise<{ live: Map<string, number>; deleted: Map<string, number> } | string> {
  const t = await admin.getTickets(project, 0);
  if (!t.success) return `tickets of ${project}: ${t.message}`;
  const live = new Map<string, number>();
  const deleted = new Map<string, number>();
  for (const kind of KINDS) {
    for (const m of KIND_INFO[kind].maps) {
      for (const [k, v] of Object.entries((t.result[m] as Record<string, number> | undefined) ?? {})) live.set(`${kind}/${k}`, Number(v));
      const del = (t.result.deleted as Record<string, Record<string, number>> | undefined)?.[m] ?? {};
      for (const [k, v] of Object.entries(del)) deleted.set(`${kind}/${k}`, Number(v));
    }
  }
  return { live, deleted };
}

/**
 * Problems with what the tabs show as saved in the projects they have open (every project they
 * opened with `all`). Reads the server through `admin` (no faults); `verified` remembers contents
 * already found equal at a ticket, so each is read once.
 */
export async function shownSavedProblems(admin: HttpTransport, clients: SimClient[], all = false, verified = new Set<string>()): Promise<string[]> {
  const out: string[] = [];
  const byProject = new Map<string, { c: SimClient; items: LocalItem[] }[]>();
  for (const c of clients) {
    if (c.killed) continue;
    const projects = all ? [...c.opened] : [c.project];
    for (const p of projects) {
      const items = (await c.store.listItems(p)).filter((i) => i.ticket > 0 && !i.held);
      const l = byProject.get(p) ?? [];
      l.push({ c, items });
      byProject.set(p, l);
    }
  }
  for (const [project, views] of byProject) {
    const t = await serverTickets(admin, project);
    if (typeof t === 'string') { out.push(t); continue; }
    const toRead = new Map<Kind, Set<string>>();
    for (const { c, items } of views) {
      for (const it of items) {
        const id = `${it.kind}/${it.key}`;
        const live = t.live.get(id);
        const del = t.deleted.get(id);
        if (live === undefined && del === undefined) out.push(`client ${c.id}: ${project}/${id} shown saved (ticket ${it.ticket}) but not on the server`);
        else if ((live ?? del!) < it.ticket) out.push(`client ${c.id}: ${project}/${id} shown saved at ticket ${it.ticket}, the server is at ${live ?? del}`);
        else if (live === it.ticket && !verified.has(`${project}/${id}@${it.ticket}\u0000${shown(it.data)}`)) toRead.set(it.kind, (toRead.get(it.kind) ?? new Set()).add(it.key));
      }
    }
    const server = new Map<string, ItemData>();
    for (const [kind, keys] of toRead) {
      const list = [...keys];
      for (let i = 0; i < list.length; i += 30) {
        const r = await admin.read(project, kind, list.slice(i, i + 30));
        if (!r.success) { out.push(`read ${project}/${kind}: ${r.message}`); continue; }
        for (const d of r.result) server.set(`${kind}/${String(d[KIND_INFO[kind].key])}`, d);
      }
    }
    for (const { c, items } of views) {
      for (const it of items) {
        const d = server.get(`${it.kind}/${it.key}`);
        if (!d || Number(d.ticket) !== it.ticket) continue; // moved on since: compared at its own ticket only
        // a server item never changes at one ticket: content checked once per ticket and content
        if (shown(d) === shown(it.data)) verified.add(`${project}/${it.kind}/${it.key}@${it.ticket}\u0000${shown(it.data)}`);
        else out.push(`client ${c.id}: ${project}/${it.kind}/${it.key} shown saved at ticket ${it.ticket} with other content than the server's`);
      }
    }
  }
  return out;
}

/** A project's live documents on the server: `project/kind/key` -> text (and ticket), plus invariant problems. */
export async function readProject(admin: HttpTransport, project: string, into: { text: Map<string, string>; tickets: Map<string, number> }): Promise<{ gTicket: number; problems: string[] }> {
  const problems: string[] = [];
  const snap = await admin.getTickets(project, -1);
  if (!snap.success) throw new Error(`final snapshot failed: ${snap.message}`);
  const gTicket = Number(snap.result.g_ticket);
  for (const kind of KINDS) {
    const keys = KIND_INFO[kind].maps.flatMap((m) => Object.keys((snap.result[m] as Record<string, number>) ?? {}));
    for (let i = 0; i < keys.length; i += 30) {
      const rd = await admin.read(project, kind, keys.slice(i, i + 30));
      if (!rd.success) throw new Error(`final read failed: ${rd.message}`);
      for (const d of rd.result) {
        const id = `${project}/${kind}/${String(d[KIND_INFO[kind].key])}`;
        into.text.set(id, shown(d));
        into.tickets.set(id, Number(d.ticket));
        if (Number(d.ticket) > gTicket || Number(d.ticket) <= 0) problems.push(`invariant: ${id} ticket ${d.ticket} outside 1..g_ticket ${gTicket}`);
      }
    }
  }
  return { gTicket, problems };
}

export { shown as shownContent };
