/**
 * The component library's tables (issue 16), migrated by their own versioned steps (table
 * library_schema) after the main migrations, under the same kind of advisory lock. PGlite loads
 * pg_trgm as an extension (db.ts); on PostgreSQL pg_trgm is a trusted extension (13+).
 *
 * library_items: one row per symbol (type 2), device (3) or footprint (4) of SPEC §3's component
 * library types, with its ownership scope `owner` (0 personal: owner_uuid = the user; 1 team:
 * owner_uuid = the team; 2 system; 3 public), the searched fields, `tsv` (weighted full-text
 * vector, `simple` configuration) and `trgm` (name, value, package, manufacturer part: trigrams).
 * library_index: the system library's search index stored by the build (index-store.ts).
 * library_versions: the earlier versions of users' items (the content each new version replaced).
 */
import type { Db } from '../db.ts';

export const LIBRARY_MIGRATIONS: string[] = [
  `
  create extension if not exists pg_trgm;
  create table library_items (
    uuid text primary key, type smallint not null, owner smallint not null, owner_uuid text not null default '',
    lib text not null, title text not null, value text not null default '', package text not null default '',
    keywords text not null default '', description text not null default '', datasheet text not null default '',
    manufacturer_part text not null default '', designator text not null default '',
    symbol_uuid text not null default '', footprint_uuid text not null default '',
    fields jsonb not null, data text, version text not null default '1', source text not null default '',
    g_ticket bigint not null default 1, update_time bigint not null, deleted boolean not null default false,
    tsv tsvector not null, trgm text not null);
  create index library_items_tsv on library_items using gin (tsv);
  create index library_items_trgm on library_items using gin (trgm gin_trgm_ops);
  create index library_items_owner on library_items (owner, owner_uuid) where not deleted;
  create index library_items_title on library_items (lower(title), type);
  create index library_items_source on library_items (source) where source <> '';
  create table library_meta (key text primary key, value jsonb not null, updated_at timestamptz not null default now());
  `,
  // 2: short as-you-type queries read names in byte order from this index (search: the name path)
  `
  create index library_items_name_c on library_items ((lower(title) collate "C"), type) where not deleted;
  drop index library_items_title;
  create index library_items_title on library_items (lower(title));
  drop index library_items_owner;
  create index library_items_owner on library_items (owner_uuid, owner) where owner in (0, 1) and not deleted;
  analyze library_items
  `,
  // 3: the system library's search index as the build computed it (index-store.ts), gzip, in parts
  `
  create table library_index (built_at text not null, part int not null, data bytea not null, primary key (built_at, part));
  create index library_items_deleted on library_items (owner) where deleted
  `,
  // 4: earlier versions of users' items (store.ts keepVersion: the content before each new version)
  `
  create table library_versions (uuid text not null, g_ticket bigint not null, title text not null, fields jsonb not null, data text,
    update_time bigint not null, primary key (uuid, g_ticket))
  `,
];

const LOCK_ID = 74_110_016;

export async function migrateLibrary(db: Db): Promise<number> {
  return db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
    await q.query('create table if not exists library_schema (version int not null)');
    const rows = await q.query<{ version: number }>('select version from library_schema');
    let v = rows.length ? Number(rows[0].version) : 0;
    if (!rows.length) await q.query('insert into library_schema (version) values (0)');
    for (; v < LIBRARY_MIGRATIONS.length; v++) {
      for (const stmt of LIBRARY_MIGRATIONS[v].split(';').map((s) => s.trim()).filter(Boolean)) await q.query(stmt);
      await q.query('update library_schema set version = $1', [v + 1]);
    }
    return v;
  });
}
