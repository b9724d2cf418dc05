/**
 * Component library search (issue 16): the system library from its in-memory index (system-index.ts,
 * no SQL statement), users' own libraries (personal, team, public) by SQL (full text, trigrams), both
 * ranked alike (packages/library search-index.ts: nameKey, textKey, fuzzyKey) and merged into one page.
 *
 * Ways, in order: an empty query lists by name; one word reads names that start with it, in name
 * order, when they fill the first page (or the word is short as typed, 'r', 'le', or a name typed
 * out, 5 characters or more); else every word as a prefix, ranked; when that finds nothing, the
 * misspelled words replaced by alike ones (trigrams). Paging by `page` (from 1), `hasMore` instead of
 * a costly total.
 */
import { fuzzyKey, LIB_OWNER, mergeRanked, nameKey, namePrefixRange, textKey, tsQuery, type IndexFilter, type Ranked } from '@copperplate/library';
import type { ComponentPage } from '@copperplate/model';
import type { Queryable, Row } from '../db.ts';
import { COLS, norm, type LibraryRow, type Viewer } from './store.ts';
import { seesUserItems, systemIndex } from './system-index.ts';
import { USER_VISIBLE, VISIBLE } from './scopes.ts';

export interface SearchOptions {
  q: string;
  /** 0 any, else a component library type (2 symbol, 3 device, 4 footprint). */
  type?: number;
  lib?: string;
  /** Package (footprint name) prefix, case-insensitive. */
  package?: string;
  /** Only these scopes (default all visible). */
  owners?: number[];
  page?: number;
  pageSize?: number;
  /** false: the system library by SQL too (a one-shot search, `copperplate library search --data`, need not load the index). */
  index?: boolean;
}

export type SearchResult = ComponentPage;

/** The scopes of users' libraries a viewer sees: their own (0), their teams' (1), everyone's public ones (3); with the system's (2) when asked. */
const USER_SCOPES = `owner <> ${LIB_OWNER.SYSTEM} and ${USER_VISIBLE}`;
const ALL_SCOPES = VISIBLE;

/** SQL over users' libraries: the filters, then the way's condition and order. */
class UserSql {
  private readonly params: unknown[] = [];
  private readonly where: string[] = ['not deleted'];
  constructor(private readonly q: Queryable, private readonly v: Viewer, o: SearchOptions, owners: number[], private readonly withSystem = false) {
    if (o.type) this.where.push(`type = ${this.p(o.type)}`);
    if (o.lib) this.where.push(`lib = ${this.p(o.lib)}`);
    if (o.package) this.where.push(`lower(package) like ${this.p(o.package.toLowerCase().replace(/[%_\\]/g, '\\$&') + '%')}`);
    this.where.push(`owner = any(${this.p(owners)}::int[])`);
  }

  private p(v: unknown, params = this.params): string {
    params.push(v);
    return `$${params.length}`;
  }

  private async run(cond: string[], extra: unknown[], order: string, limit: number, cols = COLS): Promise<(LibraryRow & { sim?: number })[]> {
    const params = [...this.params, ...extra];
    const n = params.length;
    const sql = `select ${cols} from library_items where ${[...this.where, ...cond].join(' and ')} and ${(this.withSystem ? ALL_SCOPES : USER_SCOPES).replaceAll('$V1', `$${n + 1}`).replaceAll('$V2', `$${n + 2}`)} order by ${order} limit ${limit}`;
    return (await this.q.query<LibraryRow & Row & { sim?: number }>(sql, [...params, this.v.user, this.v.teams])).map(norm);
  }

  async names(limit: number, lo?: string, hi?: string): Promise<Ranked<LibraryRow>[]> {
    const cond = lo === undefined ? [] : [`lower(title) collate "C" >= $${this.params.length + 1}`, `lower(title) collate "C" < $${this.params.length + 2}`];
    const rows = await this.run(cond, lo === undefined ? [] : [lo, hi], 'lower(title) collate "C", type, (value = title), uuid collate "C"', limit);
    return rows.map((row) => ({ row, key: nameKey(row) }));
  }

  async text(q: string, limit: number): Promise<Ranked<LibraryRow>[]> {
    const n = this.params.length;
    const rows = await this.run([`tsv @@ to_tsquery('simple', $${n + 1})`], [tsQuery(q), q.trim().toLowerCase(), tsQuery(q, 'A'), namePattern(q)],
      `(lower(title) = $${n + 2} or lower(value) = $${n + 2}) desc, lower(title) like $${n + 4} desc, (tsv @@ to_tsquery('simple', $${n + 3})) desc, length(title), title collate "C", type, (value = title), uuid collate "C"`, limit);
    return rows.map((row) => ({ row, key: textKey(row, q) }));
  }

  async trigram(q: string, limit: number): Promise<Ranked<LibraryRow>[]> {
    const n = this.params.length;
    const rows = await this.run([`trgm %> $${n + 1}`], [q.trim().toLowerCase()], `sim desc, length(title), title collate "C", type, (value = title), uuid collate "C"`, limit, `${COLS}, word_similarity($${n + 1}, trgm) as sim`);
    return rows.map(({ sim, ...row }) => ({ row, key: fuzzyKey(Number(sim), row) }));
  }
}

/** `led 0603` -> `led_0603%`: a name made of the words in order, one character between them (LIKE escaped). */
function namePattern(q: string): string {
  return q.trim().toLowerCase().replace(/[%_\\]/g, '\\$&').split(/\s+/).join('_') + '%';
}

export async function search(q: Queryable, v: Viewer, o: SearchOptions): Promise<SearchResult> {
  const pageSize = Math.max(1, Math.min(o.pageSize ?? 50, 200));
  const page = Math.max(1, o.page ?? 1);
  const offset = (page - 1) * pageSize;
  const need = offset + pageSize + 1;
  const scopes = o.owners?.length ? o.owners : [LIB_OWNER.PERSONAL, LIB_OWNER.TEAM, LIB_OWNER.SYSTEM, LIB_OWNER.PUBLIC];
  const useIndex = o.index !== false;
  const index = useIndex && scopes.includes(LIB_OWNER.SYSTEM) ? await systemIndex(q) : undefined;
  const userScopes = useIndex ? scopes.filter((s) => s !== LIB_OWNER.SYSTEM) : scopes;
  const user = userScopes.length && (!useIndex || (await seesUserItems(q, v))) ? new UserSql(q, v, o, userScopes, !useIndex) : undefined;
  const f: IndexFilter = { type: o.type || undefined, lib: o.lib || undefined, package: o.package || undefined };
  const both = async (sys: Ranked<LibraryRow>[] | undefined, own: Promise<Ranked<LibraryRow>[]> | undefined) => mergeRanked([sys ?? [], (await own) ?? []]);
  const finish = (rows: Ranked<LibraryRow>[], by: SearchResult['by']): SearchResult => (
    { items: rows.slice(offset, offset + pageSize).map((r) => r.row), page, pageSize, hasMore: rows.length > offset + pageSize, by });

  if (!tsQuery(o.q)) return finish(await both(index?.names(f, need), user?.names(need)), 'list');
  const range = namePrefixRange(o.q);
  if (range) {
    const named = (limit: number) => both(index?.names(f, limit, range.lo, range.hi), user?.names(limit, range.lo, range.hi));
    const first = await named(pageSize + 1);
    if (first.length > pageSize || (first.length && (range.short || range.lo.length >= 5))) return finish(page === 1 ? first : await named(need), 'name');
  }
  const text = await both(index?.text(o.q, f, need), user?.text(o.q, need));
  if (text.length || page > 1 || o.q.trim().length < 3) return finish(text, 'text');
  return finish(await both(index?.fuzzy(o.q, f, need), user?.trigram(o.q, need)), 'trigram');
}
