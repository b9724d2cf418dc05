/**
 * Identifier rules of SPEC §3 (ID-1..ID-5) and branded id types.
 *
 * Entity schemas keep their id fields as plain `string` (so that records read from files and the
 * network need no casts); the branded types below are for code that has checked an id with one of
 * the guards here and wants the compiler to remember it.
 */
import { z } from 'zod';

declare const brand: unique symbol;
type Brand<T, B extends string> = T & { readonly [brand]: B };

/** A document id (ID-1): 32 alphanumerics, optionally `_suffix`. */
export type DocumentId = Brand<string, 'DocumentId'>;
export type ProjectId = Brand<string, 'ProjectId'>;
export type SchematicId = Brand<string, 'SchematicId'>;
export type SheetId = Brand<string, 'SheetId'>;
export type SymbolId = Brand<string, 'SymbolId'>;
export type FootprintId = Brand<string, 'FootprintId'>;
export type DeviceId = Brand<string, 'DeviceId'>;
export type PcbId = Brand<string, 'PcbId'>;
export type PanelId = Brand<string, 'PanelId'>;
/** A generated id (ID-2): `X-LC-ID-` plus random alphanumerics. */
export type GeneratedId = Brand<string, 'GeneratedId'>;
/** A symbol/footprint instance id (ID-3): `{parentId}_{n}`. */
export type InstanceId = Brand<string, 'InstanceId'>;
/** A library id in the local cache (ID-5): `{id}{LIBRARY_ID_SEPARATOR}{projectUuid}`. */
export type LibraryCacheId = Brand<string, 'LibraryCacheId'>;

/** ID-1: 32 ASCII letters/digits, then optionally `_` and a non-empty suffix of letters, digits, `_` or `-`. */
export const DOCUMENT_ID_RE = /^[A-Za-z0-9]{32}(?:_[A-Za-z0-9_-]+)?$/;
export const ID_BODY_LENGTH = 32;
/** ID-2 */
export const GENERATED_ID_PREFIX = 'X-LC-ID-';
/** ID-3: separator between a parent id and the instance number. */
export const INSTANCE_ID_SEPARATOR = '_';
/** ID-4: separator between the two parts of a source. */
export const SOURCE_SEPARATOR = '|';
/**
 * ID-5: separator joining a library id and its owning project in the local cache. SPEC says
 * "separator tokens are defined" without showing them; '@@' cannot occur in an id or a uuid.
 */
export const LIBRARY_ID_SEPARATOR = '@@';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

/** ID-1 */
export function isDocumentId(v: unknown): v is DocumentId {
  return typeof v === 'string' && DOCUMENT_ID_RE.test(v);
}

/** Random characters from `alphabet` (crypto.getRandomValues, rejection sampling: no modulo bias). */
export function randomChars(length: number, alphabet: string = ALNUM): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError('length must be a non-negative integer');
  const n = alphabet.length;
  const limit = 256 - (256 % n);
  let out = '';
  const buf = new Uint8Array(Math.max(16, length * 2));
  while (out.length < length) {
    crypto.getRandomValues(buf);
    for (let i = 0; i < buf.length && out.length < length; i++) {
      if (buf[i] < limit) out += alphabet[buf[i] % n];
    }
  }
  return out;
}

/** A new document uuid: 32 lowercase hex characters, as EasyEDA Pro writes them (satisfies ID-1). */
export function newDocumentId(): DocumentId {
  return randomChars(ID_BODY_LENGTH, HEX) as DocumentId;
}

/** ID-2: `X-LC-ID-` plus `length` (default 32) random alphanumerics. */
export function generateId(length = ID_BODY_LENGTH): GeneratedId {
  return (GENERATED_ID_PREFIX + randomChars(length)) as GeneratedId;
}

export function isGeneratedId(v: unknown): v is GeneratedId {
  return typeof v === 'string' && v.startsWith(GENERATED_ID_PREFIX) && /^[A-Za-z0-9]+$/.test(v.slice(GENERATED_ID_PREFIX.length));
}

/** ID-3: `{parentId}_{n}`; n is a non-negative integer. */
export function instanceId(parentId: string, n: number): InstanceId {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('instance number must be a non-negative integer');
  if (parentId === '') throw new RangeError('parent id is empty');
  return `${parentId}${INSTANCE_ID_SEPARATOR}${n}` as InstanceId;
}

/**
 * ID-3: split an instance id at its last `_`. Returns null when the text after the last `_` is not
 * a decimal number or the parent part is empty.
 */
export function parseInstanceId(id: string): { parentId: string; n: number } | null {
  const i = id.lastIndexOf(INSTANCE_ID_SEPARATOR);
  if (i <= 0) return null;
  const tail = id.slice(i + 1);
  if (!/^\d+$/.test(tail)) return null;
  return { parentId: id.slice(0, i), n: Number(tail) };
}

/** ID-3: does `id` look like an instance id (of `parentId`, when given)? */
export function isInstanceId(id: string, parentId?: string): id is InstanceId {
  const p = parseInstanceId(id);
  return p !== null && (parentId === undefined || p.parentId === parentId);
}

/** ID-4: empty, or one or two non-empty parts separated by `|`. */
export function isValidSource(source: unknown): boolean {
  if (typeof source !== 'string') return false;
  if (source === '') return true;
  const parts = source.split(SOURCE_SEPARATOR);
  return parts.length <= 2 && parts.every((p) => p.length > 0);
}

/** ID-5 */
export function libraryCacheId(id: string, projectUuid: string): LibraryCacheId {
  return `${id}${LIBRARY_ID_SEPARATOR}${projectUuid}` as LibraryCacheId;
}

/**
 * ID-5: the key of one cached item in a local cache that holds several projects (the desktop
 * client's files, the in-memory store): its kind, then its (library) id joined with the owning
 * project by the separator. The same library id cached for two projects (a building block's
 * symbols inserted into another project keep their ids) is two entries.
 */
export function localItemKey(projectUuid: string, kind: string, id: string): string {
  return `${kind}/${libraryCacheId(id, projectUuid)}`;
}

/** ID-5: inverse of libraryCacheId (splits at the first separator). */
export function parseLibraryCacheId(key: string): { id: string; projectUuid: string } | null {
  const i = key.indexOf(LIBRARY_ID_SEPARATOR);
  if (i < 0) return null;
  return { id: key.slice(0, i), projectUuid: key.slice(i + LIBRARY_ID_SEPARATOR.length) };
}

/** Schema of a checked document id (ID-1), output branded. */
export const DocumentIdSchema = z.string().regex(DOCUMENT_ID_RE).transform((s) => s as DocumentId);
/** Schema of a source (ID-4). */
export const SourceSchema = z.string().refine(isValidSource, { message: 'illegal source' });
