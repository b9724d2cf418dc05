/** SQL for the documents of a project (every kind of docs/API.md), their tickets and the project counter. */
import type { Queryable } from '../db.ts';

export interface ItemRow {
  kind: string; key: string; map: string; ticket: number; deleted: boolean;
  fields: Record<string, unknown>; data: Uint8Array | null;
}
export interface TicketRow { map: string; key: string; ticket: number; deleted: boolean }

function norm(r: Record<string, unknown>): ItemRow {
  return { ...(r as unknown as ItemRow), ticket: Number(r.ticket), data: (r.data as Uint8Array | null) ?? null };
}

/** Locks the project row for the rest of the transaction and returns its g_ticket (undefined: no project). */
export async function lockProjectTicket(q: Queryable, projectUuid: string): Promise<number | undefined> {
  const r = await q.query<{ g_ticket: unknown }>('select g_ticket from projects where uuid = $1 for update', [projectUuid]);
  return r[0] ? Number(r[0].g_ticket) : undefined;
}

export async function setProjectTicket(q: Queryable, projectUuid: string, gTicket: number, modifierUuid: string): Promise<void> {
  await q.query('update projects set g_ticket = $2, modifier_uuid = $3, updated_at = now() where uuid = $1', [projectUuid, gTicket, modifierUuid]);
}

export async function projectTicket(q: Queryable, projectUuid: string): Promise<number | undefined> {
  const r = await q.query<{ g_ticket: unknown }>('select g_ticket from projects where uuid = $1', [projectUuid]);
  return r[0] ? Number(r[0].g_ticket) : undefined;
}

export async function itemsByKeys(q: Queryable, projectUuid: string, kind: string, keys: string[], withData: boolean): Promise<ItemRow[]> {
  const r = await q.query(
    `select kind, key, map, ticket, deleted, fields${withData ? ', data' : ', null as data'} from items where project_uuid = $1 and kind = $2 and key = any($3)`,
    [projectUuid, kind, keys],
  );
  return r.map(norm);
}

/** Inserts or replaces an item; with `keepData` an existing content stays (a write of fields only). */
export async function upsertItem(q: Queryable, projectUuid: string, it: ItemRow, keepData = false): Promise<void> {
  await q.query(
    `insert into items (project_uuid, kind, key, map, ticket, deleted, fields, data) values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (project_uuid, kind, key) do update set map = excluded.map, ticket = excluded.ticket, deleted = excluded.deleted,
       fields = excluded.fields, data = case when $9 then items.data else excluded.data end`,
    [projectUuid, it.kind, it.key, it.map, it.ticket, it.deleted, JSON.stringify(it.fields), it.data, keepData],
  );
}

/**
 * Inserts or replaces several items with one statement (keys unique). A row without content that is
 * not a deletion keeps the stored content (a write of fields only); a deletion drops the content.
 */
export async function upsertItems(q: Queryable, projectUuid: string, rows: ItemRow[]): Promise<void> {
  if (!rows.length) return;
  const params: unknown[] = [projectUuid];
  const values = rows.map((it) => {
    params.push(it.kind, it.key, it.map, it.ticket, it.deleted, JSON.stringify(it.fields), it.data);
    const n = params.length;
    return `($1, $${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}::bigint, $${n - 2}::boolean, $${n - 1}::jsonb, $${n}::bytea)`;
  });
  await q.query(
    `insert into items (project_uuid, kind, key, map, ticket, deleted, fields, data) values ${values.join(', ')}
     on conflict (project_uuid, kind, key) do update set map = excluded.map, ticket = excluded.ticket, deleted = excluded.deleted,
       fields = excluded.fields, data = case when excluded.deleted then null when excluded.data is null then items.data else excluded.data end`,
    params,
  );
}

/**
 * The project's g_ticket and its ticket rows written after `since`, read by one statement so that
 * both come from the same database snapshot. Undefined when the project does not exist.
 */
export async function snapshotRows(q: Queryable, projectUuid: string, since = -1): Promise<{ gTicket: number; rows: TicketRow[] } | undefined> {
  const r = await q.query<Record<string, unknown>>(
    `select 0 as o, null as map, null as key, g_ticket as ticket, false as deleted from projects where uuid = $1
     union all select 1 as o, map, key, ticket, deleted from items where project_uuid = $1 and ticket > $2`,
    [projectUuid, since],
  );
  const head = r.find((x) => Number(x.o) === 0);
  if (!head) return undefined;
  const rows: TicketRow[] = [];
  for (const x of r) if (Number(x.o) === 1) rows.push({ map: x.map as string, key: x.key as string, ticket: Number(x.ticket), deleted: x.deleted as boolean });
  return { gTicket: Number(head.ticket), rows };
}

/** Ticket rows of a project; with `since` only those written after it (deletions included). */
export async function ticketRows(q: Queryable, projectUuid: string, since = -1): Promise<TicketRow[]> {
  const r = await q.query<Record<string, unknown>>('select map, key, ticket, deleted from items where project_uuid = $1 and ticket > $2', [projectUuid, since]);
  return r.map((x) => ({ map: x.map as string, key: x.key as string, ticket: Number(x.ticket), deleted: x.deleted as boolean }));
}

/** Content bytes one statement of allItems reads at most (a bigger content is read in slices of this size). */
export const ITEM_READ_BYTES = 64 << 10;

/**
 * Every live item of a project (of one kind when `kind` is given) with its content (export, copy,
 * backup). The contents are read by statements of at most ITEM_READ_BYTES each: PGlite parses every
 * answer in the server's thread, and one answer of megabytes held the event loop (issue 11).
 */
export async function allItems(q: Queryable, projectUuid: string, kind?: string): Promise<ItemRow[]> {
  const cols = 'kind, key, map, ticket, deleted, fields, null as data, coalesce(octet_length(data), -1) as n';
  const r = kind
    ? await q.query(`select ${cols} from items where project_uuid = $1 and kind = $2 and not deleted order by kind, key`, [projectUuid, kind])
    : await q.query(`select ${cols} from items where project_uuid = $1 and not deleted order by kind, key`, [projectUuid]);
  const rows = r.map(({ n: _n, ...x }) => norm(x));
  const sizes = r.map((x) => Number(x.n));
  let batch: number[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    const got = await q.query<{ kind: string; key: string; data: Uint8Array }>(
      'select i.kind, i.key, i.data from items i join unnest($2::text[], $3::text[]) as k(kind, key) on i.kind = k.kind and i.key = k.key where i.project_uuid = $1',
      [projectUuid, batch.map((i) => rows[i].kind), batch.map((i) => rows[i].key)],
    );
    const at = new Map(batch.map((i) => [`${rows[i].kind}\u0000${rows[i].key}`, i]));
    for (const g of got) rows[at.get(`${g.kind}\u0000${g.key}`)!].data = g.data;
    batch = [];
    bytes = 0;
  };
  for (let i = 0; i < rows.length; i++) {
    const n = sizes[i];
    if (n < 0) continue; // no content
    if (n > ITEM_READ_BYTES) {
      const parts: Uint8Array[] = [];
      for (let off = 0; off < n; off += ITEM_READ_BYTES) {
        const x = await q.query<{ d: Uint8Array }>('select substring(data from $4 for $5) as d from items where project_uuid = $1 and kind = $2 and key = $3', [projectUuid, rows[i].kind, rows[i].key, off + 1, ITEM_READ_BYTES]);
        parts.push(x[0].d);
      }
      rows[i].data = new Uint8Array(Buffer.concat(parts));
      continue;
    }
    if (bytes + n > ITEM_READ_BYTES) await flush();
    batch.push(i);
    bytes += n;
  }
  await flush();
  return rows;
}

/** Appends bytes to an item's stored content (a big content written in parts, see createProject). */
export async function appendItemData(q: Queryable, projectUuid: string, kind: string, key: string, part: Uint8Array): Promise<void> {
  await q.query('update items set data = data || $4::bytea where project_uuid = $1 and kind = $2 and key = $3', [projectUuid, kind, key, part]);
}

export async function insertItems(q: Queryable, projectUuid: string, rows: ItemRow[]): Promise<void> {
  for (const it of rows) await upsertItem(q, projectUuid, it);
}

/** The names of a project's live schematics, by key (ERR-2: a name another schematic has is refused). */
export async function schematicNames(q: Queryable, projectUuid: string): Promise<Map<string, string>> {
  const rows = await q.query<{ key: string; name: string | null }>("select key, fields->>'name' as name from items where project_uuid = $1 and kind = 'schematics' and not deleted", [projectUuid]);
  return new Map(rows.map((r) => [r.key, r.name ?? '']));
}
