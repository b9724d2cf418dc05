/** Default titles and automatic rename (SPEC §5 Names: NAME-1, NAME-2). */
import { RENAME_MAX_TRIES, RENAME_MAX_TRIES_ALT, TITLE_MAX_BYTES } from './constants.ts';
import { CatalogueError } from './errors.ts';
import { randomChars } from './ids.ts';
import { truncateUtf8, utf8ByteLength } from './text.ts';

export type NamedLibraryKind = 'symbol' | 'footprint' | 'device';

export const DEFAULT_TITLE_PREFIX: Record<NamedLibraryKind, string> = {
  symbol: 'Symbol_',
  footprint: 'Footprint_',
  device: 'Device_',
};
/** Number of random characters after the prefix (SPEC: "plus random characters"; 8 chosen here). */
export const DEFAULT_TITLE_RANDOM_LENGTH = 8;
export const DEFAULT_VERSION = '1';

/** NAME-1: 'Symbol_' / 'Footprint_' / 'Device_' plus random alphanumerics. */
export function defaultTitle(kind: NamedLibraryKind): string {
  return DEFAULT_TITLE_PREFIX[kind] + randomChars(DEFAULT_TITLE_RANDOM_LENGTH);
}

/** NAME-1: an empty (or whitespace-only, or missing) version becomes '1'. */
export function normaliseVersion(version: string | number | null | undefined): string {
  const v = version === null || version === undefined ? '' : String(version);
  return v.trim() === '' ? DEFAULT_VERSION : v;
}

/** NAME-1: the title to use: the given one, or the kind's default when empty. */
export function titleOrDefault(title: string | null | undefined, kind: NamedLibraryKind): string {
  return typeof title === 'string' && title.trim() !== '' ? title : defaultTitle(kind);
}

/** Separator between a clashing title and its numeric suffix (EasyEDA style 'name_1'). */
export const RENAME_SEPARATOR = '_';

/**
 * The n-th candidate for `title`: `${title}_${n}`. The base is cut (on a code point boundary) so
 * that the candidate stays within TITLE_MAX_BYTES. The suffix is appended to the title as it is: a
 * title that already ends in `_1` becomes `x_1_1`, never a guess at someone else's numbering.
 */
export function suffixedTitle(title: string, n: number): string {
  const suffix = `${RENAME_SEPARATOR}${n}`;
  const room = TITLE_MAX_BYTES - utf8ByteLength(suffix);
  return (utf8ByteLength(title) > room ? truncateUtf8(title, room) : title) + suffix;
}

/**
 * NAME-2: `title` itself if free, else the first free `title_1`, `title_2`, ... trying at most
 * `maxTries` suffixes (default 1000), then 'Automatic rename failed!'.
 */
export function renameWithSuffix(title: string, exists: (name: string) => boolean, maxTries: number = RENAME_MAX_TRIES): string {
  if (!exists(title)) return title;
  for (let n = 1; n <= maxTries; n++) {
    const candidate = suffixedTitle(title, n);
    if (!exists(candidate)) return candidate;
  }
  throw CatalogueError.named('AUTO_RENAME_FAILED');
}

/** NAME-2: the other rename helper, capped at 500 tries. */
export function renameWithSuffixCapped(title: string, exists: (name: string) => boolean): string {
  return renameWithSuffix(title, exists, RENAME_MAX_TRIES_ALT);
}

/** NAME-2 with an asynchronous lookup (a store or the server). */
export async function renameWithSuffixAsync(
  title: string,
  exists: (name: string) => boolean | Promise<boolean>,
  maxTries: number = RENAME_MAX_TRIES,
): Promise<string> {
  if (!(await exists(title))) return title;
  for (let n = 1; n <= maxTries; n++) {
    const candidate = suffixedTitle(title, n);
    if (!(await exists(candidate))) return candidate;
  }
  throw CatalogueError.named('AUTO_RENAME_FAILED');
}
