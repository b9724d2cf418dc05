/** SQL for the lookup calls of SPEC §7 (documents by title, schematics by key, resources by PCB). */
import type { Queryable } from '../db.ts';
import type { ItemRow } from './items.ts';

function norm(r: Record<string, unknown>): ItemRow {
  return { ...(r as unknown as ItemRow), ticket: Number(r.ticket), data: (r.data as Uint8Array | null) ?? null };
}

/** Live items of one kind whose field `field` (a string) equals `value`, case-insensitively. */
export async function itemsByField(q: Queryable, projectUuid: string, kind: string, field: string, value: string, withData: boolean): Promise<ItemRow[]> {
  const r = await q.query(
    `select kind, key, map, ticket, deleted, fields${withData ? ', data' : ', null as data'} from items
     where project_uuid = $1 and kind = $2 and not deleted and lower(fields->>$3) = lower($4) order by key`,
    [projectUuid, kind, field, value],
  );
  return r.map(norm);
}

/** Live items of one kind whose names (fields in `fields`) or key contain `needle`, case-insensitively. */
export async function itemsMatching(q: Queryable, projectUuid: string, kind: string, fields: readonly string[], needle: string, limit: number): Promise<ItemRow[]> {
  const like = '%' + needle.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%';
  const ors = ['lower(key) like $3', ...fields.map((_, i) => `lower(coalesce(fields->>$${i + 5}, '')) like $3`)].join(' or ');
  const r = await q.query(
    `select kind, key, map, ticket, deleted, fields, null as data from items
     where project_uuid = $1 and kind = $2 and not deleted and (${ors}) order by key limit $4`,
    [projectUuid, kind, like, limit, ...fields],
  );
  return r.map(norm);
}

/** Live items of one kind whose key starts with `prefix` (coppers and fonts: `<pcb uuid>_<n>`). */
export async function itemsByKeyPrefix(q: Queryable, projectUuid: string, kind: string, prefix: string, withData: boolean): Promise<ItemRow[]> {
  const like = prefix.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
  const r = await q.query(
    `select kind, key, map, ticket, deleted, fields${withData ? ', data' : ', null as data'} from items
     where project_uuid = $1 and kind = $2 and not deleted and key like $3 order by key`,
    [projectUuid, kind, like],
  );
  return r.map(norm);
}
